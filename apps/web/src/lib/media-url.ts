import { API_URL } from './api';

/**
 * Media in API answers (`/media/…` thumbnails, avatars, lecture videos) are paths on the API
 * server. When the app is hosted apart (VITE_API_URL) they must be loaded from there, not from
 * the app's own host. Absolute, `blob:` and `data:` URLs pass through.
 */
export const mediaUrl = (url: string, base: string = API_URL) =>
  base && url.startsWith('/') && !url.startsWith('//') ? `${base}${url}` : url;

/** A `srcset` ("url 320w, url 640w") with each URL resolved like `mediaUrl`. */
export const mediaSrcSet = (srcSet: string, base: string = API_URL) =>
  srcSet
    .split(',')
    .map((entry) => mediaUrl(entry.trim(), base))
    .join(', ');
