import type Hls from 'hls.js/light';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { mediaUrl } from '@/lib/media-url';

export interface Level {
  index: number;
  height: number;
}

/** A rendition's name: '720p' ('' when unknown). */
export const levelName = (levels: Level[], index: number) => {
  const level = levels.find((l) => l.index === index);
  return level ? `${level.height}p` : '';
};

/** Whether a media URL is on another origin than the page (a separately hosted API): cookies need CORS. */
const crossOrigin = (url: string) => {
  if (typeof window === 'undefined') return false;
  try {
    return new URL(url, window.location.href).origin !== window.location.origin;
  } catch {
    return false;
  }
};

/**
 * The video's source: the original file (`videoUrl`) until the HLS renditions are `ready`, then
 * HLS natively where there is no Media Source, else through hls.js (a chunk of its own, imported
 * only then). A fatal HLS error, or a chunk that does not download, falls back to the original at
 * the same position: `resume(video)` on its loadedmetadata puts the playhead back.
 * `quality` is the chosen rendition (-1: Auto), `activeLevel` the one hls.js plays now.
 */
export function useHlsSource(
  videoRef: RefObject<HTMLVideoElement | null>,
  { videoUrl, hlsUrl, processing }: { videoUrl: string; hlsUrl?: string | null; processing?: string | null },
) {
  const hlsRef = useRef<Hls | null>(null);
  /** Where to continue after switching to the original file mid-way. */
  const resumeAt = useRef<number | null>(null);
  const file = mediaUrl(videoUrl);
  const stream = processing === 'ready' && hlsUrl ? mediaUrl(hlsUrl) : null;
  /** The `src` attribute; unset while hls.js feeds the video (or before the source is chosen). */
  const [src, setSrc] = useState<string | undefined>(stream ? undefined : file);
  const [levels, setLevels] = useState<Level[]>([]);
  const [quality, setQuality] = useState(-1);
  const [activeLevel, setActiveLevel] = useState(-1);
  const withCredentials = crossOrigin(stream ?? file);

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
  }, [videoRef, stream, file, withCredentials]);

  const chooseQuality = (index: number) => {
    setQuality(index);
    if (hlsRef.current) hlsRef.current.currentLevel = index;
  };

  /** After a fallback: continues the original where the stream stopped. */
  const resume = (video: HTMLVideoElement) => {
    if (resumeAt.current === null) return;
    video.currentTime = resumeAt.current;
    resumeAt.current = null;
  };

  return { src, levels, quality, activeLevel, withCredentials, chooseQuality, resume };
}
