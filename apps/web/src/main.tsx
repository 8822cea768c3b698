import './index.css';

/**
 * The entry is tiny on purpose. The HTML already holds the first paint (src/prerender.tsx) and
 * lists the app's chunks (`<meta name="app-chunks">`, scripts/postbuild.mjs); once that first
 * paint is on screen (its paint timing entry) they are all asked for at once and the app starts,
 * so a phone shows the page before it spends its line or its CPU on the app. A hidden tab paints
 * nothing: it starts at once, and so does a page whose HTML has no first paint; `load` is the
 * backstop where paint timing is missing.
 */
function downloadAppChunks() {
  const list = document.querySelector<HTMLMetaElement>('meta[name="app-chunks"]')?.content ?? '';
  for (const href of list.split(' ').filter(Boolean)) {
    const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href, crossOrigin: '' });
    document.head.append(link);
  }
}

let started = false;
const start = () => {
  if (started) return;
  started = true;
  downloadAppChunks();
  // A function to call, not a module run for its effects: the package is marked side-effect free.
  void import('./boot').then((app) => app.start());
};
// Nothing prerendered (a route without a first paint in the HTML) means no paint to wait for.
if (document.visibilityState === 'hidden' || !document.getElementById('root')?.hasChildNodes()) start();
else {
  try {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      setTimeout(start, 0);
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    requestAnimationFrame(() => setTimeout(start, 0));
  }
  addEventListener('load', () => setTimeout(start, 1000), { once: true });
  document.addEventListener('visibilitychange', start, { once: true });
}
