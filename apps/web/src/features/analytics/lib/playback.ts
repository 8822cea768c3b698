import type { AnalyticsEvent } from '@kaksha/contracts';
import { track } from './track';

/** What the lecture player reports (learning's PlaybackSample, by shape: features never import each other). */
export interface PlaybackReport {
  kind: 'play' | 'heartbeat';
  position: number;
  played: number;
  rendition: string;
}

/** A lecture's playback as analytics events: `lecture_play`, then a `heartbeat` every 15 s played. */
export function playbackEvent(courseId: string, lectureId: string, report: PlaybackReport): AnalyticsEvent {
  if (report.kind === 'play') return { type: 'lecture_play', courseId, lectureId, position: report.position };
  return {
    type: 'heartbeat',
    courseId,
    lectureId,
    position: report.position,
    duration: report.played,
    rendition: report.rendition.slice(0, 20),
  };
}

export const trackPlayback = (courseId: string, lectureId: string, report: PlaybackReport) =>
  track(playbackEvent(courseId, lectureId, report));
