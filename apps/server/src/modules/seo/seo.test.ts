import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courses, reviews } from '../../core/db/schema/index.ts';
import { buildTestApp, createCourse, createUser, loginCookie, type TestApp } from '../../test/app.ts';
import { sitemapIndex, sitemapPlan, sitemapUrls } from './seo.sitemap.ts';

const SITE = 'https://kaksha.example';

/**
 * A web build as the server sees it (apps/web's postbuild output, reduced): the HTML with the
 * build's own title and description, page-data.json marking the catalogue's pages public-catalogue
 * pages, and a renderer that — like src/prerender.tsx — renders for a visitor only when the
 * server's settings say the catalogue is public.
 */
async function webBuild() {
  const build = await mkdtemp(path.join(tmpdir(), 'kaksha-seo-'));
  const web = path.join(build, 'dist');
  await mkdir(path.join(build, 'dist-ssr'), { recursive: true });
  await mkdir(web);
  const head =
    '<!doctype html><html><head><meta name="description" content="The build’s own description." />' +
    '<title>Kaksha — Grow your skills</title></head><body>';
  await writeFile(path.join(web, 'index.html'), `${head}<div id="root"><h1>Landing</h1></div></body></html>`);
  await writeFile(path.join(web, 'app.html'), `${head}<div id="root"><nav>Shell</nav></div></body></html>`);
  await writeFile(path.join(web, 'page.html'), `${head}<div id="root"></div></body></html>`);
  // A build of before this change carried a robots.txt: the server's own answer wins.
  await writeFile(path.join(web, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  const page = { signedIn: true, publicCatalogue: true, serverRendered: true };
  await writeFile(
    path.join(web, 'page-data.json'),
    JSON.stringify({
      apiUrl: '',
      pages: [
        { path: '/allcourses', data: ['/api/course/catalog'], ...page },
        { path: '/viewcourse/:courseId', data: ['/api/course/getcourse/:courseId'], ...page },
        { path: '/enrolledcourses', data: ['/api/course/getenrolledcourses'], signedIn: true },
      ],
    }),
  );
  await writeFile(
    path.join(build, 'dist-ssr', 'prerender.js'),
    `export const PAGE_STATE_ID = 'page-state';
export async function renderPage(url, serverFetch) {
  const user = await (await serverFetch('/api/user/currentuser')).json();
  const config = await (await serverFetch('/api/config')).json();
  if (!user && !config.publicCatalogue) return null;
  if (!url.startsWith('/viewcourse/')) return { html: '<h1>All Courses</h1>', data: { config } };
  const res = await serverFetch('/api/course/getcourse/' + url.slice('/viewcourse/'.length));
  if (!res.ok) return null;
  const course = await res.json();
  return { html: '<h1>' + course.title.replace(/&/g, '&amp;').replace(/</g, '&lt;') + '</h1>', data: { config } };
}`,
  );
  return web;
}

const HTML_ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const unescapeHtml = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (e) => HTML_ENTITIES[e] ?? e);

/** The page's head as a reader sees it: its title, metas by name or property, canonical, and each JSON-LD block parsed. */
function readHead(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const meta = (attr: string, key: string) =>
    [...head.matchAll(new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`, 'g'))].map((m) =>
      unescapeHtml(m[1] ?? ''),
    );
  return {
    titles: [...head.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => unescapeHtml(m[1] ?? '')),
    descriptions: meta('name', 'description'),
    og: (key: string) => meta('property', `og:${key}`),
    canonical: /<link rel="canonical" href="([^"]*)">/.exec(head)?.[1],
    jsonLd: [...head.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
      (m) => JSON.parse(m[1] ?? '') as Record<string, unknown>,
    ),
  };
}

/** What a search engine may fetch, by robots.txt's rules as Google reads them: the longest match wins, Allow on a tie. */
function robotsAllow(robots: string, url: string) {
  const rules = robots
    .split('\n')
    .map((line) => /^(Allow|Disallow):\s*(.*)$/.exec(line))
    .filter((m) => m !== null)
    .map((m) => ({ allow: m[1] === 'Allow', pattern: m[2] ?? '' }));
  const matches = (pattern: string) => {
    const exact = pattern.endsWith('$');
    const body = (exact ? pattern.slice(0, -1) : pattern).replace(/[.+?^{}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
    return new RegExp(`^${body}${exact ? '$' : ''}`).test(url);
  };
  const best = rules
    .filter((r) => matches(r.pattern))
    .sort((a, b) => b.pattern.length - a.pattern.length || Number(b.allow) - Number(a.allow))[0];
  return best ? best.allow : true;
}

const sitemapLocs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

async function catalogue(app: TestApp) {
  const educator = await createUser(app, { role: 'educator', name: 'Ananya Rao' });
  const plain = await createCourse(app, educator.id, {
    title: 'Web basics',
    subTitle: 'HTML, CSS and a little JavaScript',
    description: 'From your first page to a small site of your own.',
    price: 499,
    lectures: [{ lectureTitle: 'Welcome', isPreviewFree: true, videoKey: 'private/lectures/x/welcome.mp4' }],
  });
  await app.db.update(courses).set({ thumbnailKey: 'public/thumbnails/web-basics' }).where(eq(courses.id, plain.id));
  const reviewed = await createCourse(app, educator.id, { title: 'Python for data', price: 0 });
  const draft = await createCourse(app, educator.id, { title: 'Draft: not ready', isPublished: false });
  return { educator, plain, reviewed, draft };
}

describe('PUBLIC_CATALOGUE=true', async () => {
  const app = await buildTestApp({ PUBLIC_CATALOGUE: 'true', PUBLIC_URL: SITE, WEB_DIST: await webBuild() });
  const { plain, reviewed, draft } = await catalogue(app);

  it('tells the web app that visitors may open the catalogue', async () => {
    expect((await app.inject('/api/config')).json()).toMatchObject({ publicCatalogue: true });
  });

  it('serves a visitor a course page rendered on the server, with its title, description, Open Graph and JSON-LD', async () => {
    const res = await app.inject(`/viewcourse/${plain.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"><h1>Web basics</h1></div>');
    const head = readHead(res.body);
    const url = `${SITE}/viewcourse/${plain.id}`;
    // One title and one description: the build's are replaced, not joined.
    expect(head.titles).toEqual(['Web basics · Kaksha']);
    expect(head.descriptions).toEqual(['HTML, CSS and a little JavaScript']);
    expect(head.canonical).toBe(url);
    expect(head.og('title')).toEqual(['Web basics']);
    expect(head.og('description')).toEqual(['HTML, CSS and a little JavaScript']);
    expect(head.og('url')).toEqual([url]);
    expect(head.og('type')).toEqual(['website']);
    expect(head.og('image')).toEqual([`${SITE}/media/public/thumbnails/web-basics-640.webp`]);
    expect(head.jsonLd).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'Course',
        name: 'Web basics',
        description: 'HTML, CSS and a little JavaScript',
        url,
        image: `${SITE}/media/public/thumbnails/web-basics-640.webp`,
        provider: { '@type': 'Organization', name: 'Kaksha', url: SITE },
        creator: { '@type': 'Person', name: 'Ananya Rao' },
        about: 'Web Development',
        inLanguage: 'en',
        educationalLevel: 'Beginner',
        offers: {
          '@type': 'Offer',
          price: 499,
          priceCurrency: 'INR',
          category: 'Paid',
          availability: 'https://schema.org/InStock',
          url,
        },
      },
    ]);
  });

  it('states an aggregateRating only once the course has reviews, with their count and average', async () => {
    const before = readHead((await app.inject(`/viewcourse/${reviewed.id}`)).body).jsonLd[0];
    expect(before).not.toHaveProperty('aggregateRating');
    expect(before?.offers).toMatchObject({ price: 0, priceCurrency: 'INR', category: 'Free' });
    // Taught in Hindi (issue #29): said as the course's language.
    await app.db.update(courses).set({ language: 'hi' }).where(eq(courses.id, reviewed.id));
    for (const rating of [5, 4, 4]) {
      const learner = await createUser(app);
      await app.db.insert(reviews).values({ courseId: reviewed.id, userId: learner.id, rating, comment: 'Good' });
    }
    const after = readHead((await app.inject(`/viewcourse/${reviewed.id}`)).body).jsonLd[0];
    expect(after?.inLanguage).toBe('hi');
    expect(after?.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.3,
      reviewCount: 3,
      bestRating: 5,
      worstRating: 1,
    });
    // The course page's own figure (the same rounding).
    expect((await app.inject(`/api/course/getcourse/${reviewed.id}`)).json()).toMatchObject({
      avgRating: 4.3,
      reviewCount: 3,
    });
  });

  it('keeps a hostile title inside its JSON-LD and attributes', async () => {
    const educator = await createUser(app, { role: 'educator', name: 'Eve "<b>" O\'Neil' });
    const title = `</script><script>alert(1)</script><!-- "quoted" & 'single' \u2028`;
    const hostile = await createCourse(app, educator.id, { title, subTitle: `"><img src=x onerror=alert(2)>` });
    const res = await app.inject(`/viewcourse/${hostile.id}`);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).not.toContain('<img src=x');
    const head = readHead(res.body);
    expect(head.titles).toEqual([`${title} · Kaksha`]);
    expect(head.og('title')).toEqual([title]);
    expect(head.descriptions).toEqual([`"><img src=x onerror=alert(2)>`]);
    expect(head.jsonLd).toHaveLength(1);
    expect(head.jsonLd[0]).toMatchObject({ name: title, creator: { name: 'Eve "<b>" O\'Neil' } });
    // Exactly one JSON-LD script: nothing in it closed it early.
    expect(res.body.match(/<script type="application\/ld\+json">/g)).toHaveLength(1);
  });

  it('gives the catalogue its own head, and nothing for a draft or an unknown course', async () => {
    const all = readHead((await app.inject('/allcourses')).body);
    expect(all.titles).toEqual(['All Courses · Kaksha']);
    expect(all.canonical).toBe(`${SITE}/allcourses`);
    expect(all.og('url')).toEqual([`${SITE}/allcourses`]);
    expect(all.og('image')[0]).toMatch(/^https:\/\/kaksha\.example\/media\/public\//);
    for (const url of [`/viewcourse/${draft.id}`, '/viewcourse/00000000-0000-4000-8000-000000000000']) {
      const res = await app.inject(url);
      expect(res.statusCode).toBe(200);
      const head = readHead(res.body);
      expect(head.titles).toEqual(['Kaksha — Grow your skills']);
      expect(head.jsonLd).toEqual([]);
      expect(res.body).not.toContain('Draft: not ready');
    }
  });

  it('lists exactly the published courses in the sitemap, with the catalogue, absolute and dated', async () => {
    const res = await app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org/);
    const published = await app.db
      .select({ id: courses.id, updatedAt: courses.updatedAt })
      .from(courses)
      .where(eq(courses.isPublished, true));
    const locs = sitemapLocs(res.body);
    expect(locs[0]).toBe(`${SITE}/allcourses`);
    expect(locs.slice(1).sort()).toEqual(published.map((c) => `${SITE}/viewcourse/${c.id}`).sort());
    expect(locs).not.toContain(`${SITE}/viewcourse/${draft.id}`);
    const lastmod = new RegExp(`<loc>${SITE}/viewcourse/${plain.id}</loc><lastmod>([^<]+)</lastmod>`).exec(
      res.body,
    )?.[1];
    expect(lastmod).toBe(published.find((c) => c.id === plain.id)?.updatedAt.toISOString());

    // A crawler's copy is current until the catalogue changes: then the course it unpublished is gone.
    const etag = String(res.headers.etag);
    expect((await app.inject({ url: '/sitemap.xml', headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    await app.db.update(courses).set({ isPublished: false }).where(eq(courses.id, plain.id));
    const changed = await app.inject({ url: '/sitemap.xml', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(sitemapLocs(changed.body)).not.toContain(`${SITE}/viewcourse/${plain.id}`);
    await app.db.update(courses).set({ isPublished: true }).where(eq(courses.id, plain.id));
    // Only one file while it fits: no numbered ones.
    expect((await app.inject('/sitemap/1.xml')).statusCode).toBe(404);
  });

  it('splits a catalogue past a file’s limit into files that together list each course once, under an index', async () => {
    const perFile = 2;
    const { files } = await sitemapPlan(app.db, perFile);
    const count = (await app.db.select({ id: courses.id }).from(courses).where(eq(courses.isPublished, true))).length;
    expect(files).toBe(Math.ceil((count + 1) / perFile));
    const read = async (file: number) => {
      let xml = '';
      for await (const chunk of sitemapUrls(app.db, SITE, { file, perFile })) xml += chunk;
      return sitemapLocs(xml);
    };
    const all: string[] = [];
    for (let file = 1; file <= files; file++) {
      const locs = await read(file);
      expect(locs.length).toBeLessThanOrEqual(perFile);
      all.push(...locs);
    }
    expect(all[0]).toBe(`${SITE}/allcourses`);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(count + 1);
    expect(await read(files + 1)).toEqual([]);
    expect(sitemapLocs(sitemapIndex(SITE, files))).toEqual(
      Array.from({ length: files }, (_, i) => `${SITE}/sitemap/${i + 1}.xml`),
    );
  });

  it('lets robots fetch the public pages and the sitemap, never the API or a signed-in page', async () => {
    const res = await app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const robots = res.body;
    expect(robots).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    for (const url of ['/', '/allcourses', `/viewcourse/${plain.id}`, '/certificate/abc', '/assets/app-1.js']) {
      expect(robotsAllow(robots, url), url).toBe(true);
    }
    for (const url of [
      '/api/course/catalog',
      '/api/user/currentuser',
      '/dashboard',
      '/profile',
      '/enrolledcourses',
      `/viewlecture/${plain.id}`,
      '/searchwithai',
      '/wishlist',
      '/login',
      '/allcourses?category=AI%2FML',
      '/media/lectures/x',
    ]) {
      expect(robotsAllow(robots, url), url).toBe(false);
    }
  });

  it('still refuses a visitor enrolment, lectures, AI search, reviews and the wishlist', async () => {
    const lecture = plain.lectures[0]?.id;
    const origin = { origin: SITE };
    const refused = [
      await app.inject({
        method: 'POST',
        url: '/api/payment/create-order',
        headers: origin,
        payload: { courseId: plain.id, userId: plain.creatorId },
      }),
      await app.inject({
        method: 'POST',
        url: '/api/review/givereview',
        headers: origin,
        payload: { courseId: plain.id, rating: 5, comment: 'Great' },
      }),
      await app.inject({ method: 'POST', url: '/api/ai/search', headers: origin, payload: { input: 'web' } }),
      await app.inject({ method: 'POST', url: `/api/wishlist/${plain.id}`, headers: origin }),
      await app.inject('/api/wishlist'),
      await app.inject(`/api/progress/${plain.id}`),
    ];
    for (const res of refused) expect(res.statusCode, res.body).toBe(401);
    // Even a free-preview lecture: watching needs an account.
    const video = await app.inject(`/media/lectures/${lecture}`);
    expect(video.statusCode).toBe(403);
    expect(video.json().message).toBe('Please log in to watch this lecture');
    // What the pages read is public.
    expect((await app.inject('/api/course/catalog')).statusCode).toBe(200);
    expect((await app.inject(`/api/course/getcourse/${plain.id}`)).statusCode).toBe(200);
  });

  it('still renders a signed-in user’s page for them', async () => {
    const cookie = await loginCookie(app, await createUser(app));
    const res = await app.inject({ url: `/viewcourse/${plain.id}`, headers: { cookie } });
    expect(res.body).toContain('<h1>Web basics</h1>');
    expect(readHead(res.body).jsonLd).toHaveLength(1);
  });
});

describe('PUBLIC_CATALOGUE unset (the spec’s guards)', async () => {
  const app = await buildTestApp({ PUBLIC_URL: SITE, WEB_DIST: await webBuild() });
  const { plain } = await catalogue(app);

  it('keeps robots out of everything and has no sitemap', async () => {
    const robots = (await app.inject('/robots.txt')).body;
    expect(robots).toBe('User-agent: *\nDisallow: /\n');
    for (const url of ['/', '/allcourses', `/viewcourse/${plain.id}`])
      expect(robotsAllow(robots, url), url).toBe(false);
    for (const url of ['/sitemap.xml', '/sitemap/1.xml']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
    }
    expect((await app.inject('/api/config')).json()).toMatchObject({ publicCatalogue: false });
  });

  it('serves a visitor the app as before: not rendered, no course in its head (the app sends them to sign up)', async () => {
    const res = await app.inject(`/viewcourse/${plain.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<nav>Shell</nav>');
    expect(res.body).not.toContain('Web basics');
    expect(readHead(res.body).titles).toEqual(['Kaksha — Grow your skills']);
    expect(readHead(res.body).jsonLd).toEqual([]);
    // Nor any preload of its data for a visitor.
    expect(res.body).not.toContain(`/api/course/getcourse/${plain.id}`);
  });
});
