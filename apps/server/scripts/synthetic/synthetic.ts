/**
 * Synthetic-scale seeder for benchmarks and scale tests (issue 16). Never runs by default:
 *
 *   npm run db:seed-synthetic -- --courses 100000 --learners 100000 \
 *     [--enrollments 1000000] [--reviews 500000] [--educators N] [--big-educator 500] [--seed 1] \
 *     [--database-url postgres://…] [--data-dir DIR]
 *
 * Fills an EMPTY database (it refuses one with users or courses) with users, courses, lectures,
 * enrolments, paid orders, reviews, lecture progress and the AI search index. Everything is
 * made by set-based SQL (generate_series, json_to_recordset), so 100,000 courses and 1,000,000
 * enrolments take minutes on PostgreSQL. The same --seed gives the same ids and texts.
 * Without flags it uses the server's DATABASE_URL / DATA_DIR (media go to DATA_DIR/media or S3).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { hash } from '@node-rs/argon2';
import { type SQL, sql } from 'drizzle-orm';
import { DEMO_COURSES } from '../../src/bootstrap/seed/demo-data.ts';
import { loadConfig } from '../../src/core/config.ts';
import { type Database, type Db, openPglite, openPostgres } from '../../src/core/db/client.ts';
import { type Storage, storageFromConfig } from '../../src/core/storage.ts';
import { storeThumbnail } from '../../src/modules/media/media.service.ts';
import { reindexAll } from '../../src/modules/search/search.service.ts';
import {
  FIRST_NAMES,
  LAST_NAMES,
  prng,
  REVIEW_PHRASES,
  type SyntheticCourse,
  syntheticCourse,
  syntheticId,
} from './synthetic-data.ts';

/** Password of every synthetic user (emails: learner<n>@ / educator<n>@synthetic.kaksha.dev). */
export const SYNTHETIC_PASSWORD = 'Synthetic@123';
export const SYNTHETIC_EMAIL_DOMAIN = 'synthetic.kaksha.dev';
/** The stride primes below must exceed the number of published courses (see enrolments). */
export const MAX_SYNTHETIC_COURSES = 1_000_000;

export interface SyntheticOptions {
  courses: number;
  learners: number;
  /** Default: one per 20 courses. */
  educators?: number;
  /** Default: 10 per course, at most what the learners can take. */
  enrollments?: number;
  /** Default: half the enrolments. */
  reviews?: number;
  /** Courses of educator 1, the "big dashboard" case. Default min(500, courses). */
  bigEducatorCourses?: number;
  /** Share of enrolments with lecture progress. Default 0.2. */
  progressShare?: number;
  seed?: number;
  /** Courses per INSERT statement. */
  batchSize?: number;
}

export interface SyntheticCounts {
  users: number;
  courses: number;
  publishedCourses: number;
  lectures: number;
  enrollments: number;
  paymentOrders: number;
  reviews: number;
  lectureProgress: number;
  searchIndexed: number;
}

export class SyntheticSeedError extends Error {}

const here = path.dirname(fileURLToPath(import.meta.url));
const seedMediaDir = path.resolve(here, '../../seed-media');
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A uniform number in [0, 1) from text, the same on every run and on both databases. */
const u = (text: SQL) => sql`((hashtext(${text})::float8 + 2147483648.0) / 4294967296.0)`;

/**
 * Fills an empty database. `storage` receives a few shared thumbnails and lecture videos that
 * every course points to (null: courses without media). Each step is a handful of statements;
 * a failure leaves a partly filled database: drop it and start again.
 */
