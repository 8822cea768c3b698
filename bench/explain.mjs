#!/usr/bin/env node
// `npm run bench:explain -- --database-url postgres://…/kaksha_scale_100k`: EXPLAIN (ANALYZE,
// BUFFERS) of the hot read queries on a database filled by `npm run db:seed-synthetic` (seed 1).
// The SQL is a hand copy of what the services send (modules/courses, reviews, progress, payments,
// media, users) after issue 16's rewrite, with parameters as literals: lists are read in keyset
// pages and id lists are one array (`= any(…)`). Prints execution time, rows and the plan's
// top nodes; --plans prints whole plans. Read-only; each query runs once after one warm-up run.
//   --only name,name   run only these queries   --plans   full plans   --json FILE   figures
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';

const { values: opt } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    only: { type: 'string' },
    plans: { type: 'boolean' },
    json: { type: 'string' },
    seed: { type: 'string', default: '1' },
  },
});
if (!opt['database-url']) {
  console.error('usage: node bench/explain.mjs --database-url postgres://… [--only a,b] [--plans] [--json FILE]');
  process.exit(2);
}
const client = new pg.Client({ connectionString: opt['database-url'] });
await client.connect();
const one = async (q) => (await client.query(q)).rows[0];
const seed = Number(opt.seed);

// Who to ask for: educator 1 (the big dashboard), the most popular course, a busy learner.
const educator = (await one(`select md5('${seed}:educator:1')::uuid as id`)).id;
const popular =
  (await one('select course_id as id, count(*)::int as n from enrollments group by 1 order by 2 desc limit 1')) ?? {};
const learner =
  (await one('select user_id as id, count(*)::int as n from enrollments group by 1 order by 2 desc limit 1')) ?? {};
const lecture =
  (await one(`select id from lectures where course_id = '${popular.id}' order by position limit 1`)) ?? {};
const counts =
  await one(`select (select count(*) from courses)::int as courses, (select count(*) from courses where creator_id = '${educator}')::int as "educatorCourses",
  (select count(*) from enrollments)::int as enrollments, (select count(*) from reviews)::int as reviews`);
console.log(
  `courses ${counts.courses}, enrolments ${counts.enrollments}, reviews ${counts.reviews}; educator 1 has ${counts.educatorCourses} courses; ` +
    `popular course ${popular.n} learners; learner ${learner.n} enrolments`,
);

// The services pass id lists as one array parameter (`= any($1::uuid[])`): a literal array plans the same way.
const ids = async (q) => (await client.query(q)).rows.map((r) => r.id);
const array = (list) => `'{${list.join(',')}}'::uuid[]`;
const firstPage = await ids('select id from courses where is_published order by created_at desc, id asc limit 500');
const deep = await one(
  'select created_at::text as t, id from courses where is_published order by created_at desc, id asc offset 50000 limit 1',
);
const after = deep
  ? `(c.created_at <= '${deep.t}'::timestamptz and (c.created_at < '${deep.t}'::timestamptz or c.id > '${deep.id}'::uuid))`
  : 'true';
const deepPage = await ids(
  `select c.id from courses c where c.is_published and ${after} order by c.created_at desc, c.id asc limit 500`,
);
const own = await ids(`select id from courses where creator_id = '${educator}'`);
const reviewDeep = await one(
  'select r.created_at::text as t, r.id from reviews r join courses c on c.id = r.course_id where c.is_published order by r.created_at desc, r.id desc offset 250000 limit 1',
);
const courseRows =
  'select c.*, u.name as creator_name, c.created_at::text as cursor from courses c join users u on u.id = c.creator_id';
const reviewRows = `select r.*, u.*, c.title, r.created_at::text from reviews r join users u on u.id = r.user_id
  join courses c on c.id = r.course_id where c.is_published`;
const twoCategories = "c.category in ('Web Development', 'AI/ML')";

