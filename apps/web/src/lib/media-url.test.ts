import { describe, expect, it } from 'vitest';
import { mediaSrcSet, mediaUrl } from './media-url';

describe('media URLs from API answers', () => {
  it('stay as they are when the app is served by the API server', () => {
    expect(mediaUrl('/media/public/thumbnails/c1-640.webp', '')).toBe('/media/public/thumbnails/c1-640.webp');
    expect(mediaSrcSet('/media/a-320.webp 320w, /media/a-640.webp 640w', '')).toBe(
      '/media/a-320.webp 320w, /media/a-640.webp 640w',
    );
  });

  it('are loaded from the API server when the app is hosted apart', () => {
    const api = 'https://api.kaksha.example';
    expect(mediaUrl('/media/lectures/l1', api)).toBe('https://api.kaksha.example/media/lectures/l1');
    expect(mediaSrcSet('/media/a-320.webp 320w, /media/a-640.webp 640w', api)).toBe(
      'https://api.kaksha.example/media/a-320.webp 320w, https://api.kaksha.example/media/a-640.webp 640w',
    );
    // Already absolute (a CDN), a local preview, or protocol-relative: untouched.
    for (const url of [
      'https://cdn.example/a.webp',
      'blob:https://app/1',
      'data:image/png;base64,AA',
      '//cdn/a.webp',
    ]) {
      expect(mediaUrl(url, api)).toBe(url);
    }
  });
});
