import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';

/*
 * A page the web build marks `public` and `serverRendered` (the privacy page, issue #32) is rendered
 * by the server for visitors too, whatever PUBLIC_CATALOGUE says; a signed-in-only page is not.
 */
describe('a page for everyone, rendered on the server', async () => {
  const build = await mkdtemp(path.join(tmpdir(), 'kaksha-public-page-'));
  const web = path.join(build, 'dist');
  await mkdir(path.join(build, 'dist-ssr'), { recursive: true });
  await mkdir(web);
  const head = '<!doctype html><html><head><title>Kaksha</title></head><body>';
  await writeFile(path.join(web, 'index.html'), `${head}<div id="root"><h1>Landing</h1></div></body></html>`);
  await writeFile(path.join(web, 'app.html'), `${head}<div id="root"><nav>Shell</nav></div></body></html>`);
  await writeFile(path.join(web, 'page.html'), `${head}<div id="root"></div></body></html>`);
  await writeFile(
    path.join(web, 'page-data.json'),
    JSON.stringify({
      apiUrl: '',
      pages: [
        { path: '/privacy', data: [], serverRendered: true, public: true },
        {
          path: '/allcourses',
          data: ['/api/course/catalog'],
          signedIn: true,
          publicCatalogue: true,
          serverRendered: true,
        },
      ],
    }),
  );
  await writeFile(
    path.join(build, 'dist-ssr', 'prerender.js'),
    `export const PAGE_STATE_ID = 'page-state';
export async function renderPage(url) {
  return { html: '<h1>Rendered ' + url + '</h1>', data: {} };
}`,
  );
  const app = await buildTestApp({ WEB_DIST: web });

  it('renders the public page for a visitor, without a session', async () => {
    const res = await app.inject({ url: '/privacy' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"><h1>Rendered /privacy</h1></div>');
    expect(res.headers['server-timing']).toMatch(/^ssr;dur=/);
  });

  it('leaves a signed-in page to the app for a visitor while the catalogue is not public', async () => {
    const res = await app.inject({ url: '/allcourses' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('Rendered');
    expect(res.body).toContain('<nav>Shell</nav>');
  });
});