export async function seedSynthetic(
  db: Db,
  storage: Storage | null,
  options: SyntheticOptions,
  log: (message: string) => void = () => {},
): Promise<SyntheticCounts> {
  const o = resolveOptions(options);
  const S = sql.raw(`'${o.seed}'`);
  const started = performance.now();
  const step = (what: string) => log(`${what} (${((performance.now() - started) / 1000).toFixed(1)} s)`);

  const [{ users: userCount, courses: courseCount }] = rowsOf<{ users: number; courses: number }>(
    await db.execute(
      sql`select (select count(*) from users)::int as users, (select count(*) from courses)::int as courses`,
    ),
  );
  if (userCount > 0 || courseCount > 0) {
    throw new SyntheticSeedError(
      `The database is not empty (${userCount} users, ${courseCount} courses); the synthetic seeder only fills an ` +
        'empty one. Seed a new database (createdb …) or a new --data-dir before the server first starts on it ' +
        '(or start it with SEED_DEMO=false: it fills an empty database with demo content).',
    );
  }

  const media = storage ? await storeSharedMedia(storage) : null;
  step('media stored');

  // Users: educators 1..E and learners 1..M, ids md5("<seed>:<kind>:<n>").
  const passwordHash = await hash(SYNTHETIC_PASSWORD);
  const names = sql`(select array(select json_array_elements_text(${JSON.stringify(FIRST_NAMES)}::json)) as f,
    array(select json_array_elements_text(${JSON.stringify(LAST_NAMES)}::json)) as l) names`;
  for (const [kind, count] of [
    ['educator', o.educators],
    ['learner', o.learners],
  ] as const) {
    await db.execute(sql`
      insert into users (id, name, email, password_hash, role, description, created_at, updated_at)
      select md5(${S} || ${`:${kind}:`} || n)::uuid,
        names.f[1 + (n - 1) % cardinality(names.f)] || ' ' || names.l[1 + (n * 7 + n / cardinality(names.f)) % cardinality(names.l)],
        ${kind} || n || ${`@${SYNTHETIC_EMAIL_DOMAIN}`},
        ${passwordHash},
        ${kind === 'educator' ? 'educator' : 'student'},
        ${kind === 'educator' ? 'Practitioner and teacher. I build what I teach and teach what I build.' : ''},
        now() - interval '1500 days' + interval '300 days' * ${u(sql`${S} || ${`:${kind}-at:`} || n`)},
        now() - interval '1200 days'
      from generate_series(1, ${count}::int) n, ${names}`);
  }
  step(`users: ${o.educators} educators, ${o.learners} learners`);

  // Courses and lectures, generated in JS (varied texts) and inserted in batches.
  const span = 1095 * 86_400_000;
  const now = Date.now();
  for (let from = 0; from < o.courses; from += o.batchSize) {
    const batch = [];
    for (let i = from; i < Math.min(o.courses, from + o.batchSize); i++) {
      const c = syntheticCourse(o.seed, i);
      const at = new Date(now - span + Math.floor(((i + 0.5) / o.courses) * span));
      batch.push(courseRecord(o, i, c, at, media));
    }
    const json = JSON.stringify(batch);
    await db.execute(sql`
      insert into courses (id, creator_id, title, sub_title, description, category, level, language, price,
        thumbnail_key, is_published, created_at, updated_at)
      select id, creator_id, title, sub_title, description, category, level, language, price, thumbnail_key,
        is_published, created_at, created_at + interval '2 hours'
      from json_to_recordset(${json}::json) as x(id uuid, creator_id uuid, title text, sub_title text,
        description text, category text, level text, language text, price int, thumbnail_key text,
        is_published boolean, created_at timestamptz)`);
    await db.execute(sql`
      insert into lectures (course_id, lecture_title, position, video_key, video_mime, video_size, duration_seconds,
        is_preview_free, created_at, updated_at)
      select x.id, l.title, l.position, l.video_key, case when l.video_key is null then null else 'video/mp4' end,
        l.video_size, l.duration, l.position = 0, x.created_at + interval '1 hour', x.created_at + interval '1 hour'
      from json_to_recordset(${json}::json) as x(id uuid, created_at timestamptz, lectures json)
      cross join lateral json_to_recordset(x.lectures)
        as l(title text, position int, video_key text, video_size bigint, duration real)`);
    if ((from / o.batchSize) % 10 === 9 && from + batch.length < o.courses) step(`courses: ${from + batch.length}`);
  }
  step(`courses: ${o.courses}`);

  await db.transaction(async (tx) => {
    // Published courses numbered 0..P-1 in id order (random with respect to age and category).
    await tx.execute(sql`
      create temp table synthetic_published on commit drop as
      select (row_number() over (order by id) - 1)::int as pidx, id, coalesce(price, 0) as price, created_at
      from courses where is_published`);
    await tx.execute(sql`create unique index on synthetic_published (pidx)`);
    await tx.execute(sql`analyze synthetic_published`);
    const [{ p }] = rowsOf<{ p: number }>(await tx.execute(sql`select count(*)::int as p from synthetic_published`));
    if (p === 0) return;
    // Learner l takes n_l courses: (a_l + j × stride) mod P for j < n_l — distinct because the
    // stride is a prime above P. a_l ~ P·u³ makes a few courses popular (thousands of
    // learners) and most quiet. n_l: an even share, ± a random amount within each pair of
    // learners, so the total is exact and some learners have none.
    const q = Math.floor(o.enrollments / o.learners);
    const rem = o.enrollments % o.learners;
    const chunk = 20_000;
    for (let lo = 1; lo <= o.learners; lo += chunk) {
      const hi = Math.min(o.learners, lo + chunk - 1);
      await tx.execute(sql`
        with k as (
          select l, md5(${S} || ':learner:' || l)::uuid as user_id,
            greatest(0, least(${p}::int,
              ${q}::int + (l <= ${rem}::int)::int
              + case when l % 2 = 1 and l = ${o.learners}::int then 0 when l % 2 = 1 then 1 else -1 end
                * floor(${u(sql`${S} || ':spread:' || ((l + 1) / 2)`)} * (${q}::int + 1))::int)) as n,
            floor(${p}::int * power(${u(sql`${S} || ':first:' || l`)}, 3))::bigint as a,
            (array[1000003, 1000033, 1000037, 1000039])[1 + l % 4]::bigint as stride
          from generate_series(${lo}::int, ${hi}::int) l
        ), picks as (
          select k.user_id, k.l, j, ((k.a + j::bigint * k.stride) % ${p}::int)::int as pidx
          from k cross join lateral generate_series(0, k.n - 1) j
        ), ins as (
          insert into enrollments (user_id, course_id, amount_paid, created_at)
          select p.user_id, c.id, c.price * 100,
            c.created_at + (now() - c.created_at) * ${u(sql`${S} || ':enrolled:' || p.l || ':' || p.j`)}
          from picks p join synthetic_published c on c.pidx = p.pidx
          returning id, user_id, course_id, amount_paid, created_at
        )
        insert into payment_orders (provider_order_id, provider, user_id, course_id, amount, currency, status,
          provider_payment_id, paid_at, expires_at, created_at, updated_at)
        select 'order_' || substr(md5(ins.id::text), 1, 14), 'sandbox', ins.user_id, ins.course_id, ins.amount_paid,
          'INR', 'paid', 'pay_' || substr(md5(ins.id::text || 'pay'), 1, 14), ins.created_at,
          ins.created_at + interval '28 minutes', ins.created_at - interval '2 minutes', ins.created_at
        from ins where ins.amount_paid > 0`);
      if (hi < o.learners && (hi / chunk) % 5 === 0) step(`enrolments: learners up to ${hi}`);
    }
  });
  step('enrolments and paid orders');

  // Reviews: a deterministic sample of enrolments. Each course has a quality that shifts its
  // ratings (3.4–4.9 on average); the comment's tone follows the rating.
  await db.execute(sql`
    with ph as (
      select array(select json_array_elements_text(${JSON.stringify(REVIEW_PHRASES.good)}::json)) as good,
        array(select json_array_elements_text(${JSON.stringify(REVIEW_PHRASES.mixed)}::json)) as mixed,
        array(select json_array_elements_text(${JSON.stringify(REVIEW_PHRASES.bad)}::json)) as bad
    ), chosen as (
      select e.user_id, e.course_id, e.created_at,
        least(5, greatest(1, round(3.4 + 1.5 * ${u(sql`${S} || ':quality:' || e.course_id`)}
          + (${u(sql`${S} || ':rating:' || e.user_id || e.course_id`)} - 0.5) * 3)))::int as rating,
        ${u(sql`${S} || ':c1:' || e.user_id || e.course_id`)} as r1,
        ${u(sql`${S} || ':c2:' || e.user_id || e.course_id`)} as r2,
        ${u(sql`${S} || ':at:' || e.user_id || e.course_id`)} as r3
      from enrollments e
      order by hashtext(${S} || ':review:' || e.user_id || e.course_id), e.user_id, e.course_id
      limit ${o.reviews}::int
    ), texts as (
      select c.*, case when c.rating >= 4 then ph.good when c.rating = 3 then ph.mixed else ph.bad end as a
      from chosen c, ph
    )
    insert into reviews (course_id, user_id, rating, comment, created_at, updated_at)
    select course_id, user_id, rating,
      a[1 + floor(r1 * cardinality(a))::int] || ' ' ||
        a[1 + (floor(r1 * cardinality(a))::int + 1 + floor(r2 * (cardinality(a) - 1))::int) % cardinality(a)],
      created_at + (now() - created_at) * r3, created_at + (now() - created_at) * r3
    from texts`);
  step('reviews');

  // Progress: a share of enrolments watched their first 1–4 lectures (the last one half-way).
  await db.execute(sql`
    insert into lecture_progress (user_id, lecture_id, course_id, position_seconds, completed, updated_at)
    select e.user_id, l.id, e.course_id,
      case when l.position < e.k - 1 then coalesce(l.duration_seconds, 600) else coalesce(l.duration_seconds, 600) * 0.4 end,
      l.position < e.k - 1,
      least(now(), e.created_at + (l.position + 1) * interval '1 day')
    from (
      select user_id, course_id, created_at, 1 + floor(4 * ${u(sql`${S} || ':depth:' || user_id || course_id`)})::int as k
      from enrollments
      where ${u(sql`${S} || ':progress:' || user_id || course_id`)} < ${o.progressShare}::float8
    ) e
    join lectures l on l.course_id = e.course_id and l.position < e.k`);
  step('lecture progress');

  // The search service's own bulk path (embeddings are computed in JS), 1,000 courses a statement.
  const indexed = await reindexAll(db, 1000, (done) => {
    if (done % 10_000 === 0) step(`search index: ${done}`);
  });
  step(`search index: ${indexed} courses`);

  // A database in its steady state: planner statistics, and the visibility map that index-only
  // scans need (a bulk load leaves it empty; PGlite runs no autovacuum to fill it).
  await db.execute(sql`vacuum analyze`);
  step('vacuumed and analyzed');
  return countRows(db);
}

