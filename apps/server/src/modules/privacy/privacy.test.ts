import { randomBytes, randomUUID } from 'node:crypto';
import { DELETED_USER_NAME } from '@kaksha/contracts';
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createCourse, createUser, enroll, loginCookie, type TestApp } from '../../test/app.ts';
import {
  ERASURE_RULES,
  EXPORT_EXCLUDED,
  pseudonymTables,
  unlinkedUserColumns,
  userColumns,
} from './privacy.service.ts';

/*
 * The learner's data rights (issue #32) on a user who has a row in EVERY table that references
 * users (the table list is read from the database): the export holds each of them, and erasure
 * leaves the name and the e-mail nowhere but in tax documents. A table added later fails the
 * first test until it has a marker here and a rule in privacy.tables.ts.
 */

type Rows = { rows: Record<string, unknown>[] };
const q = async (app: TestApp, query: ReturnType<typeof sql>) =>
  ((await app.db.execute(query)) as unknown as Rows).rows;

interface World {
  subject: Awaited<ReturnType<typeof createUser>>;
  other: Awaited<ReturnType<typeof createUser>>;
  educator: Awaited<ReturnType<typeof createUser>>;
  /** The other educator's course the subject learns in, with a lecture. */
  course: Awaited<ReturnType<typeof createCourse>>;
  /** The subject's own course (they teach too). */
  ownCourse: Awaited<ReturnType<typeof createCourse>>;
  ids: Record<string, string>;
}

/**
 * One marker row of the subject in each table that references users, by table. Inserted in this
 * order (later ones may use earlier ones' rows through `w.ids`).
 */
