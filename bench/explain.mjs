#!/usr/bin/env node
// `npm run bench:explain -- --database-url postgres://…/kaksha_scale_100k`: EXPLAIN (ANALYZE,
// BUFFERS) of the hot read queries on a database filled by `npm run db:seed-synthetic` (seed 1).
// The SQL is a hand copy of what the services send (modules/courses, reviews, progress, payments,
// media, users) as of issue 16, with parameters as literals; for the whole catalogue the
// `IN ($1, …, $n)` list of course ids becomes `IN (select …)` (at 100,000 courses the real list passes
// PostgreSQL's 65,535 bind-parameter limit and fails). Prints execution time, rows and the plan's
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

/** findCourses' aggregates (courses.presenter.ts): five correlated subqueries per course. */
const cardColumns = `c.*, u.name as creator_name,
  coalesce((select round(avg(r.rating)::numeric, 1) from reviews r where r.course_id = c.id), 0)::float8 as avg_rating,
  (select count(*) from reviews r where r.course_id = c.id)::int as review_count,
  (select count(*) from lectures l where l.course_id = c.id)::int as lecture_count,
  (select count(*) from enrollments e where e.course_id = c.id)::int as enrolled_count,
  (coalesce(c.price, 0)::bigint * (select count(*) from enrollments e where e.course_id = c.id))::float8 as earnings`;
const published = 'select id from courses where is_published';
// The services pass id lists as bind parameters (`IN ($1, …)`): literal lists plan the same way.
const list = (rows) => rows.map((r) => `'${r.id}'`).join(', ') || 'null';
const own = list((await client.query(`select id from courses where creator_id = '${educator}'`)).rows);
const enrolled = `select course_id from enrollments where user_id = '${learner.id}'`;

const QUERIES = {
  // GET /getpublishedcoures
  'catalogue: courses + aggregates': `select ${cardColumns} from courses c join users u on u.id = c.creator_id
    where c.is_published order by c.created_at desc, c.id asc`,
  'catalogue: lectures': `select * from lectures where course_id in (${published}) order by position, created_at, id`,
  'catalogue: reviews': `select r.*, u.* from reviews r join users u on u.id = r.user_id
    where r.course_id in (${published}) order by r.created_at desc, r.id desc`,
  // GET /api/review/allReview (and ?limit=6 for the landing page)
  allReview: `select r.*, u.*, c.title from reviews r join users u on u.id = r.user_id join courses c on c.id = r.course_id
    where c.is_published order by r.created_at desc, r.id desc`,
  'allReview limit 6': `select r.*, u.*, c.title from reviews r join users u on u.id = r.user_id join courses c on c.id = r.course_id
    where c.is_published order by r.created_at desc, r.id desc limit 6`,
  // GET /getcourse/{id} of the most popular course
  'getcourse: course + aggregates': `select ${cardColumns} from courses c join users u on u.id = c.creator_id where c.id = '${popular.id}'`,
  'getcourse: reviews': `select r.*, u.* from reviews r join users u on u.id = r.user_id where r.course_id in ('${popular.id}')
    order by r.created_at desc, r.id desc`,
  'getcourse: lectures': `select * from lectures where course_id in ('${popular.id}') order by position, created_at, id`,
  // GET /getcreatorcourses for educator 1
  'dashboard: courses + aggregates': `select ${cardColumns} from courses c join users u on u.id = c.creator_id
    where c.creator_id = '${educator}' order by c.created_at desc, c.id desc`,
  'dashboard: enrolled students': `select e.course_id, e.user_id from enrollments e join courses c on c.id = e.course_id
    where e.course_id in (${own}) and c.creator_id = '${educator}' order by e.created_at, e.user_id`,
  'dashboard: reviews': `select r.*, u.* from reviews r join users u on u.id = r.user_id where r.course_id in (${own})
    order by r.created_at desc, r.id desc`,
  'dashboard: lectures': `select * from lectures where course_id in (${own}) order by position, created_at, id`,
  // GET /getenrolledcourses, the user's enrolledCourses (presentUser) and /api/progress for a busy learner
  'enrolled: courses + aggregates': `select ${cardColumns} from courses c join users u on u.id = c.creator_id
    where c.id in (${enrolled})
    order by (select max(e.created_at) from enrollments e where e.course_id = c.id and e.user_id = '${learner.id}') desc, c.id desc`,
  'presentUser: enrolledCourses': `select c.id, c.title, c.thumbnail_key, c.category, c.level from enrollments e
    join courses c on c.id = e.course_id where e.user_id = '${learner.id}' order by e.created_at, e.course_id`,
  'progress: list': `select e.course_id,
      (select count(*) from lectures l where l.course_id = e.course_id)::int,
      (select count(*) from lecture_progress p where p.user_id = e.user_id and p.course_id = e.course_id and p.completed)::int,
      (select p.lecture_id from lecture_progress p where p.user_id = e.user_id and p.course_id = e.course_id order by p.updated_at desc limit 1)
    from enrollments e where e.user_id = '${learner.id}' order by e.created_at asc`,
  'progress: one course': `select p.* from lecture_progress p join lectures l on l.id = p.lecture_id
    where p.user_id = '${learner.id}' and l.course_id = '${popular.id}' order by l.position`,
  // Access checks on every lecture view / video range request / payment
  isEnrolled: `select id from enrollments where user_id = '${learner.id}' and course_id = '${popular.id}' limit 1`,
  'media: watchable lecture': `select * from lectures l join courses c on c.id = l.course_id
    left join enrollments e on e.course_id = c.id and e.user_id = '${learner.id}' where l.id = '${lecture.id}' limit 1`,
  'payments: open order': `select * from payment_orders where user_id = '${learner.id}' and course_id = '${popular.id}'
    and provider = 'sandbox' and status = 'created' and amount = 49900 and expires_at > now() order by created_at desc limit 1`,
  'payments: course has paid/paying orders': `select count(*) filter (where status = 'paid'), count(*) filter (where status = 'created'
    and created_at > now() - interval '1 hour') from payment_orders where course_id = '${popular.id}'`,
  // What the landing page's "popular courses" and a paged catalogue will need (issue 16 read models)
  'popular: enrolment counts per course': `select course_id, count(*) from enrollments group by course_id order by 2 desc limit 6`,
  'paged catalogue: newest 24 in 2 categories': `select id, title from courses where is_published
    and category in ('Web Development', 'AI/ML') order by created_at desc, id asc limit 24`,
  'paged catalogue: next page (keyset)': `select id, title from courses where is_published
    and category in ('Web Development', 'AI/ML')
    and (created_at, id) < (select created_at, id from courses where is_published order by created_at desc, id asc offset 5000 limit 1)
    order by created_at desc, id desc limit 24`,
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
