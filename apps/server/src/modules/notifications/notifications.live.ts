import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Bell, localBell, redisBell } from './notifications.bell.ts';
import { dispatchBatch, NOTIFICATION_MAIL_QUEUE } from './notifications.dispatch.ts';
import { digestDay, type MailContext, sendDailyDigests, sendNotificationMail } from './notifications.mail.ts';
import { unreadCount } from './notifications.queries.ts';

/** The job that sends the daily digest (`{day}`, one queued per day and instance set). */
export const NOTIFICATION_DIGEST_QUEUE = 'notification-digest';
/** How often every instance looks for events to dispatch (an event recorded by a request of its own is dispatched at once). */
const DISPATCH_EVERY_MS = 1_000;
/** How often an instance checks whether today's digest is due. */
const DIGEST_CHECK_EVERY_MS = 10 * 60_000;

export interface NotificationsRuntime {
  /** Dispatches waiting events now: call after committing a change that recorded some. */
  wake(): void;
  /** Dispatches every waiting event and waits for it (tests, and `wake`). */
  dispatch(): Promise<void>;
  /** Tells these users' open bells, on every instance, that their unread count changed. */
  ring(userIds: string[]): Promise<void>;
  /**
   * A bell stream of the user on this instance: `send` gets the unread count whenever it may have
   * changed, `end` is called when the app closes. Answers the function that removes it.
   */
  watch(userId: string, send: (unreadCount: number) => void, end: () => void): () => void;
  /** The daily digest due at `at` (its job, and tests); answers how many were sent. */
  sendDigests(at: Date): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    notifications: NotificationsRuntime;
  }
}

interface Watcher {
  send: (unreadCount: number) => void;
  end: () => void;
}

/**
 * Notifications' background work on this instance: the dispatch loop, the bell (Redis pub/sub,
 * or this process alone), the instant-mail and digest workers, and the daily check that queues
 * the digest. Decorates `app.notifications`.
 */
export const notificationsPlugin = fp(
  async (app) => {
    const { db, jobs, log } = app;
    const bell: Bell = app.redis ? await redisBell(app.redis, log) : localBell();
    const watchers = new Map<string, Set<Watcher>>();
    bell.listen((userIds) => {
      for (const userId of userIds) {
        const set = watchers.get(userId);
        if (!set) continue;
        unreadCount(db, userId).then(
          (n) => {
            for (const w of set) w.send(n);
          },
          (err) => log.warn({ err }, 'notifications: could not count unread notifications for a bell'),
        );
      }
    });

    const mail: MailContext = { db, publicUrl: app.config.publicUrl, send: (m) => app.mailer.send(m) };
    await jobs.work<{ eventId: string; userId: string }>(NOTIFICATION_MAIL_QUEUE, async (job) => {
      await sendNotificationMail(mail, job);
    });
    await jobs.work<{ day: string }>(
      NOTIFICATION_DIGEST_QUEUE,
      async () => {
        const sent = await sendDailyDigests(mail, new Date());
        if (sent > 0) log.info({ sent }, 'notifications: daily digests sent');
      },
      { concurrency: 1 },
    );

    const { dispatch, current } = createDispatcher(db, jobs, bell, log);
    const dispatchTimer = setInterval(() => void dispatch(), DISPATCH_EVERY_MS);
    dispatchTimer.unref();

    const queueDigest = () => queueTodaysDigest(jobs, log);
    const digestTimer = setInterval(queueDigest, DIGEST_CHECK_EVERY_MS);
    digestTimer.unref();
    app.addHook('onReady', async () => queueDigest());

    app.decorate('notifications', {
      wake: () => void dispatch(),
      dispatch,
      ring: (userIds) => bell.ring(userIds),
      watch(userId, send, end) {
        const w = { send, end };
        const set = watchers.get(userId) ?? new Set<Watcher>();
        set.add(w);
        watchers.set(userId, set);
        return () => {
          set.delete(w);
          if (set.size === 0 && watchers.get(userId) === set) watchers.delete(userId);
        };
      },
      sendDigests: (at) => sendDailyDigests(mail, at),
    } satisfies NotificationsRuntime);

    // Open streams would hold the server's close: end them first; then stop dispatching.
    app.addHook('preClose', async () => {
      clearInterval(dispatchTimer);
      clearInterval(digestTimer);
      for (const set of watchers.values()) for (const w of set) w.end();
      watchers.clear();
      await current();
    });
    app.addHook('onClose', async () => bell.close());
  },
  { name: 'notifications', dependencies: ['db', 'jobs', 'mailer', 'redis'] },
);

/**
 * The dispatch loop: one pass at a time on this instance; a wake during a pass asks for another
 * pass after it, so no event waits for the next tick. `current` is the pass running, if any.
 */
function createDispatcher(
  db: FastifyInstance['db'],
  jobs: FastifyInstance['jobs'],
  bell: Bell,
  log: FastifyBaseLogger,
) {
  let running: Promise<void> | null = null;
  let again = false;
  let lastError = '';
  const dispatch = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        for (;;) {
          const { events, users } = await dispatchBatch(db, jobs);
          if (users.length > 0) await bell.ring(users);
          if (events === 0) break;
        }
      } while (again);
      lastError = '';
    })()
      .catch((err: Error) => {
        // Retried by the next tick; said once per distinct failure, not every second.
        if (err.message !== lastError) log.warn({ err }, 'notifications: dispatching failed; retrying');
        lastError = err.message;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  return { dispatch, current: () => running };
}

/** Queues today's digest job once the day's cutoff has passed. */
function queueTodaysDigest(jobs: FastifyInstance['jobs'], log: FastifyBaseLogger) {
  const now = new Date();
  const { day, cutoff } = digestDay(now);
  if (now < cutoff) return;
  // One job per day among all instances while it waits or runs; its per-user markers make a rerun harmless.
  jobs
    .send(NOTIFICATION_DIGEST_QUEUE, { day }, { singletonKey: `digest:${day}`, retryLimit: 5, retryDelaySeconds: 60 })
    .catch((err: Error) => log.warn({ err }, 'notifications: could not queue the daily digest'));
}