const MARKERS: Record<string, (app: TestApp, w: World) => Promise<void>> = {
  sessions: async (app, w) => {
    await loginCookie(app, w.subject);
  },
  password_resets: async (app, w) => {
    await q(
      app,
      sql`insert into password_resets (user_id, code_hash, expires_at) values (${w.subject.id}, 'x', now() + interval '1 hour') returning 1`,
    );
  },
  billing_details: async (app, w) => {
    await q(
      app,
      sql`insert into billing_details (user_id, name, state_code, address) values (${w.subject.id}, ${w.subject.name}, '29', ${`${w.subject.name}, 12 MG Road`}) returning 1`,
    );
  },
  enrollments: async (app, w) => {
    await enroll(app, w.subject.id, w.course.id);
  },
  lecture_progress: async (app, w) => {
    await q(
      app,
      sql`insert into lecture_progress (user_id, lecture_id, course_id, position_seconds, completed) values (${w.subject.id}, ${w.course.lectures[0].id}, ${w.course.id}, 30, true) returning 1`,
    );
  },
  quiz_attempts: async (app, w) => {
    const [quiz] = await q(
      app,
      sql`insert into quizzes (course_id, title, pass_percent, questions) values (${w.course.id}, 'Quiz', 50, '[]'::jsonb) returning id`,
    );
    await q(
      app,
      sql`insert into quiz_attempts (quiz_id, user_id, attempt, answers, score_percent, passed) values (${quiz.id}, ${w.subject.id}, 1, '[]'::jsonb, 100, true) returning 1`,
    );
  },
  wishlist_items: async (app, w) => {
    await q(
      app,
      sql`insert into wishlist_items (user_id, course_id) values (${w.subject.id}, ${w.course.id}) returning 1`,
    );
  },
  certificates: async (app, w) => {
    const [c] = await q(
      app,
      sql`insert into certificates (user_id, course_id, learner_name, course_title, educator_name) values (${w.subject.id}, ${w.course.id}, ${w.subject.name}, ${w.course.title}, ${w.educator.name}) returning id`,
    );
    w.ids.certificate = String(c.id);
    // Another learner's certificate of the subject's own course names the subject as its educator.
    const [o] = await q(
      app,
      sql`insert into certificates (user_id, course_id, learner_name, course_title, educator_name) values (${w.other.id}, ${w.ownCourse.id}, ${w.other.name}, ${w.ownCourse.title}, ${w.subject.name}) returning id`,
    );
    w.ids.othersCertificate = String(o.id);
  },
  reviews: async (app, w) => {
    const [r] = await q(
      app,
      sql`insert into reviews (course_id, user_id, rating, comment) values (${w.course.id}, ${w.subject.id}, 5, 'Clear and practical') returning id`,
    );
    w.ids.review = String(r.id);
  },
  qa_questions: async (app, w) => {
    const [question] = await q(
      app,
      sql`insert into qa_questions (course_id, user_id, title, body, search_tsv) values (${w.course.id}, ${w.subject.id}, 'How do closures work?', 'In the second lecture', to_tsvector('simple', 'closures')) returning id`,
    );
    w.ids.question = String(question.id);
  },
  qa_answers: async (app, w) => {
    const [a] = await q(
      app,
      sql`insert into qa_answers (question_id, user_id, body) values (${w.ids.question}, ${w.subject.id}, 'They capture variables') returning id`,
    );
    w.ids.answer = String(a.id);
  },
  qa_votes: async (app, w) => {
    await q(
      app,
      sql`insert into qa_votes (question_id, user_id) values (${w.ids.question}, ${w.subject.id}) returning 1`,
    );
  },
  qa_reports: async (app, w) => {
    await q(
      app,
      sql`insert into qa_reports (user_id, question_id, reason) values (${w.subject.id}, ${w.ids.question}, 'spam') returning 1`,
    );
  },
  notification_events: async (app, w) => {
    // The subject answered someone: the other learner's notification carries the subject's name.
    const [e] = await q(
      app,
      sql`insert into notification_events (kind, dedupe_key, actor_id) values ('answer', ${`answer:${w.ids.answer}`}, ${w.subject.id}) returning id`,
    );
    w.ids.event = String(e.id);
    await q(
      app,
      sql`insert into notifications (user_id, event_id, kind, params, link) values (${w.other.id}, ${e.id}, 'answer', ${JSON.stringify({ question: 'How?', name: w.subject.name, answer: 'Like this' })}::jsonb, '/x') returning 1`,
    );
  },
  notifications: async (app, w) => {
    const [e] = await q(
      app,
      sql`insert into notification_events (kind, dedupe_key) values ('certificate', ${`certificate:${w.ids.certificate}`}) returning id`,
    );
    await q(
      app,
      sql`insert into notifications (user_id, event_id, kind, title, body, link) values (${w.subject.id}, ${e.id}, 'certificate', 'Your certificate is ready', ${`Well done, ${w.subject.name}`}, '/x') returning 1`,
    );
    w.ids.ownEvent = String(e.id);
  },
  notification_preferences: async (app, w) => {
    await q(
      app,
      sql`insert into notification_preferences (user_id, kind, mode) values (${w.subject.id}, 'answer', 'daily') returning 1`,
    );
  },
  notification_mails_sent: async (app, w) => {
    await q(
      app,
      sql`insert into notification_mails_sent (event_id, user_id) values (${w.ids.ownEvent}, ${w.subject.id}) returning 1`,
    );
  },
  notification_digests: async (app, w) => {
    await q(
      app,
      sql`insert into notification_digests (user_id, day) values (${w.subject.id}, current_date) returning 1`,
    );
  },
  payment_orders: async (app, w) => {
    const [o] = await q(
      app,
      sql`insert into payment_orders (provider_order_id, provider, user_id, course_id, amount, status, expires_at) values (${`order_${randomBytes(6).toString('hex')}`}, 'sandbox', ${w.subject.id}, ${w.course.id}, 49900, 'paid', now() + interval '1 hour') returning id`,
    );
    w.ids.order = String(o.id);
  },
  invoices: async (app, w) => {
    const seq = 100_000 + Math.floor(Math.random() * 800_000);
    const [i] = await q(
      app,
      sql`insert into invoices (kind, number, financial_year, sequence, order_id, user_id, course_id, seller, buyer, place_of_supply, sac, description, gst_rate, price, discount, taxable, cgst, sgst, igst, total)
      values ('invoice', ${`T/${seq}`}, 2026, ${seq}, ${w.ids.order}, ${w.subject.id}, ${w.course.id},
        ${JSON.stringify({ name: 'Kaksha Demo', address: 'Bengaluru', gstin: null, stateCode: '29' })}::jsonb,
        ${JSON.stringify({ name: w.subject.name, stateCode: '29', gstin: null })}::jsonb,
        '29', '999293', ${w.course.title}, 18, 49900, 0, 42288, 3806, 3806, 0, 49900) returning id`,
    );
    w.ids.invoice = String(i.id);
  },
  refunds: async (app, w) => {
    await q(
      app,
      sql`insert into refunds (order_id, user_id, course_id, amount, reason, status) values (${w.ids.order}, ${w.subject.id}, ${w.course.id}, 49900, 'changed my mind', 'processed') returning 1`,
    );
  },
  coupons: async (app, w) => {
    const [c] = await q(
      app,
      sql`insert into coupons (creator_id, course_id, code, type, value) values (${w.subject.id}, ${w.ownCourse.id}, ${`SAVE-${randomBytes(3).toString('hex').toUpperCase()}`}, 'percent', 10) returning id`,
    );
    w.ids.coupon = String(c.id);
  },
  coupon_redemptions: async (app, w) => {
    await q(
      app,
      sql`insert into coupon_redemptions (coupon_id, user_id, course_id, status, discount, amount) values (${w.ids.coupon}, ${w.subject.id}, ${w.ownCourse.id}, 'redeemed', 100, 900) returning 1`,
    );
  },
  courses: async () => {
    // The subject's own course (World.ownCourse).
  },
  ledger_entries: async (app, w) => {
    await q(
      app,
      sql`insert into ledger_entries (educator_id, kind, gross, gst, platform_fee, educator_share, available_at, reason) values (${w.subject.id}, 'adjustment', 0, 0, 0, 100, now(), 'welcome bonus') returning 1`,
    );
  },
  earnings_balances: async (app, w) => {
    // Paid out to zero: an educator with money still owed is refused (its own test).
    await q(
      app,
      sql`insert into earnings_balances (educator_id, balance, lifetime, paid_out) values (${w.subject.id}, 0, 100, 100) returning 1`,
    );
  },
  earnings_monthly: async (app, w) => {
    await q(
      app,
      sql`insert into earnings_monthly (educator_id, month, earned, paid_out) values (${w.subject.id}, '2026-11', 100, 100) returning 1`,
    );
  },
  payout_accounts: async (app, w) => {
    await q(
      app,
      sql`insert into payout_accounts (educator_id, account_holder, account_number_encrypted, account_last4, ifsc, pan_encrypted, pan_last4) values (${w.subject.id}, ${w.subject.name}, 'enc', '1234', 'HDFC0001234', 'enc', '234F') returning 1`,
    );
  },
  payouts: async (app, w) => {
    const [run] = await q(
      app,
      sql`insert into payout_runs (provider, actor_id) values ('sandbox', ${w.subject.id}) returning id`,
    );
    await q(
      app,
      sql`insert into payouts (run_id, educator_id, amount, provider, status, account_last4, ifsc) values (${run.id}, ${w.subject.id}, 100, 'sandbox', 'paid', '1234', 'HDFC0001234') returning 1`,
    );
  },
  two_factor: async (app, w) => {
    // Set up but not turned on (the 2FA erasure rule has its own test).
    await q(app, sql`insert into two_factor (user_id, secret_encrypted) values (${w.subject.id}, 'enc') returning 1`);
  },
  two_factor_recovery_codes: async (app, w) => {
    await q(
      app,
      sql`insert into two_factor_recovery_codes (user_id, code_hash) values (${w.subject.id}, 'hash') returning 1`,
    );
  },
  known_devices: async (app, w) => {
    await q(app, sql`insert into known_devices (user_id, device_hash) values (${w.subject.id}, 'device') returning 1`);
  },
  data_exports: async (app, w) => {
    await q(app, sql`insert into data_exports (user_id, status) values (${w.subject.id}, 'queued') returning 1`);
  },
};

