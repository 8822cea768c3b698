import type { Lecture } from '@kaksha/contracts';
import { useEffect, useRef } from 'react';
import { type LectureProgress, type SaveProgressInput, saveProgress, saveProgressOnExit } from '../api/progress';
import { type PlayerSlots, VideoPlayer } from './VideoPlayer';

/** How often the position is saved while playing. */
export const SAVE_EVERY_MS = 5000;
/** Share of a lecture after which it counts as completed (the server applies the same rule). */
export const COMPLETION_RATIO = 0.9;

/**
 * The lecture video (`VideoPlayer`: HLS, quality, speed, captions). It resumes at `startAt`,
 * and — when `track` is on (enrolled learners) — saves the position every few seconds while
 * playing, on pause and end, when another lecture is chosen, and when the page is hidden or
 * closed (keepalive request). `videoRef` and `timeline` are the viewer's (PlayerSlots).
 */
export function LecturePlayer({
  lecture,
  startAt,
  completed,
  track,
  autoPlay = false,
  onSaved,
  videoRef,
  timeline,
  onPlayback,
}: PlayerSlots & {
  lecture: Lecture & { videoUrl: string };
  startAt: number;
  completed: boolean;
  track: boolean;
  autoPlay?: boolean;
  onSaved: (progress: LectureProgress) => void;
}) {
  const state = useRef({ position: 0, duration: 0, played: false, savedPosition: -1, savedAt: 0, completed });
  state.current.completed = completed;
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;

  /** Saves the position; `exit` when the page is going away (a keepalive request outlives it). */
  const saveRef = useRef((_exit?: boolean) => {});
  saveRef.current = (exit = false) => {
    const s = state.current;
    if (!track || !s.played || s.position === s.savedPosition) return;
    s.savedPosition = s.position;
    s.savedAt = Date.now();
    const input: SaveProgressInput = {
      positionSeconds: Math.round(s.position * 10) / 10,
      duration: s.duration > 0 ? s.duration : undefined,
    };
    if (exit) {
      saveProgressOnExit(lecture._id, input);
      return;
    }
    saveProgress(lecture._id, input)
      .then((saved) => onSavedRef.current(saved))
      .catch(() => {
        // Saving progress is best effort; the next save tries again.
        s.savedPosition = -1;
      });
  };
  const save = () => saveRef.current();

  useEffect(() => {
    const onExit = () => saveRef.current(true);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') onExit();
    };
    window.addEventListener('pagehide', onExit);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onExit);
      document.removeEventListener('visibilitychange', onVisibility);
      // Another lecture was chosen or the learner left the page: keep where this one stopped.
      saveRef.current();
    };
  }, []);

  return (
    <VideoPlayer
      key={lecture._id}
      title={lecture.lectureTitle}
      videoUrl={lecture.videoUrl}
      hlsUrl={lecture.hlsUrl}
      processing={lecture.processing}
      posterUrl={lecture.posterUrl}
      captions={lecture.captions}
      autoPlay={autoPlay}
      videoRef={videoRef}
      timeline={timeline}
      onPlayback={onPlayback}
      onLoadedMetadata={(e) => {
        const v = e.currentTarget;
        state.current.duration = Number.isFinite(v.duration) ? v.duration : 0;
        // Resume where the learner stopped, unless that was (almost) the end.
        if (startAt >= 1 && (!state.current.duration || startAt < state.current.duration * 0.95)) {
          v.currentTime = startAt;
          state.current.position = startAt;
        }
      }}
      onPlay={() => {
        state.current.played = true;
      }}
      onSeeked={(e) => {
        state.current.position = e.currentTarget.currentTime;
        if (e.currentTarget.played.length > 0) state.current.played = true;
      }}
      onTimeUpdate={(e) => {
        const s = state.current;
        s.position = e.currentTarget.currentTime;
        if (e.currentTarget.paused) return;
        const crossedEnd = !s.completed && s.duration > 0 && s.position >= s.duration * COMPLETION_RATIO;
        if (crossedEnd || Date.now() - s.savedAt >= SAVE_EVERY_MS) save();
      }}
      onPause={save}
      onEnded={save}
    />
  );
}
