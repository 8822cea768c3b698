/** What Q&A needs of the lecture's player (the lecture viewer hands its own in). */
export interface PlayerLike {
  /** Where the video is, in seconds; null before it has loaded. */
  currentTime(): number | null;
  pause(): void;
  /** Moves the video to `seconds` and brings the player into view. */
  seek(seconds: number): void;
}
