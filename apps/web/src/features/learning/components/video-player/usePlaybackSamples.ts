import { ANALYTICS_HEARTBEAT_SECONDS } from '@kaksha/contracts';
import { type RefObject, useEffect, useRef } from 'react';

/** What the player tells about its playback (the educator's analytics, issue #33). */
export interface PlaybackSample {
  /** `play`: the video started for the first time; `heartbeat`: after playing a while. */
  kind: 'play' | 'heartbeat';
  /** Seconds into the video. */
  position: number;
  /** Seconds actually played since the previous heartbeat (15 normally; less at a pause or the end). */
  played: number;
  /** The rendition playing: '720p', or 'original' for the uploaded file. */
  rendition: string;
}

/** Less played than this at a pause is not worth a heartbeat of its own (it joins the next). */
const MIN_REPORTED_SECONDS = 1;
/** One tick counts at most this long: a throttled background tab must not count its sleep. */
const MAX_TICK_SECONDS = 1;

const tenths = (seconds: number) => Math.round(seconds * 10) / 10;

/**
 * Counts the seconds a video really plays (by the clock, not the timeline: seeking and stalls do
 * not count) and reports `play` once, a `heartbeat` every 15 s of playback, and what is left at a
 * pause, the end, the page being hidden or the video going away. Nothing when `onPlayback` is not given.
 */
export function usePlaybackSamples(
  videoRef: RefObject<HTMLVideoElement | null>,
  onPlayback: ((sample: PlaybackSample) => void) | undefined,
  rendition: () => string,
) {
  const latest = useRef({ onPlayback, rendition });
  latest.current = { onPlayback, rendition };
  const wanted = !!onPlayback;

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !wanted) return;
    let started = false;
    let played = 0;
    let last: number | null = null;
    const emit = (kind: PlaybackSample['kind'], seconds: number) => {
      try {
        latest.current.onPlayback?.({
          kind,
          position: tenths(video.currentTime),
          played: tenths(seconds),
          rendition: latest.current.rendition(),
        });
      } catch {
        // Analytics never stops the video.
      }
    };
    const count = () => {
      const now = performance.now();
      if (last !== null) played += Math.min((now - last) / 1000, MAX_TICK_SECONDS);
      last = video.paused || video.seeking || video.ended ? null : now;
      while (played >= ANALYTICS_HEARTBEAT_SECONDS) {
        emit('heartbeat', ANALYTICS_HEARTBEAT_SECONDS);
        played -= ANALYTICS_HEARTBEAT_SECONDS;
      }
    };
    /** The playback stopped (or is about to be lost): report what was played since the last heartbeat. */
    const settle = () => {
      // Still playing (the page was hidden): counting goes on from now.
      count();
      if (played >= MIN_REPORTED_SECONDS) {
        emit('heartbeat', played);
        played = 0;
      }
    };
    const onPlaying = () => {
      if (!started) {
        started = true;
        emit('play', 0);
      }
      last = performance.now();
    };
    const onSeeking = () => {
      count();
      last = null;
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') settle();
    };
    video.addEventListener('playing', onPlaying);
    video.addEventListener('timeupdate', count);
    video.addEventListener('seeking', onSeeking);
    video.addEventListener('waiting', onSeeking);
    video.addEventListener('pause', settle);
    video.addEventListener('ended', settle);
    // On the document: the analytics sender listens on the window, so this runs first.
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      settle();
      video.removeEventListener('playing', onPlaying);
      video.removeEventListener('timeupdate', count);
      video.removeEventListener('seeking', onSeeking);
      video.removeEventListener('waiting', onSeeking);
      video.removeEventListener('pause', settle);
      video.removeEventListener('ended', settle);
      document.removeEventListener('visibilitychange', onHidden);
    };
  }, [videoRef, wanted]);
}
