import { type RefObject, useEffect, useRef } from 'react';
import { translate } from '@/i18n';
import { formatClock } from '../format-clock';

/** How far ←/→ seek and ↑/↓ change the volume. */
const SEEK_SECONDS = 5;
const VOLUME_STEP = 0.1;

/**
 * The player's keyboard shortcuts, while focus is anywhere in `boxRef` (the video, its
 * controls) but not in a menu, button, field or link, which keep their own keys: Space
 * play/pause, ←/→ seek 5 s, ↑/↓ volume, F full screen, C captions. Each is announced, and the
 * browser's own controls do not act on a key handled here.
 */
export function usePlayerKeys({
  boxRef,
  videoRef,
  announce,
  toggleFullscreen,
  toggleCaptions,
}: {
  boxRef: RefObject<HTMLDivElement | null>;
  videoRef: RefObject<HTMLVideoElement | null>;
  announce: (text: string) => void;
  toggleFullscreen: () => void;
  toggleCaptions: () => void;
}) {
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
          announce(translate('player.playing'));
        } else {
          video.pause();
          announce(translate('player.paused'));
        }
        break;
      }
      case 'ArrowLeft':
      case 'ArrowRight': {
        const step = key === 'ArrowLeft' ? -SEEK_SECONDS : SEEK_SECONDS;
        const end = Number.isFinite(video.duration) ? video.duration : Number.POSITIVE_INFINITY;
        video.currentTime = Math.min(end, Math.max(0, video.currentTime + step));
        announce(
          translate(step < 0 ? 'player.back' : 'player.forward', {
            seconds: SEEK_SECONDS,
            at: formatClock(video.currentTime),
          }),
        );
        break;
      }
      case 'ArrowUp':
      case 'ArrowDown': {
        const step = key === 'ArrowUp' ? VOLUME_STEP : -VOLUME_STEP;
        const volume = Math.round(Math.min(1, Math.max(0, video.volume + step)) * 100) / 100;
        video.volume = volume;
        if (step > 0) video.muted = false;
        announce(translate('player.volume', { percent: Math.round(volume * 100) }));
        break;
      }
      case 'f':
        toggleFullscreen();
        break;
      case 'c':
        toggleCaptions();
        break;
      default:
        return;
    }
    // Handled here: the browser's own controls must not act on the key too.
    e.preventDefault();
  };

  // One listener for the player's life, calling this render's handler (it reads this render's state).
  const keys = useRef(onKeyDown);
  keys.current = onKeyDown;
  useEffect(() => {
    const box = boxRef.current;
    const listener = (e: KeyboardEvent) => keys.current(e);
    box?.addEventListener('keydown', listener);
    return () => box?.removeEventListener('keydown', listener);
  }, [boxRef]);
}
