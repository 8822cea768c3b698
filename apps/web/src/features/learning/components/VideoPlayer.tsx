import { type SyntheticEvent, useCallback, useId, useRef, useState } from 'react';
import { useT } from '@/i18n';
import { mediaUrl } from '@/lib/media-url';
import { CaptionsMenu, QualityMenu, SpeedMenu } from './video-player/PlayerMenus';
import type { PlayerSlots, VideoEvents, VideoSource } from './video-player/types';
import { levelName, useHlsSource } from './video-player/useHlsSource';
import { useNotice } from './video-player/useNotice';
import { usePlaybackSamples } from './video-player/usePlaybackSamples';
import { usePlayerKeys } from './video-player/usePlayerKeys';
import { usePlayerSettings } from './video-player/usePlayerSettings';

export { SPEEDS } from './video-player/PlayerMenus';
export type { PlayerSlots, VideoSource } from './video-player/types';
export type { PlaybackSample } from './video-player/usePlaybackSamples';

/**
 * A lecture video: adaptive HLS once the upload is processed (through hls.js, downloaded only
 * then, or natively where there is no Media Source), the original file before that or if HLS
 * fails (`useHlsSource`). Under the video:
 * Quality (Auto and each rendition, with hls.js), Speed (0.5×–2×) and Captions menus as native
 * selects. With focus in the player: Space play/pause, ←/→ seek 5 s, ↑/↓ volume, F full screen,
 * C captions (`usePlayerKeys`); each change is announced in a live region (and shown briefly over
 * the video). The video events (progress saving) are passed through; the position survives a fallback.
 * `PlayerSlots`: the <video> for the viewer, a timeline under it.
 */
export function VideoPlayer({
  title,
  videoUrl,
  hlsUrl,
  processing,
  posterUrl,
  captions = [],
  onLoadedMetadata,
  videoRef: outerRef,
  timeline,
  onPlayback,
  ...events
}: VideoSource & VideoEvents & PlayerSlots & { title: string }) {
  const t = useT();
  const videoRef = useRef<HTMLVideoElement>(null);
  const setVideo = useCallback(
    (element: HTMLVideoElement | null) => {
      videoRef.current = element;
      if (outerRef) outerRef.current = element;
    },
    [outerRef],
  );
  const [duration, setDuration] = useState(0);
  const onDuration = (e: SyntheticEvent<HTMLVideoElement>) => {
    const d = e.currentTarget.duration;
    setDuration(Number.isFinite(d) ? d : 0);
  };
  const boxRef = useRef<HTMLDivElement>(null);
  const ids = useId();
  const [notice, announce] = useNotice();
  const source = useHlsSource(videoRef, { videoUrl, hlsUrl, processing });
  const settings = usePlayerSettings({ videoRef, boxRef, captions, announce });
  usePlayerKeys({
    boxRef,
    videoRef,
    announce,
    toggleFullscreen: settings.toggleFullscreen,
    toggleCaptions: settings.toggleCaptions,
  });
  const { levels, withCredentials } = source;
  // The rendition a heartbeat names: the uploaded file, hls.js's level, or the height native HLS decodes.
  usePlaybackSamples(videoRef, onPlayback, () =>
    source.src === mediaUrl(videoUrl)
      ? 'original'
      : levels.length > 0 && source.activeLevel >= 0
        ? levelName(levels, source.activeLevel)
        : videoRef.current?.videoHeight
          ? `${videoRef.current.videoHeight}p`
          : 'original',
  );
  const { fullscreen } = settings;

  const chooseQuality = (index: number) => {
    source.chooseQuality(index);
    announce(t('player.qualityIs', { quality: index < 0 ? t('player.auto') : levelName(levels, index) }));
  };

  const handleLoadedMetadata = (e: SyntheticEvent<HTMLVideoElement>) => {
    onLoadedMetadata?.(e);
    onDuration(e);
    source.resume(e.currentTarget);
  };

  return (
    <div
      ref={boxRef}
      className={`relative flex flex-col overflow-hidden rounded-card bg-black ${fullscreen ? 'h-full w-full' : ''}`}
    >
      <video
        ref={setVideo}
        src={source.src}
        poster={posterUrl ? mediaUrl(posterUrl) : undefined}
        crossOrigin={withCredentials ? 'use-credentials' : undefined}
        controls
        playsInline
        preload="metadata"
        width={640}
        height={360}
        tabIndex={0}
        className={`w-full bg-black ${fullscreen ? 'min-h-0 flex-1' : 'aspect-video'}`}
        aria-label={t('player.video', { title })}
        aria-describedby={`${ids}-keys`}
        onLoadedMetadata={handleLoadedMetadata}
        onDurationChange={onDuration}
        {...events}
      >
        {captions.map((c) => (
          <track key={c.lang} kind="subtitles" src={mediaUrl(c.url)} srcLang={c.lang} label={c.label} />
        ))}
      </video>
      <p
        role="status"
        className={
          notice
            ? 'pointer-events-none absolute left-3 top-3 rounded-md bg-black/75 px-2.5 py-1 text-sm font-medium text-white'
            : 'sr-only'
        }
      >
        {notice}
      </p>
      <p id={`${ids}-keys`} className="sr-only">
        {t('player.keysHelp')}
      </p>
      {timeline && duration > 0 && timeline(duration)}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 bg-slate-900 px-3 py-2 text-sm text-slate-100">
        {levels.length > 1 && (
          <QualityMenu
            levels={levels}
            quality={source.quality}
            activeLevel={source.activeLevel}
            onChoose={chooseQuality}
          />
        )}
        <SpeedMenu speed={settings.speed} onChoose={settings.chooseSpeed} />
        {captions.length > 0 && (
          <CaptionsMenu captions={captions} caption={settings.caption} onChoose={settings.chooseCaption} />
        )}
        <p aria-hidden="true" className="ml-auto hidden text-xs text-slate-300 md:block">
          {t('player.keysShort')}
        </p>
      </div>
    </div>
  );
}