function resolveOptions(options: SyntheticOptions) {
  const int = (name: string, v: number | undefined, min: number, max: number) => {
    if (v === undefined) return undefined;
    if (!Number.isInteger(v) || v < min || v > max) {
      throw new SyntheticSeedError(`--${name} must be a whole number from ${min} to ${max.toLocaleString('en')}`);
    }
    return v;
  };
  const courses = int('courses', options.courses, 1, MAX_SYNTHETIC_COURSES) as number;
  const learners = int('learners', options.learners, 1, 10_000_000) as number;
  const educators = int('educators', options.educators, 1, courses) ?? Math.max(1, Math.ceil(courses / 20));
  const enrollments =
    int('enrollments', options.enrollments, 0, 100_000_000) ??
    Math.min(courses * 10, Math.floor(learners * courses * 0.5));
  const reviews = int('reviews', options.reviews, 0, enrollments) ?? Math.floor(enrollments / 2);
  const bigEducatorCourses = int('big-educator', options.bigEducatorCourses, 0, courses) ?? Math.min(500, courses);
  const progressShare = options.progressShare ?? 0.2;
  if (!(progressShare >= 0 && progressShare <= 1)) throw new SyntheticSeedError('progressShare must be from 0 to 1');
  const seed = int('seed', options.seed, 0, 1_000_000) ?? 1;
  const batchSize = int('batch-size', options.batchSize, 1, 100_000) ?? 2000;
  return { courses, learners, educators, enrollments, reviews, bigEducatorCourses, progressShare, seed, batchSize };
}

