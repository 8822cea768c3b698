import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyticsEvents, analyticsLectureViewers, lectures } from '../../core/db/schema/index.ts';
import { buildTestApp, createCourse, createUser } from '../../test/app.ts';
import { clearAnalytics } from './test-helpers.ts';

/**
 * The rollup adds a viewer's new heartbeats to their row (the first compared with the last one
 * counted) and counts a viewer again from all their heartbeats when one arrives late. Whatever the
 * order the heartbeats arrive in and however they are split between runs, each row must be what
 * counting all the viewer's heartbeats in time order gives (the definition, below in plain code).
 */

const LENGTH = 100;
const VIEWERS = ['v0', 'v1', 'v2', 'v3'];
const START = Date.parse('2026-11-10T05:00:00Z');

interface Beat {
  viewer: string;
  /** Seconds after START: distinct per viewer, so time order is one order. */
  second: number;
  position: number;
  duration: number;
}

/** The definition: the furthest position, the seconds watched, the parts skipped back into. */
function expectedRow(beats: Beat[]) {
  const inTime = [...beats].sort((a, b) => a.second - b.second);
  const part = (position: number) => Math.min(19, Math.max(0, position));
  let rewatched = 0;
  inTime.forEach((beat, i) => {
    const prev = inTime[i - 1]?.position;
    if (prev === undefined || beat.position >= prev - 1) return;
    const lo = part(Math.floor((beat.position / LENGTH) * 20 + 1e-9));
    const hi = part(Math.ceil((Math.min(prev, LENGTH) / LENGTH) * 20 - 1e-9) - 1);
    for (let k = lo; k <= Math.max(lo, hi); k++) rewatched |= 1 << k;
  });
  const last = inTime.at(-1)!;
  return {
    furthest: Math.max(...inTime.map((b) => b.position)),
    watched: inTime.reduce((sum, b) => sum + b.duration, 0),
    rewatched,
    lastAt: new Date(START + last.second * 1000),
    lastPosition: last.position,
  };
}

/** Heartbeats of a few viewers, and the order and runs they arrive in. */
const scenario = fc
  .array(
    fc.record({
      viewer: fc.constantFrom(...VIEWERS),
      position: fc.integer({ min: 0, max: LENGTH + 20 }),
      duration: fc.integer({ min: 1, max: 15 }),
      // Most heartbeats arrive in time order; some late, in a later run than newer ones.
      delay: fc.oneof(fc.constant(0), fc.constant(0), fc.integer({ min: 1, max: 40 })),
      // A run after this heartbeat (always one after the last).
      runAfter: fc.boolean(),
      // Before that run, this viewer's row forgets its last heartbeat (a row from before it was kept).
      forget: fc.boolean(),
    }),
    { minLength: 1, maxLength: 40 },
  )
  .map((steps) => steps.map((step, i) => ({ ...step, second: i * 15 })));

describe('the lecture viewers rollup', async () => {
  const app = await buildTestApp({ ANALYTICS_SECRET: 'a-test-secret-of-at-least-32-characters!' });
  const educator = await createUser(app, { role: 'educator' });
  const course = await createCourse(app, educator.id, { title: 'Viewers', lectures: [{ lectureTitle: 'One' }] });
  const lecture = course.lectures[0]!;
  await app.db.update(lectures).set({ durationSeconds: LENGTH }).where(eq(lectures.id, lecture.id));

  const clear = () => clearAnalytics(app);
  const rows = () =>
    app.db
      .select()
      .from(analyticsLectureViewers)
      .where(eq(analyticsLectureViewers.lectureId, lecture.id))
      .orderBy(analyticsLectureViewers.viewer);

  it('equals counting all of each viewer’s heartbeats in time order, however they arrive', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (steps) => {
        await clear();
        // Arrival order: by time plus the delay; a run after the steps that ask for one.
        const arrival = [...steps].sort((a, b) => a.second + a.delay * 15 - (b.second + b.delay * 15));
        let batch: typeof steps = [];
        for (const [i, step] of arrival.entries()) {
          batch.push(step);
          if (!step.runAfter && i < arrival.length - 1) continue;
          await app.db.insert(analyticsEvents).values(
            batch.map((b) => ({
              at: new Date(START + b.second * 1000),
              type: 'heartbeat',
              lectureId: lecture.id,
              learner: b.viewer,
              visitor: 'a-visitor',
              position: b.position,
              duration: b.duration,
            })),
          );
          batch = [];
          if (step.forget)
            await app.db
              .update(analyticsLectureViewers)
              .set({ lastId: null, lastPosition: null })
              .where(eq(analyticsLectureViewers.viewer, step.viewer));
          await app.analyticsRollup();
        }
        const expected = VIEWERS.flatMap((viewer) => {
          const beats = steps.filter((s) => s.viewer === viewer);
          return beats.length ? [{ viewer, courseId: course.id, ...expectedRow(beats) }] : [];
        });
        expect((await rows()).map(({ lectureId: _, lastId: __, ...row }) => row)).toEqual(expected);
      }),
      { numRuns: 25 },
    );
  });

  it('marks a skip back that spans two runs: the first heartbeat of a run against the last of the one before', async () => {
    await clear();
    const beat = (second: number, position: number) => ({
      at: new Date(START + second * 1000),
      type: 'heartbeat' as const,
      lectureId: lecture.id,
      learner: 'spanning',
      position,
      duration: 15,
    });
    await app.db.insert(analyticsEvents).values([beat(0, 45), beat(15, 60)]);
    await app.analyticsRollup();
    await app.db.insert(analyticsEvents).values([beat(30, 20), beat(45, 35)]);
    await app.analyticsRollup();
    const [row] = await rows();
    // Back from 60 s to 20 s: the parts from 20 % up to 60 %.
    const parts = Array.from({ length: 20 }, (_, k) => k).filter((k) => (row?.rewatched ?? 0) & (1 << k));
    expect(parts).toEqual([4, 5, 6, 7, 8, 9, 10, 11]);
    expect(row).toMatchObject({ furthest: 60, watched: 60, lastPosition: 35 });
  });
});
