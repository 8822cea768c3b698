/**
 * The media module's public face: what other modules may do with stored images and lecture
 * videos. Image processing lives in images.ts, video streaming-to-storage in videos.ts, the HLS
 * conversion job in video-processing.ts, captions in captions.ts.
 */
import type { Storage } from '../../core/storage.ts';

export {
  CaptionsError,
  canonicalLanguageTag,
  removeCaptions,
  storeCaptions,
  toWebVtt,
} from './captions.ts';
export {
  IMAGE_UPLOADS_PER_USER,
  removeThumbnail,
  storeAvatar,
  storeThumbnail,
  thumbnailUrls,
} from './images.ts';
/** The one access check of a lecture's video and everything it carries (lecture-resources' files). */
export { findWatchableLecture, NO_ACCESS } from './lecture-access.ts';
/** Sends a stored file with ranges, validators and HEAD (lecture-resources' downloads). */
export { sendMedia } from './media.stream.ts';
export {
  queueVideoProcessing,
  type VideoPipeline,
  videoProcessingAvailable,
  /** app.ts starts this instance's video conversion workers with it. */
  videoWorkersPlugin,
} from './video-processing.ts';
export {
  assertVideoContent,
  lectureVideoPrefix,
  removeLectureMedia,
  removeVideo,
  SNIFF_BYTES,
  type StoredVideo,
  storeVideo,
  videoTooLargeMessage,
} from './videos.ts';

/** Public URL of a user's avatar, or null without one. */
export const photoUrl = (storage: Storage, user: { photoKey: string | null }) =>
  user.photoKey ? storage.publicUrl(user.photoKey) : null;
