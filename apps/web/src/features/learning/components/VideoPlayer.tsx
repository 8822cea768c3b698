import type { LectureCaption } from '@kaksha/contracts';
import type Hls from 'hls.js/light';
import { type SyntheticEvent, useCallback, useEffect, useId, useRef, useState, type VideoHTMLAttributes } from 'react';
import { mediaUrl } from '../../../lib/media-url';

/** Playback speeds of the speed menu. */
export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;
/** How far ←/→ seek and ↑/↓ change the volume. */
const SEEK_SECONDS = 5;
const VOLUME_STEP = 0.1;
/** How long a change stays written over the video (screen readers hear it from the same live region). */
const NOTICE_MS = 1800;

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

interface Level {
  index: number;
  height: number;
}

/** Whether a media URL is on another origin than the page (a separately hosted API): cookies need CORS. */
const crossOrigin = (url: string) => {
  if (typeof window === 'undefined') return false;
  try {
    return new URL(url, window.location.href).origin !== window.location.origin;
  } catch {
    return false;
  }
};

/** 75.4 → '1:15'. */
const clock = (seconds: number) => {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

const speedLabel = (rate: number) => `${rate}×`;

/**
 * A lecture video: adaptive HLS once the upload is processed (through hls.js, downloaded only
 * then, or natively where there is no Media Source), the original file before that or if HLS
 * fails. Under the video:
 * Quality (Auto and each rendition, with hls.js), Speed (0.5×–2×) and Captions menus as native
 * selects. With focus in the player: Space play/pause, ←/→ seek 5 s, ↑/↓ volume, F full screen,
 * C captions; each change is announced in a live region (and shown briefly over the video).
 * The video events (progress saving) are passed through; the position survives a fallback.
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
  const hlsRef = useRef<Hls | null>(null);
  /** Where to continue after switching to the original file mid-way. */
  const resumeAt = useRef<number | null>(null);
  const lastCaption = useRef<string | null>(null);
  const ids = useId();

  const file = mediaUrl(videoUrl);
  const stream = processing === 'ready' && hlsUrl ? mediaUrl(hlsUrl) : null;
  /** The `src` attribute; unset while hls.js feeds the video (or before the source is chosen). */
  const [src, setSrc] = useState<string | undefined>(stream ? undefined : file);
  const [levels, setLevels] = useState<Level[]>([]);
  const [quality, setQuality] = useState(-1);
  const [activeLevel, setActiveLevel] = useState(-1);
  const [speed, setSpeed] = useState(1);
  const [caption, setCaption] = useState('');
  const [notice, setNotice] = useState('');
  const [fullscreen, setFullscreen] = useState(false);
  const withCredentials = crossOrigin(stream ?? file);

  const announce = useCallback((text: string) => setNotice(text), []);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(''), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  // Choose the source: the original, HLS natively, or HLS through hls.js (a chunk of its own).
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (!stream) {
      setSrc(file);
      return;
    }
    // Native HLS only where hls.js cannot run (no Media Source: older iPhones). Safari and, since
    // 2025, Chromium play HLS natively too, but offer no choice of quality there.
    const mediaSource = 'MediaSource' in window || 'ManagedMediaSource' in window;
    if (!mediaSource && video.canPlayType('application/vnd.apple.mpegurl')) {
      setSrc(stream);
      return;
    }
    let cancelled = false;
    const playOriginal = () => {
      if (cancelled) return;
      const position = video.currentTime;
      hlsRef.current?.destroy();
      hlsRef.current = null;
      setLevels([]);
      resumeAt.current = position > 0 ? position : null;
      setSrc(file);
    };
    import('hls.js/light')
      .then(({ default: HlsPlayer }) => {
        if (cancelled) return;
        if (!HlsPlayer.isSupported()) {
          setSrc(video.canPlayType('application/vnd.apple.mpegurl') ? stream : file);
          return;
        }
        const hls = new HlsPlayer({
          // The page's CSP allows no blob: workers; the segments are small enough to remux here.
          enableWorker: false,
          capLevelToPlayerSize: true,
          xhrSetup: withCredentials
            ? (xhr) => {
                xhr.withCredentials = true;
              }
            : undefined,
        });
        hlsRef.current = hls;
        hls.on(HlsPlayer.Events.MANIFEST_PARSED, (_event, data) => {
          setLevels(data.levels.map((level, index) => ({ index, height: level.height })));
        });
        hls.on(HlsPlayer.Events.LEVEL_SWITCHED, (_event, data) => setActiveLevel(data.level));
        hls.on(HlsPlayer.Events.ERROR, (_event, data) => {
          if (data.fatal) playOriginal();
        });
        hls.loadSource(stream);
        hls.attachMedia(video);
      })
      // The chunk did not download (offline, a new deploy): the original still plays.
      .catch(playOriginal);
    return () => {
      cancelled = true;
      hlsRef.current?.destroy();
      hlsRef.current = null;
    };
  }, [stream, file, withCredentials]);

  // Keep the menus in step with the browser's own controls (its speed and captions menus).
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const tracks = video.textTracks;
    const onTracks = () => {
      const showing = Array.from(tracks ?? []).find((t) => t.mode === 'showing');
      setCaption(showing?.language ?? '');
      if (showing) lastCaption.current = showing.language;
    };
    const onRate = () => setSpeed(video.playbackRate);
    const onFullscreen = () => setFullscreen(document.fullscreenElement === boxRef.current);
    tracks?.addEventListener?.('change', onTracks);
    video.addEventListener('ratechange', onRate);
    document.addEventListener('fullscreenchange', onFullscreen);
    return () => {
      tracks?.removeEventListener?.('change', onTracks);
      video.removeEventListener('ratechange', onRate);
      document.removeEventListener('fullscreenchange', onFullscreen);
    };
  }, []);

  const levelName = (index: number) => {
    const level = levels.find((l) => l.index === index);
    return level ? `${level.height}p` : '';
  };

  const chooseQuality = (index: number) => {
    setQuality(index);
    if (hlsRef.current) hlsRef.current.currentLevel = index;
    announce(`Quality: ${index < 0 ? 'Auto' : levelName(index)}`);
  };

  const chooseSpeed = (rate: number) => {
    const video = videoRef.current;
    if (!video) return;
    // The default rate too: loading another source (a fallback) keeps the chosen speed.
    video.defaultPlaybackRate = rate;
    video.playbackRate = rate;
    setSpeed(rate);
    announce(`Speed ${speedLabel(rate)}`);
  };

  const chooseCaption = (lang: string) => {
    const video = videoRef.current;
    if (!video) return;
    for (const track of Array.from(video.textTracks ?? [])) {
      track.mode = lang && track.language === lang ? 'showing' : 'disabled';
    }
    if (lang) lastCaption.current = lang;
    setCaption(lang);
    const chosen = captions.find((c) => c.lang === lang);
    announce(chosen ? `Captions: ${chosen.label}` : 'Captions off');
  };

  const toggleFullscreen = () => {
    const box = boxRef.current;
    if (!box) return;
    if (document.fullscreenElement) {
      void document.exitFullscreen?.();
      announce('Exited full screen');
    } else if (box.requestFullscreen) {
      box.requestFullscreen().then(
        () => announce('Full screen'),
        () => announce('Full screen is not available'),
      );
    }
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const target = e.target as HTMLElement;
    // Menus and buttons keep their own keys.
    if (e.altKey || e.ctrlKey || e.metaKey || target.closest('select, button, input, a')) return;
    const video = videoRef.current;
    if (!video) return;
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    switch (key) {
      case ' ': {
        if (video.paused) {
          void video.play()?.catch(() => {});
          announce('Playing');
        } else {
          video.pause();
          announce('Paused');
        }
        break;
      }
      case 'ArrowLeft':
      case 'ArrowRight': {
        const step = key === 'ArrowLeft' ? -SEEK_SECONDS : SEEK_SECONDS;
        const end = Number.isFinite(video.duration) ? video.duration : Number.POSITIVE_INFINITY;
        video.currentTime = Math.min(end, Math.max(0, video.currentTime + step));
        announce(`${step < 0 ? 'Back' : 'Forward'} ${SEEK_SECONDS} seconds: ${clock(video.currentTime)}`);
        break;
      }
      case 'ArrowUp':
      case 'ArrowDown': {
        const step = key === 'ArrowUp' ? VOLUME_STEP : -VOLUME_STEP;
        const volume = Math.round(Math.min(1, Math.max(0, video.volume + step)) * 100) / 100;
        video.volume = volume;
        if (step > 0) video.muted = false;
        announce(`Volume ${Math.round(volume * 100)}%`);
        break;
      }
      case 'f':
        toggleFullscreen();
        break;
      case 'c': {
        if (captions.length === 0) announce('This video has no captions');
        else if (caption) chooseCaption('');
        else chooseCaption(captions.find((c) => c.lang === lastCaption.current)?.lang ?? captions[0].lang);
        break;
      }
      default:
        return;
    }
    // Handled here: the browser's own controls must not act on the key too.
    e.preventDefault();
  };

  // The keys act while focus is anywhere in the player (the video, its controls).
  const keys = useRef(onKeyDown);
  keys.current = onKeyDown;
  useEffect(() => {
    const box = boxRef.current;
    const listener = (e: KeyboardEvent) => keys.current(e);
    box?.addEventListener('keydown', listener);
    return () => box?.removeEventListener('keydown', listener);
  }, []);

  const handleLoadedMetadata = (e: SyntheticEvent<HTMLVideoElement>) => {
    onLoadedMetadata?.(e);
    if (resumeAt.current !== null) {
      e.currentTarget.currentTime = resumeAt.current;
      resumeAt.current = null;
    }
  };

  const selectClass =
    'rounded-md border border-slate-500 bg-slate-800 px-2 py-1.5 text-sm text-white focus:outline-none focus:ring-2 focus:ring-brand-400';

  return (
    <div
      ref={boxRef}
      className={`relative flex flex-col overflow-hidden rounded-card bg-black ${fullscreen ? 'h-full w-full' : ''}`}
    >
      <video
        ref={videoRef}
        src={src}
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
          <label className="flex items-center gap-2">
            Quality
            <select className={selectClass} value={quality} onChange={(e) => chooseQuality(Number(e.target.value))}>
              <option value={-1}>
                {quality < 0 && activeLevel >= 0 ? `Auto (${levelName(activeLevel)})` : 'Auto'}
              </option>
              {[...levels]
                .sort((a, b) => b.height - a.height)
                .map((level) => (
                  <option key={level.index} value={level.index}>
                    {level.height}p
                  </option>
                ))}
            </select>
          </label>
        )}
        <label className="flex items-center gap-2">
          Speed
          <select className={selectClass} value={speed} onChange={(e) => chooseSpeed(Number(e.target.value))}>
            {SPEEDS.map((rate) => (
              <option key={rate} value={rate}>
                {rate === 1 ? '1× (normal)' : speedLabel(rate)}
              </option>
            ))}
          </select>
        </label>
        {captions.length > 0 && (
          <label className="flex items-center gap-2">
            Captions
            <select className={selectClass} value={caption} onChange={(e) => chooseCaption(e.target.value)}>
              <option value="">Off</option>
              {captions.map((c) => (
                <option key={c.lang} value={c.lang}>
                  {c.label}
                </option>
              ))}
            </select>
          </label>
        )}
        <p aria-hidden="true" className="ml-auto hidden text-xs text-slate-300 md:block">
          Keys: Space · ← → · ↑ ↓ · F · C
        </p>
      </div>
    </div>
  );
}
