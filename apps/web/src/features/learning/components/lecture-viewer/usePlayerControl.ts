import { type RefObject, useMemo, useRef } from 'react';

/** The lecture's player as other features use it (Q&A: the moment a question is about, playing it). */
export interface PlayerControl {
  /** Where the video is, in seconds; null while there is no video or it has not loaded. */
  currentTime(): number | null;
  pause(): void;
  /** Plays from `seconds`, with the player brought into view and focused. */
  seek(seconds: number): void;
}

/** A control over whichever lecture video is shown: `videoRef` goes to the player, `box` is the player's place. */
export function usePlayerControl(box: RefObject<HTMLElement | null>) {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const control = useMemo<PlayerControl>(
    () => ({
      currentTime: () => {
        const video = videoRef.current;
        return video && video.readyState > 0 ? video.currentTime : null;
      },
      pause: () => videoRef.current?.pause(),
      seek: (seconds) => {
        const video = videoRef.current;
        if (!video) return;
        video.currentTime = seconds;
        // A click asked for it, so the browser lets it play; if not, the video stays where it is.
        void video.play()?.catch(() => {});
        const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
        box.current?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
        video.focus({ preventScroll: true });
      },
    }),
    [box],
  );
  return { videoRef, control };
}