/** The subject's pseudonym in course analytics, as modules/analytics computes it. */
const pseudonymOf = (app: TestApp, userId: string) => app.analytics.row({ type: 'course_view', userId }, null)?.learner;

/** One row of the subject in each table that holds people under their analytics pseudonym (`learner`). */
const PSEUDONYM_MARKERS: Record<string, (app: TestApp, w: World) => Promise<void>> = {
  analytics_events: async (app, w) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { cookie: await loginCookie(app, w.subject) },
      payload: { events: [{ type: 'course_view', courseId: w.course.id }] },
    });
    expect(res.statusCode).toBe(202);
    // Left in the recorder's memory: erasure writes it out before deleting.
  },
  analytics_search_log: async (app, w) => {
    await q(
      app,
      sql`insert into analytics_search_log (event_id, at, day, learner, topic, key, variant, label, results, shown) values (${Math.floor(Math.random() * 1e12)}, now(), current_date, ${pseudonymOf(app, w.subject.id)}, 'closures', 'closures', 'closures', 'closures in javascript', 3, '{}'::uuid[]) returning 1`,
    );
  },
  analytics_search_daily: async (app, w) => {
    await q(
      app,
      sql`insert into analytics_search_daily (day, topic, learner, variant, label, searches, results) values (current_date, 'closures', ${pseudonymOf(app, w.subject.id)}, 'closures', 'closures', 1, 3) returning 1`,
    );
  },
  analytics_search_demand_days: async (app, w) => {
    await q(
      app,
      sql`insert into analytics_search_demand_days (scope, topic, variant, learner, day) values ('*', 'closures', '', ${pseudonymOf(app, w.subject.id)}, current_date) returning 1`,
    );
  },
  // What the analytics rollup keeps of the current days.
  analytics_course_learners: async (app, w) => {
    await q(
      app,
      sql`insert into analytics_course_learners (course_id, day, learner) values (${w.course.id}, current_date, ${pseudonymOf(app, w.subject.id)}) returning 1`,
    );
  },
  analytics_first_views: async (app, w) => {
    await q(
      app,
      sql`insert into analytics_first_views (course_id, day, learner, visitor, at, event_id, source) values (${w.course.id}, current_date, ${pseudonymOf(app, w.subject.id)}, '', now(), 1, '(direct)') returning 1`,
    );
  },
  analytics_visitor_links: async (app, w) => {
    await q(
      app,
      sql`insert into analytics_visitor_links (day, learner, visitor) values (current_date, ${pseudonymOf(app, w.subject.id)}, 'a-visitor') returning 1`,
    );
  },
  analytics_enrolment_sources: async (app, w) => {
    await q(
      app,
      sql`insert into analytics_enrolment_sources (event_id, course_id, day, learner, source) values (${Math.floor(Math.random() * 1e12)}, ${w.course.id}, current_date, ${pseudonymOf(app, w.subject.id)}, '(direct)') returning 1`,
    );
  },
  analytics_educator_daily: async (app, w) => {
    // Not a pseudonym table: keyed by the educator's id without a foreign key (an unlinked column).
    // A day long past: the analytics rollup recomputes recent days (and would drop a made-up row).
    await q(
      app,
      sql`insert into analytics_educator_daily (educator_id, day) values (${w.subject.id}, '2020-01-01') returning 1`,
    );
  },
  analytics_search_clicks: async (app, w) => {
    await q(
      app,
      sql`insert into analytics_search_clicks (key, course_id, learner, shown, last_at) values ('closures', ${w.course.id}, ${pseudonymOf(app, w.subject.id)}, 1, now()) returning 1`,
    );
  },
};