type Resolved = ReturnType<typeof resolveOptions>;
type SharedMedia = Awaited<ReturnType<typeof storeSharedMedia>>;

/** Educator 1 owns the first `bigEducatorCourses`; the others share the rest evenly. */
function creatorOf(o: Resolved, i: number) {
  if (i < o.bigEducatorCourses || o.educators === 1) return 1;
  return 2 + ((i * 7919) % (o.educators - 1));
}

function courseRecord(o: Resolved, i: number, c: SyntheticCourse, at: Date, media: SharedMedia | null) {
  const r = prng((o.seed * 97 + i * 131) >>> 0);
  const thumbs = media ? (media.thumbnails.get(c.category) ?? media.allThumbnails) : [];
  return {
    id: syntheticId(o.seed, 'course', i),
    creator_id: syntheticId(o.seed, 'educator', creatorOf(o, i)),
    title: c.title,
    sub_title: c.subTitle,
    description: c.description,
    category: c.category,
    level: c.level,
    language: c.language,
    price: c.price,
    // A few drafts have no thumbnail yet.
    thumbnail_key: thumbs.length && (c.isPublished || r() < 0.5) ? thumbs[Math.floor(r() * thumbs.length)] : null,
    is_published: c.isPublished,
    created_at: at.toISOString(),
    lectures: c.lectures.map((title, position) => {
      const video = media?.videos[(i + position) % media.videos.length];
      return {
        title,
        position,
        video_key: video?.key ?? null,
        video_size: video?.size ?? null,
        duration: video ? 240 + Math.floor(r() * 1260) : null,
      };
    }),
  };
}

