import type { LectureCaption } from '@kaksha/contracts';
import { type SyntheticEvent, useId, useRef, type VideoHTMLAttributes } from 'react';
import { mediaUrl } from '@/lib/media-url';
import { CaptionsMenu, QualityMenu, SpeedMenu } from './video-player/PlayerMenus';
import { levelName, useHlsSource } from './video-player/useHlsSource';
import { useNotice } from './video-player/useNotice';
import { usePlayerKeys } from './video-player/usePlayerKeys';
import { usePlayerSettings } from './video-player/usePlayerSettings';

export { SPEEDS } from './video-player/PlayerMenus';

export interface VideoSource {
  /** The original upload: what plays until the HLS renditions are ready, or if they fail. */
  videoUrl: string;
  hlsUrl?: string | null;
  processing?: 'queued' | 'processing' | 'ready' | 'failed' | null;
  posterUrl?: string | null;
  captions?: LectureCaption[];
}

type VideoEvents = Pick<
  VideoHTMLAttributes<HTMLVideoElement>,
  'autoPlay' | 'onLoadedMetadata' | 'onPlay' | 'onPause' | 'onEnded' | 'onSeeked' | 'onTimeUpdate'
>;

/**
 * A lecture video: adaptive HLS once the upload is processed (through hls.js, downloaded only
 * then, or natively where there is no Media Source), the original file before that or if HLS
 * fails (`useHlsSource`). Under the video:
 * Quality (Auto and each rendition, with hls.js), Speed (0.5×–2×) and Captions menus as native
 * selects. With focus in the player: Space play/pause, ←/→ seek 5 s, ↑/↓ volume, F full screen,
 * C captions (`usePlayerKeys`); each change is announced in a live region (and shown briefly over
 * the video). The video events (progress saving) are passed through; the position survives a fallback.
 */
export function VideoPlayer({
  title,
  videoUrl,
  hlsUrl,
  processing,
  posterUrl,
  captions = [],
  onLoadedMetadata,
  ...events
}: VideoSource & VideoEvents & { title: string }) {
  const videoRef = useRef<HTMLVideoElement>(null);
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
  const { fullscreen } = settings;

  const chooseQuality = (index: number) => {
    source.chooseQuality(index);
    announce(`Quality: ${index < 0 ? 'Auto' : levelName(levels, index)}`);
  };

  const handleLoadedMetadata = (e: SyntheticEvent<HTMLVideoElement>) => {
    onLoadedMetadata?.(e);
    source.resume(e.currentTarget);
  };

  return (
    <div
      ref={boxRef}
      className={`relative flex flex-col overflow-hidden rounded-card bg-black ${fullscreen ? 'h-full w-full' : ''}`}
    >
      <video
        ref={videoRef}
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
        aria-label={`Lecture video: ${title}`}
        aria-describedby={`${ids}-keys`}
        onLoadedMetadata={handleLoadedMetadata}
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
        Keys: Space plays or pauses, Left and Right arrows seek 5 seconds, Up and Down arrows change the volume, F
        toggles full screen, C turns captions on or off.
      </p>
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
          Keys: Space · ← → · ↑ ↓ · F · C
        </p>
      </div>
    </div>
  );
}