async function makeWorld(app: TestApp): Promise<World> {
  const tag = randomBytes(4).toString('hex');
  // A name and an address found nowhere else, so the scan's hits are this user's.
  const subject = await createUser(app, {
    name: `Zephyrine Quillfeather${tag}`,
    email: `zephyrine.${tag}@example.com`,
    role: 'educator',
  });
  const other = await createUser(app, { name: `Other Learner ${tag}` });
  const educator = await createUser(app, { name: `Teacher ${tag}`, role: 'educator' });
  const course = await createCourse(app, educator.id, {
    title: `Closures ${tag}`,
    lectures: [{ lectureTitle: 'One' }],
  });
  const ownCourse = await createCourse(app, subject.id, { title: `Subject's course ${tag}` });
  const world: World = { subject, other, educator, course, ownCourse, ids: {} };
  for (const marker of Object.values(MARKERS)) await marker(app, world);
  for (const marker of Object.values(PSEUDONYM_MARKERS)) await marker(app, world);
  return world;
}

describe('data rights: every table that references users', async () => {
  const app = await buildTestApp();
  const columns = await userColumns(app.db, true);
  const pseudonymous = await pseudonymTables(app.db, true);
  const world = await makeWorld(app);
  const learner = pseudonymOf(app, world.subject.id);
  const cookie = await loginCookie(app, world.subject);

  it('has a marker here and a rule in privacy.tables.ts for every table with a foreign key to users', () => {
    expect(columns.length).toBeGreaterThan(20);
    const missingMarker = [...new Set(columns.map((c) => c.table))].filter((t) => !(t in MARKERS));
    expect(
      missingMarker,
      'tables that reference users without a marker row in privacy.test.ts (add one, and a rule in privacy.tables.ts)',
    ).toEqual([]);
    const missingRule = columns.map((c) => `${c.table}.${c.column}`).filter((k) => !(k in ERASURE_RULES));
    expect(missingRule, 'columns that reference users without an ERASURE_RULES entry in privacy.tables.ts').toEqual([]);
    expect(pseudonymous).toContain('analytics_events');
    const missingPseudonymMarker = pseudonymous.filter((t) => !(t in PSEUDONYM_MARKERS));
    expect(missingPseudonymMarker, 'tables with a `learner` pseudonym without a marker row in privacy.test.ts').toEqual(
      [],
    );
  });

  it('exports a ZIP with the marker row of every table the user is in, secrets withheld', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/user/export', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="kaksha-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const read = (name: string) => JSON.parse(strFromU8(files[name])) as Record<string, unknown>[];
    const missing: string[] = [];
    for (const c of columns) {
      if (c.table in EXPORT_EXCLUDED) continue;
      const rows = files[`tables/${c.table}.json`] ? read(`tables/${c.table}.json`) : [];
      if (!rows.some((r) => r[c.column] === world.subject.id)) missing.push(`${c.table}.${c.column}`);
    }
    for (const table of pseudonymous) {
      const rows = files[`tables/${table}.json`] ? read(`tables/${table}.json`) : [];
      if (!rows.some((r) => r.learner === learner)) missing.push(`${table}.learner`);
    }
    expect(missing, 'tables whose marker row is not in the export').toEqual([]);
    // Operators' actions and analytics' per-educator figures name them without a foreign key: there too.
    const unlinked = await unlinkedUserColumns(app.db, true);
    expect(unlinked).toEqual(expect.arrayContaining([{ table: 'payout_runs', column: 'actor_id' }]));
    expect(read('tables/payout_runs.json')[0].actor_id).toBe(world.subject.id);
    if (unlinked.some((c) => c.table === 'analytics_educator_daily')) {
      expect(read('tables/analytics_educator_daily.json')[0].educator_id).toBe(world.subject.id);
    }

    const profile = JSON.parse(strFromU8(files['profile.json']));
    expect(profile).toMatchObject({ _id: world.subject.id, email: world.subject.email, name: world.subject.name });
    const [userRow] = read('tables/users.json');
    expect(userRow.password_hash).toBe('[withheld]');
    expect(read('tables/sessions.json')[0].token_hash).toBe('[withheld]');
    expect(read('tables/payout_accounts.json')[0].account_number_encrypted).toBe('[withheld]');
    expect(JSON.stringify(read('tables/sessions.json'))).not.toMatch(/token_hash":"[0-9a-f]{20}/);
    const pdfs = Object.keys(files).filter((f) => f.startsWith('invoices/') && f.endsWith('.pdf'));
    expect(pdfs).toHaveLength(1);
    expect(strFromU8(files[pdfs[0]].slice(0, 5))).toBe('%PDF-');
    expect(strFromU8(files['README.txt'])).toContain(world.subject.email);
  });

  it('refuses an export to a visitor', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/user/export' })).statusCode).toBe(401);
  });

  it('refuses erasure without the right password, and says which field', async () => {
    const none = await app.inject({ method: 'POST', url: '/api/user/delete', headers: { cookie }, payload: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ id: 'privacy_password_required', fields: { password: 'Enter your password' } });
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/user/delete',
      headers: { cookie },
      payload: { password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().id).toBe('privacy_password_wrong');
    const nul = await app.inject({
      method: 'POST',
      url: '/api/user/delete',
      headers: { cookie },
      payload: { password: 'a\u0000b' },
    });
    expect(nul.statusCode).toBe(400);
  });

  it('erases the account: the name and e-mail are left only in tax documents', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/delete',
      headers: { cookie },
      payload: { password: world.subject.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: true, message: 'Your account has been deleted.' });
    expect(String(res.headers['set-cookie'])).toMatch(/kaksha_session=;/);

    // Every text and JSON column of every table (as the database lists them), but tax documents.
    const { name, email } = world.subject;
    const textColumns = await q(
      app,
      sql`select table_schema, table_name, column_name from information_schema.columns
          where table_schema in ('public', 'pgboss')
            and data_type in ('text', 'character varying', 'json', 'jsonb', 'ARRAY', 'tsvector', 'USER-DEFINED')
            and table_name in (select table_name from information_schema.tables where table_type = 'BASE TABLE' and table_schema in ('public', 'pgboss'))
          order by 1, 2, 3`,
    );
    expect(textColumns.length).toBeGreaterThan(50);
    const hits: string[] = [];
    for (const c of textColumns) {
      if (c.table_schema === 'public' && c.table_name === 'invoices') continue;
      const table = sql.raw(`"${c.table_schema}"."${c.table_name}"`);
      const column = sql.raw(`"${c.column_name}"`);
      const [found] = await q(
        app,
        sql`select count(*)::int as n from ${table}
            where position(lower(${email}) in lower(${column}::text)) > 0 or position(lower(${name}) in lower(${column}::text)) > 0`,
      );
      if (Number(found.n) > 0) hits.push(`${c.table_schema}.${c.table_name}.${c.column_name}`);
    }
    expect(hits, 'columns still holding the erased user’s name or e-mail').toEqual([]);

    // Nothing is left under the analytics pseudonym either (it is computed from the kept id).
    await app.analytics.flush();
    for (const table of pseudonymous) {
      const [left] = await q(
        app,
        sql`select count(*)::int as n from ${sql.raw(`"${table}"`)} where learner = ${learner}`,
      );
      expect(left.n, `${table} rows under the erased user's pseudonym`).toBe(0);
    }

    // Tax documents keep the name (CGST Act s.36).
    const [invoice] = await q(app, sql`select buyer->>'name' as name from invoices where id = ${world.ids.invoice}`);
    expect(invoice.name).toBe(name);
  });

  it('keeps reviews and Q&A as "Deleted user", revokes the certificate, unpublishes the own course', async () => {
    const [review] = await q(
      app,
      sql`select u.name, u.email from reviews r join users u on u.id = r.user_id where r.id = ${world.ids.review}`,
    );
    expect(review.name).toBe(DELETED_USER_NAME);
    const reviews = await app.inject({ method: 'GET', url: `/api/course/getcourse/${world.course.id}` });
    expect(reviews.body).not.toContain(world.subject.name);
    const [question] = await q(app, sql`select count(*)::int as n from qa_questions where id = ${world.ids.question}`);
    expect(question.n).toBe(1);

    const verify = await app.inject({ method: 'GET', url: `/api/certificate/verify/${world.ids.certificate}` });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toMatchObject({ learnerName: DELETED_USER_NAME });
    expect(verify.json().revokedAt).toEqual(expect.any(String));
    const pdf = await app.inject({ method: 'GET', url: `/api/certificate/${world.ids.certificate}/pdf` });
    expect(pdf.statusCode).toBe(410);
    expect(pdf.json().id).toBe('certificate_revoked');
    // Another learner's certificate of the subject's course stays valid, without the educator's name.
    const others = (
      await app.inject({ method: 'GET', url: `/api/certificate/verify/${world.ids.othersCertificate}` })
    ).json();
    expect(others).toMatchObject({ learnerName: world.other.name, educatorName: DELETED_USER_NAME, revokedAt: null });

    const [own] = await q(app, sql`select is_published from courses where id = ${world.ownCourse.id}`);
    expect(own.is_published).toBe(false);
    const [coupon] = await q(app, sql`select active from coupons where id = ${world.ids.coupon}`);
    expect(coupon.active).toBe(false);
  });

  it('ends the sessions; the old e-mail and password no longer sign in, and the address can sign up again', async () => {
    const me = await app.inject({ method: 'GET', url: '/api/user/currentuser', headers: { cookie } });
    expect(me.json()).toBeNull();
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: world.subject.email, password: world.subject.password },
    });
    expect(login.statusCode).toBe(401);
    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Back Again', email: world.subject.email, password: 'a brand new password' },
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().user?._id ?? again.json()._id).not.toBe(world.subject.id);
  });

  it('answers a repeated erasure as not signed in', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/delete',
      headers: { cookie },
      payload: { password: world.subject.password },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('data rights: who may erase their account', async () => {
  const app = await buildTestApp();

  it('refuses an educator whose published course has learners, until it is unpublished; the learners keep access', async () => {
    const educator = await createUser(app, { role: 'educator' });
    const learner = await createUser(app);
    const course = await createCourse(app, educator.id, {
      lectures: [{ lectureTitle: 'Intro', videoKey: 'private/x.mp4' }],
    });
    await enroll(app, learner.id, course.id);
    const cookie = await loginCookie(app, educator);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/user/delete',
      headers: { cookie },
      payload: { password: educator.password },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ id: 'privacy_educator_has_learners', params: { count: 1 } });
    expect(refused.json().message).toMatch(/Unpublish it first.*keep access/);

    // The educator unpublishes it (the edit screen's switch).
    const edit = await app.inject({
      method: 'POST',
      url: `/api/course/editcourse/${course.id}`,
      headers: { cookie },
      payload: { isPublished: 'false' },
    });
    expect(edit.statusCode).toBe(200);
    const done = await app.inject({
      method: 'POST',
      url: '/api/user/delete',
      headers: { cookie },
      payload: { password: educator.password },
    });
    expect(done.statusCode).toBe(200);

    const learnerCookie = await loginCookie(app, learner);
    const page = await app.inject({
      method: 'GET',
      url: `/api/course/getcourse/${course.id}`,
      headers: { cookie: learnerCookie },
    });
    expect(page.statusCode).toBe(200);
    const mine = await app.inject({
      method: 'GET',
      url: '/api/course/getenrolledcourses',
      headers: { cookie: learnerCookie },
    });
    expect(mine.body).toContain(course.id);
    const lecture = await app.inject({
      method: 'GET',
      url: `/media/lectures/${course.lectures[0].id}`,
      headers: { cookie: learnerCookie },
    });
    // The file is not there in this test (404), but access is granted: a stranger is refused (403).
    expect(lecture.statusCode).toBe(404);
    const stranger = await app.inject({
      method: 'GET',
      url: `/media/lectures/${course.lectures[0].id}`,
      headers: { cookie: await loginCookie(app, await createUser(app)) },
    });
    expect(stranger.statusCode).toBe(403);
    // A visitor no longer finds it.
    expect((await app.inject({ method: 'GET', url: `/api/course/getcourse/${course.id}` })).statusCode).toBe(404);
  });

  it('refuses an educator with earnings not yet paid out', async () => {
    const educator = await createUser(app, { role: 'educator' });
    await q(
      app,
      sql`insert into earnings_balances (educator_id, balance, lifetime) values (${educator.id}, 12345, 12345) returning 1`,
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/delete',
      headers: { cookie: await loginCookie(app, educator) },
      payload: { password: educator.password },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ id: 'privacy_balance_owed' });
    expect(res.json().message).toContain('₹123.45');
  });

  it('refuses an operator account', async () => {
    const admin = await createUser(app);
    await q(app, sql`update users set role = 'admin' where id = ${admin.id} returning 1`);
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/delete',
      headers: { cookie: await loginCookie(app, admin) },
      payload: { password: admin.password },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().id).toBe('privacy_admin');
  });

  it('asks for the second factor when two-factor sign-in is on, and takes a recovery code', async () => {
    const user = await createUser(app);
    const cookie = await loginCookie(app, user);
    const setup = await app.inject({ method: 'POST', url: '/api/auth/2fa/setup', headers: { cookie } });
    expect(setup.statusCode).toBe(200);
    const totp = new TOTP({ secret: Secret.fromBase32(setup.json().secret) });
    const enable = await app.inject({
      method: 'POST',
      url: '/api/auth/2fa/enable',
      headers: { cookie },
      payload: { code: totp.generate() },
    });
    expect(enable.statusCode).toBe(200);
    const [recoveryCode] = enable.json().recoveryCodes as string[];
    const status = await app.inject({ method: 'GET', url: '/api/user/privacy', headers: { cookie } });
    expect(status.json()).toMatchObject({ hasPassword: true, twoFactorEnabled: true });

    const erase = (payload: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/api/user/delete', headers: { cookie }, payload });
    const none = await erase({ password: user.password });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ id: 'privacy_code_required', fields: { code: expect.any(String) } });
    const wrong = await erase({ password: user.password, code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().id).toBe('privacy_code_wrong');
    let [row] = await q(app, sql`select deleted_at from users where id = ${user.id}`);
    expect(row.deleted_at).toBeNull();

    const done = await erase({ password: user.password, code: recoveryCode });
    expect(done.statusCode).toBe(200);
    [row] = await q(app, sql`select deleted_at from users where id = ${user.id}`);
    expect(row.deleted_at).not.toBeNull();
    const [left] = await q(app, sql`select count(*)::int as n from two_factor where user_id = ${user.id}`);
    expect(left.n).toBe(0);
  });

  it('limits wrong passwords like sign-in: 429 after 5 in 15 minutes', async () => {
    const user = await createUser(app);
    const cookie = await loginCookie(app, user);
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/user/delete',
        headers: { cookie },
        payload: { password: `wrong ${i}` },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('confirms a Google-only account (no password) by its e-mail typed again', async () => {
    const user = await createUser(app);
    await q(
      app,
      sql`update users set password_hash = null, google_sub = ${randomUUID()} where id = ${user.id} returning 1`,
    );
    const cookie = await loginCookie(app, user);
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/user/delete',
      headers: { cookie },
      payload: { email: 'someone@else.com' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().id).toBe('privacy_email_mismatch');
    const ok = await app.inject({
      method: 'POST',
      url: '/api/user/delete',
      headers: { cookie },
      payload: { email: ` ${user.email.toUpperCase()} ` },
    });
    expect(ok.statusCode).toBe(200);
    const [row] = await q(app, sql`select google_sub, email, deleted_at from users where id = ${user.id}`);
    expect(row).toMatchObject({ google_sub: null, email: `${user.id}@deleted.invalid` });
    expect(row.deleted_at).not.toBeNull();
  });
});