/** The demo thumbnails (by category) and lecture videos, stored once and shared by every course. */
async function storeSharedMedia(storage: Storage) {
  const thumbnails = new Map<string, string[]>();
  const allThumbnails: string[] = [];
  // English ones only: the synthetic texts are English (the Hindi demo thumbnails carry Hindi titles).
  for (const c of DEMO_COURSES.filter((demo) => (demo.language ?? 'en') === 'en')) {
    const key = await storeThumbnail(
      storage,
      'synthetic',
      await readFile(path.join(seedMediaDir, 'thumbnails', c.thumbnail)),
    );
    thumbnails.set(c.category, [...(thumbnails.get(c.category) ?? []), key]);
    allThumbnails.push(key);
  }
  const videos: { key: string; size: number }[] = [];
  for (const name of ['lecture-01.mp4', 'lecture-02.mp4', 'lecture-03.mp4', 'lecture-04.mp4']) {
    const key = `private/synthetic/${name}`;
    const { size } = await storage.put(key, await readFile(path.join(seedMediaDir, 'videos', name)));
    videos.push({ key, size });
  }
  return { thumbnails, allThumbnails, videos };
}

export async function countRows(db: Db): Promise<SyntheticCounts> {
  const [row] = rowsOf<SyntheticCounts>(
    await db.execute(sql`select
      (select count(*) from users)::int as "users",
      (select count(*) from courses)::int as "courses",
      (select count(*) from courses where is_published)::int as "publishedCourses",
      (select count(*) from lectures)::int as "lectures",
      (select count(*) from enrollments)::int as "enrollments",
      (select count(*) from payment_orders)::int as "paymentOrders",
      (select count(*) from reviews)::int as "reviews",
      (select count(*) from lecture_progress)::int as "lectureProgress",
      (select count(*) from course_search)::int as "searchIndexed"`),
  );
  return row;
}

async function main() {
  const { values } = parseArgs({
    options: {
      courses: { type: 'string' },
      learners: { type: 'string' },
      educators: { type: 'string' },
      enrollments: { type: 'string' },
      reviews: { type: 'string' },
      'big-educator': { type: 'string' },
      seed: { type: 'string' },
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
    },
  });
  const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));
  if (!values.courses || !values.learners) {
    console.error(
      'usage: npm run db:seed-synthetic -- --courses N --learners M [--enrollments E] [--reviews R] [--educators N]\n' +
        '         [--big-educator 500] [--seed 1] [--database-url URL] [--data-dir DIR]',
    );
    process.exit(2);
  }
  // The server's own configuration, with the flags taking precedence.
  const config = loadConfig({
    ...process.env,
    ...(values['data-dir'] ? { DATA_DIR: values['data-dir'] } : {}),
    ...(values['database-url'] ? { DATABASE_URL: values['database-url'] } : {}),
  });
  // One connection: the enrolment step uses a temporary table.
  const database: Database = config.databaseUrl
    ? await openPostgres(config.databaseUrl, { poolSize: 1 })
    : await openPglite(path.join(config.dataDir, 'db'));
  const storage = await storageFromConfig(config);
  console.log(
    `seeding ${config.databaseUrl ? new URL(config.databaseUrl).pathname.slice(1) : `PGlite in ${config.dataDir}/db`}`,
  );
  try {
    const counts = await seedSynthetic(
      database.db,
      storage,
      {
        courses: num(values.courses) as number,
        learners: num(values.learners) as number,
        educators: num(values.educators),
        enrollments: num(values.enrollments),
        reviews: num(values.reviews),
        bigEducatorCourses: num(values['big-educator']),
        seed: num(values.seed),
      },
      (m) => console.log(`  ${m}`),
    );
    console.table(counts);
    console.log(
      `sign in as learner1@${SYNTHETIC_EMAIL_DOMAIN} or educator1@${SYNTHETIC_EMAIL_DOMAIN} / ${SYNTHETIC_PASSWORD}`,
    );
  } catch (error) {
    if (error instanceof SyntheticSeedError) {
      console.error(error.message);
      process.exitCode = 1;
    } else throw error;
  } finally {
    await storage.close?.();
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
