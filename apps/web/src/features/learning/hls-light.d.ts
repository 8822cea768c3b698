// hls.js's light build (no EME, alternate audio or in-stream subtitles: captions here are <track>s)
// ships without its own declarations; its API is the full build's.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