const QUERIES = {
  // Every request for a snapshot answer: the catalogue version (core/snapshots.ts).
  'catalogue version': 'select version from catalog_version where id = 1',
  // getpublishedcoures, built page by page (500 courses per statement, keyset on the newest index)
  'catalogue page: courses (first 500)': `${courseRows} where c.is_published order by c.created_at desc, c.id asc limit 500`,
  'catalogue page: courses (500 after 50,000)': `${courseRows} where c.is_published and ${after}
    order by c.created_at desc, c.id asc limit 500`,
  'catalogue page: lectures of 500': `select * from lectures where course_id = any(${array(deepPage)})
    order by course_id, position, created_at, id`,
  'catalogue page: sections of 500': `select * from course_sections where course_id = any(${array(deepPage)})
    order by position, created_at, id`,
  'catalogue page: reviews of 500': `select r.*, u.* from reviews r join users u on u.id = r.user_id
    where r.course_id = any(${array(firstPage)}) order by r.created_at desc, r.id desc`,
  // GET /api/course/catalog: slim cards, 24 per page, counts grouped for the page's ids only
  'catalog: first 24': `${courseRows} where c.is_published order by c.created_at desc, c.id asc limit 25`,
  'catalog: 24 in 2 categories after 50,000': `${courseRows} where c.is_published and ${twoCategories} and ${after}
    order by c.created_at desc, c.id asc limit 25`,
  'catalog: lecture counts of 24': `select course_id, count(*) from lectures where course_id = any(${array(firstPage.slice(0, 25))}) group by course_id`,
  'catalog: ratings of 24': `select course_id, count(*), sum(rating) from reviews where course_id = any(${array(firstPage.slice(0, 25))}) group by course_id`,
  'catalog: total': 'select count(*) from courses c where c.is_published',
  'catalog: total in 2 categories': `select count(*) from courses c where c.is_published and ${twoCategories}`,
  // GET /api/review/allReview, built page by page (1,000 reviews per statement); ?limit=6 is the first page
  'allReview: first 1,000': `${reviewRows} order by r.created_at desc, r.id desc limit 1000`,
  'allReview: 1,000 after 250,000': `${reviewRows}
    and (r.created_at, r.id) < ('${reviewDeep?.t}'::timestamptz, '${reviewDeep?.id}'::uuid) order by r.created_at desc, r.id desc limit 1000`,
  'allReview limit 6': `${reviewRows} order by r.created_at desc, r.id desc limit 6`,
  // GET /getcourse/{id} of the most popular course (built once per catalogue version)
  'getcourse: visibility + version': `select v.version, c.creator_id, c.is_published from catalog_version v
    left join courses c on c.id = '${popular.id}' where v.id = 1`,
  'getcourse: course': `${courseRows} where c.id = '${popular.id}' and c.is_published`,
  'getcourse: reviews': `select r.*, u.* from reviews r join users u on u.id = r.user_id where r.course_id = any(${array([popular.id])})
    order by r.created_at desc, r.id desc`,
  // GET /getcreatorcourses for educator 1 (500 courses): learners and earnings from their enrolments
  'dashboard: courses': `${courseRows} where c.creator_id = '${educator}' order by c.created_at desc, c.id desc`,
  'dashboard: enrolments of own courses': `select course_id, user_id, amount_paid from enrollments where course_id = any(${array(own)})
    order by created_at, user_id`,
  'dashboard: reviews': `select r.*, u.* from reviews r join users u on u.id = r.user_id where r.course_id = any(${array(own)})
    order by r.created_at desc, r.id desc`,
  'dashboard: lectures': `select * from lectures where course_id = any(${array(own)}) order by course_id, position, created_at, id`,
  // GET /getenrolledcourses, the user's enrolledCourses (presentUser) and /api/progress for a busy learner
  'enrolled: courses': `${courseRows} where c.id in (select course_id from enrollments where user_id = '${learner.id}')
    order by (select max(e.created_at) from enrollments e where e.course_id = c.id and e.user_id = '${learner.id}') desc, c.id desc`,
  'presentUser: enrolledCourses': `select c.id, c.title, c.thumbnail_key, c.category, c.level from enrollments e
    join courses c on c.id = e.course_id where e.user_id = '${learner.id}' order by e.created_at, e.course_id`,
  'progress: list': `select e.course_id,
      (select count(*) from lectures l where l.course_id = e.course_id)::int,
      (select count(*) from lecture_progress p where p.user_id = e.user_id and p.course_id = e.course_id and p.completed)::int,
      (select p.lecture_id from lecture_progress p where p.user_id = e.user_id and p.course_id = e.course_id order by p.updated_at desc limit 1)
    from enrollments e where e.user_id = '${learner.id}' order by e.created_at asc`,
  // Access checks on every lecture view / video range request / payment
  isEnrolled: `select id from enrollments where user_id = '${learner.id}' and course_id = '${popular.id}' limit 1`,
  'media: watchable lecture': `select * from lectures l join courses c on c.id = l.course_id
    left join enrollments e on e.course_id = c.id and e.user_id = '${learner.id}' where l.id = '${lecture.id}' limit 1`,
  'payments: open order': `select * from payment_orders where user_id = '${learner.id}' and course_id = '${popular.id}'
    and provider = 'sandbox' and status = 'created' and amount = 49900 and expires_at > now() order by created_at desc limit 1`,
};

const only = opt.only ? new Set(opt.only.split(',')) : null;
const rows = [];
for (const [name, sql] of Object.entries(QUERIES)) {
  if (only && !only.has(name)) continue;
  await client.query(`explain (analyze, timing off) ${sql}`); // warm-up: same pages in cache
  const plan = (await client.query(`explain (analyze, buffers, format json) ${sql}`)).rows[0]['QUERY PLAN'][0];
  const top = [];
  const walk = (node, depth) => {
    if (depth > 2) return;
    top.push(
      `${node['Node Type']}${node['Index Name'] ? ` ${node['Index Name']}` : node['Relation Name'] ? ` ${node['Relation Name']}` : ''}`,
    );
    for (const child of node.Plans ?? []) walk(child, depth + 1);
  };
  walk(plan.Plan, 0);
  const row = {
    query: name,
    ms: Math.round(plan['Execution Time'] * 10) / 10,
    rows: plan.Plan['Actual Rows'],
    'buffers (8 KB)': (plan.Plan['Shared Hit Blocks'] ?? 0) + (plan.Plan['Shared Read Blocks'] ?? 0),
    plan: top.slice(0, 5).join(' > '),
  };
  rows.push(row);
  if (opt.plans) {
    console.log(`\n== ${name} (${row.ms} ms)`);
    const text = (await client.query(`explain (analyze, buffers) ${sql}`)).rows.map((r) => r['QUERY PLAN']);
    console.log(text.join('\n'));
  }
}
await client.end();
console.table(rows.map(({ plan, ...r }) => ({ ...r, plan: plan.length > 90 ? `${plan.slice(0, 87)}...` : plan })));
if (opt.json) writeFileSync(opt.json, `${JSON.stringify({ counts, rows }, null, 2)}\n`);
