import { mediaSrcSet as resolveSrcSet, mediaUrl as resolveUrl } from '@kaksha/contracts';
import { API_URL } from './api';

/**
 * The rules of `mediaUrl`/`mediaSrcSet` in @kaksha/contracts (the server applies the same ones to
 * the image preloads it writes), bound to the API this app was built for: when it is hosted apart
 * (VITE_API_URL), `/media/…` paths are loaded from there.
 */
export const mediaUrl = (url: string, base: string = API_URL) => resolveUrl(url, base);

/** A `srcset` ("url 320w, url 640w") with each URL resolved like `mediaUrl`. */
export const mediaSrcSet = (srcSet: string, base: string = API_URL) => resolveSrcSet(srcSet, base);
