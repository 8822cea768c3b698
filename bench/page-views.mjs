#!/usr/bin/env node
// `npm run bench:page-views`: what a signed-in learner's full page load of `/allcourses` and
// `/viewcourse/{id}` costs the server (ADR 0014). A page view is the HTML plus the API answers the
// page asks for first: inside the HTML when the server rendered the page (its `Server-Timing: ssr`,
// `draw` before issue 26), else asked by the app (/api/user/currentuser and the page's data, as the
// HTML's preloads do). Prints page views/s, the share the server rendered and per-request p99 at
// `--connections` for `--seconds`, demo content on PGlite.
// Bounded: two rounds per page, then it stops the servers.
//   --no-build        use the existing build
//   --against DIR     also measure the build in DIR (e.g. the commit before), rounds interleaved
//                     (A B, B A), each on its own server
//   --connections N   concurrent connections (default 10); --seconds S per measurement (default 8)
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { build, startServer } from '../scripts/serve.mjs';
import { DEMO_LEARNER, signIn } from './lib/synthetic.mjs';

const { values: args } = parseArgs({
  options: {
    'no-build': { type: 'boolean' },
    against: { type: 'string' },
    connections: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '8' },
  },
});
if (!args['no-build']) build();

const builds = [
  { label: 'this build', dir: undefined },
  ...(args.against ? [{ label: `against ${path.basename(args.against)}`, dir: args.against }] : []),
];
try {
  for (const b of builds) {
    b.server = await startServer({ quiet: true, dir: b.dir ? path.resolve(b.dir) : undefined, readySeconds: 180 });
    b.cookie = await signIn(b.server.baseUrl, DEMO_LEARNER);
    const [course] = await (await fetch(`${b.server.baseUrl}/api/course/getpublishedcoures?limit=1`)).json();
    b.pages = {
      '/allcourses': ['/allcourses', '/api/course/catalog'],
      '/viewcourse/{id}': [`/viewcourse/${course._id}`, `/api/course/getcourse/${course._id}`],
    };
  }
  const rows = [];
  for (const page of ['/allcourses', '/viewcourse/{id}']) {
    const runs = builds.map(() => []);
    for (let round = 0; round < 2; round++) {
      const order = builds.map((_, i) => i);
      if (round % 2 === 1) order.reverse();
      for (const i of order) {
        const b = builds[i];
        const [html, data] = b.pages[page];
        // The app asks for the page's first answers only when the HTML does not carry them (a page the
        // server did not render: a build before ADR 0014, or one rendering its limit of pages at once).
        let views = 0;
        let serverRendered = 0;
        const headers = { cookie: b.cookie, 'accept-encoding': 'br' };
        const result = await autocannon({
          url: b.server.baseUrl,
          connections: Number(args.connections),
          duration: Number(args.seconds),
          requests: [
            {
              method: 'GET',
              path: html,
              headers,
              onResponse: (_status, _body, context, responseHeaders) => {
                views++;
                context.serverRendered = /^(ssr|draw);/.test(responseHeaders['server-timing'] ?? '');
                if (context.serverRendered) serverRendered++;
              },
            },
            ...['/api/user/currentuser', data].map((p) => ({
              method: 'GET',
              path: p,
              headers,
              setupRequest: (request, context) => (context.serverRendered ? undefined : request),
            })),
          ],
        });
        runs[i].push({
          views: views / result.duration,
          serverRendered: views ? serverRendered / views : 0,
          p99: result.latency.p99,
          failed: result.non2xx + result.errors + result.timeouts,
        });
      }
    }
    builds.forEach((b, i) => {
      rows.push({
        build: b.label,
        page,
        'page views/s (each round)': runs[i].map((r) => Math.round(r.views)).join(' '),
        'server-rendered': runs[i].map((r) => `${Math.round(r.serverRendered * 100)} %`).join(' '),
        'p99 ms per request': runs[i].map((r) => r.p99).join(' '),
        failed: runs[i].reduce((sum, r) => sum + r.failed, 0),
      });
    });
  }
  console.table(rows);
} finally {
  for (const b of builds) await b.server?.stop();
}
