// After `vite build`: writes the first paint into the HTML (src/prerender.tsx), the table of
// API answers each page preloads (src/app/page-data.ts), and compresses the assets ahead of
// time, so the server sends the smallest files without compressing per request.
//   dist/index.html        the landing page as a visitor first sees it (served for `/`)
//   dist/app.html          the top bar and a spinner (served for every other route)
//   dist/page.html         an empty #root, for a page the server renders per request
//   dist/*.hi.html         the same three in each other language of src/i18n (the server picks by cookie)
//   dist/page-data.json    read by the server to add a page's preloads to its HTML
//   dist-ssr/prerender.js  the server's renderer of such pages (beside dist/, so never served)
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webRoot, 'dist');
const ssrOut = path.join(webRoot, 'dist-ssr');

// The server's renderer is one file with its libraries inside, built like the app's bundle: their
// production builds, tree-shaken (left to Node, react-router resolves to its development build and
// lucide-react to its CommonJS one: rendering a page took 2–3× as long).
await build({
  root: webRoot,
  logLevel: 'warn',
  mode: 'production',
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true },
  build: { ssr: 'src/prerender.tsx', outDir: ssrOut, emptyOutDir: true, copyPublicDir: false, manifest: false },
});
const { render, pageHead, PAGE_DATA, API_URL, LOCALES, DEFAULT_LOCALE } = await import(
  pathToFileURL(path.join(ssrOut, 'prerender.js')).href
);

// Every page asks who is signed in first; `use-credentials` matches the app's fetch
// (credentials: 'include'), so the browser hands the preloaded answer to it.
/** Replaces the one `marker` in `html`; a build whose HTML has changed shape fails here, not in production. */
function put(html, marker, text) {
  if (html.split(marker).length !== 2) throw new Error(`postbuild: expected one ${marker} in dist/index.html`);
  return html.replace(marker, () => text);
}
// The entry (src/main.tsx) imports the app (src/boot.tsx, which imports src/app/App.tsx) only once
// the first paint is on screen. Their chunks are listed here (a <meta name="app-chunks">, which
// fetches nothing) and the entry asks for them all at once at that paint: nothing competes with
// the first paint's HTML, stylesheet, font and data, and no chunk waits for the one importing it.
// (Preloaded from the HTML instead, 200 KB of JavaScript shared a slow line with the first paint:
// Lighthouse's mobile LCP 2.6 s in English, 3.3 s in Hindi with its font, against 1.1 and 2.0 s.)
const manifestFile = path.join(dist, '.vite/manifest.json');
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
rmSync(path.join(dist, '.vite'), { recursive: true, force: true });
const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
const appChunks = new Set();
const addChunk = (key) => {
  const chunk = manifest[key];
  if (!chunk || appChunks.has(chunk.file) || chunk.file === entry.file) return;
  appChunks.add(chunk.file);
  for (const dep of chunk.imports ?? []) addChunk(dep);
};
// boot.tsx starts React, then imports the app (src/app/App.tsx) in a task of its own: both at once.
const boot = (entry.dynamicImports ?? []).find((key) => key.endsWith('src/boot.tsx'));
if (!boot) throw new Error('postbuild: the entry does not import src/boot.tsx');
addChunk(boot);
const appKey = (manifest[boot].dynamicImports ?? []).find((key) => key.endsWith('src/app/App.tsx'));
if (!appKey) throw new Error('postbuild: src/boot.tsx does not import src/app/App.tsx');
addChunk(appKey);
const builtHead = readFileSync(path.join(dist, 'index.html'), 'utf8');
const appFiles = [...appChunks].filter((file) => !builtHead.includes(`/${file}"`)).map((file) => `/${file}`);
// A running server re-reads these when they change: it must never see one half written.
function replaceFile(name, text) {
  const file = path.join(dist, name);
  writeFileSync(`${file}.tmp`, text);
  renameSync(`${file}.tmp`, file);
}
const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
// Devanagari's font (src/index.css): a page with Devanagari text asks for it at once, not after its styles are applied.
const devanagariFont = readdirSync(path.join(dist, 'assets')).find((name) =>
  /^noto-sans-devanagari-devanagari-wght-normal-.*\.woff2$/.test(name),
);
if (!devanagariFont) throw new Error('postbuild: the Devanagari font is not in dist/assets');
const fontPreload = `<link rel="preload" href="/assets/${devanagariFont}" as="font" type="font/woff2" crossorigin>`;

// One set of pages per language of the interface: its <html lang>, title, description and
// catalogue (downloaded with the app's code, as the app starts in it).
for (const locale of LOCALES) {
  const { title, description, noscript } = await pageHead(locale);
  const catalogue = Object.entries(manifest).find(([key]) => key.endsWith(`src/i18n/${locale}.json`))?.[1]?.file;
  if (!catalogue) throw new Error(`postbuild: no chunk for src/i18n/${locale}.json`);
  const landing = await render('/', locale);
  // Devanagari the page draws: not the language switch's closed list (its हिन्दी option), which
  // the browser lays out only when opened, so an English page does not fetch the 120 KB font for it.
  const drawn = landing.replace(/<option\b[^>]*>[^<]*<\/option>/g, '');
  const font = /[\u0900-\u097F]/.test(drawn) ? fontPreload : '';
  let head = put(builtHead, '<html lang="en">', `<html lang="${locale}">`);
  head = head.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
  head = head.replace(
    /<meta name="description" content="[^"]*"/,
    () => `<meta name="description" content="${escapeHtml(description)}"`,
  );
  head = head.replace(
    /(<noscript><p[^>]*>)[^<]*(<\/p><\/noscript>)/,
    (_, open, close) => `${open}${escapeHtml(noscript)}${close}`,
  );
  const preloads = `${font}<meta name="app-chunks" content="${[...appFiles, `/${catalogue}`].join(' ')}">`;
  // A page the server renders carries the user with it: no preload of /api/user/currentuser (unused, Chrome warns).
  const serverRenderedTemplate = put(head, '</head>', `${preloads}</head>`);
  const template = put(
    serverRenderedTemplate,
    '</head>',
    `<link rel="preload" href="${API_URL}/api/user/currentuser" as="fetch" crossorigin="use-credentials"></head>`,
  );
  const page = (body) => put(template, '<div id="root"></div>', `<div id="root">${body}</div>`);
  const name = (file) => (locale === DEFAULT_LOCALE ? `${file}.html` : `${file}.${locale}.html`);
  replaceFile(name('index'), page(landing));
  replaceFile(name('app'), page(await render('shell', locale)));
  replaceFile(name('page'), serverRenderedTemplate);
}
replaceFile('page-data.json', JSON.stringify({ apiUrl: API_URL, pages: PAGE_DATA }, null, 2));

const assets = path.join(dist, 'assets');
for (const name of readdirSync(assets)) {
  if (!/\.(js|css|svg)$/.test(name)) continue;
  const file = path.join(assets, name);
  const body = readFileSync(file);
  writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
}
console.log(
  `prerendered index.html and app.html, wrote page.html (in ${LOCALES.join(', ')}), page-data.json and dist-ssr/, compressed the assets`,
);
