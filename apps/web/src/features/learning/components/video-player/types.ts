import type { LectureCaption } from '@kaksha/contracts';
import type { ReactNode, RefObject, VideoHTMLAttributes } from 'react';
import type { PlaybackSample } from './usePlaybackSamples';

export interface VideoSource {
  /** The original upload: what plays until the HLS renditions are ready, or if they fail. */
  videoUrl: string;
  hlsUrl?: string | null;
  processing?: 'queued' | 'processing' | 'ready' | 'failed' | null;
  posterUrl?: string | null;
  captions?: LectureCaption[];
}

export type VideoEvents = Pick<
  VideoHTMLAttributes<HTMLVideoElement>,
  'autoPlay' | 'onLoadedMetadata' | 'onPlay' | 'onPause' | 'onEnded' | 'onSeeked' | 'onTimeUpdate'
>;

/** What the lecture viewer hangs on the player for other features. */
export interface PlayerSlots {
  /** Also gets the <video> element (the viewer's player control). */
  videoRef?: RefObject<HTMLVideoElement | null>;
  /** Drawn under the video along its width once its length (seconds) is known: markers on its timeline. */
  timeline?: (duration: number) => ReactNode;
  /** Hears the playback: its start and every 15 s played (the educator's analytics). */
  onPlayback?: (sample: PlaybackSample) => void;
}
