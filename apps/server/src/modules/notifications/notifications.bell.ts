import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/*
 * The bell's live channel between instances: "these users' unread counts changed". With Redis
 * (REDIS_URL) a message is published on one channel that every instance subscribes to, so a
 * learner whose browser holds its stream open on instance B hears of an answer posted through
 * instance A. Without Redis, or while it is unreachable, the message goes to this instance's own
 * streams only (one instance loses nothing; several see each other's changes at the next page
 * load). The message carries user ids only: each instance reads the count from the database.
 */

export const BELL_CHANNEL = 'kaksha:notifications:bell';

export interface Bell {
  /** Tells every instance's open streams of these users that their unread count changed. */
  ring(userIds: string[]): Promise<void>;
  /** Calls `listener` with the user ids of every ring, from any instance. */
  listen(listener: (userIds: string[]) => void): void;
  close(): Promise<void>;
}

/** This process only. */
export function localBell(): Bell {
  const listeners: ((userIds: string[]) => void)[] = [];
  return {
    async ring(userIds) {
      if (userIds.length > 0) for (const l of listeners) l(userIds);
    },
    listen: (listener) => {
      listeners.push(listener);
    },
    close: async () => {},
  };
}

/**
 * Through Redis pub/sub: `redis` publishes, a duplicate connection subscribes (a subscribed
 * connection can do nothing else) and re-subscribes whenever it reconnects.
 */
export async function redisBell(redis: Redis, log: FastifyBaseLogger): Promise<Bell> {
  const local = localBell();
  const subscriber = redis.duplicate();
  let lastError = '';
  subscriber.on('error', (err: Error) => {
    if (err.message !== lastError) log.warn({ err }, 'notifications: the bell subscription to Redis failed');
    lastError = err.message;
  });
  const subscribe = () =>
    subscriber.subscribe(BELL_CHANNEL).then(
      () => {
        lastError = '';
      },
      (err: Error) => log.warn({ err }, 'notifications: could not subscribe to the bell channel'),
    );
  subscriber.on('ready', () => void subscribe());
  subscriber.on('message', (channel: string, message: string) => {
    if (channel !== BELL_CHANNEL) return;
    try {
      const { users } = JSON.parse(message) as { users?: unknown };
      if (Array.isArray(users)) void local.ring(users.filter((u): u is string => typeof u === 'string'));
    } catch {
      log.warn('notifications: an unreadable bell message was ignored');
    }
  });
  // Unreachable at start: the client keeps reconnecting, and subscribes once it is ready.
  await subscriber
    .connect()
    .catch((err: Error) => log.warn({ err }, 'notifications: Redis is not reachable for the bell yet'));
  return {
    async ring(userIds) {
      if (userIds.length === 0) return;
      // While either connection is down, this instance's own streams still hear it.
      if (redis.status !== 'ready' || subscriber.status !== 'ready') return local.ring(userIds);
      try {
        await redis.publish(BELL_CHANNEL, JSON.stringify({ users: userIds }));
      } catch (err) {
        log.warn({ err }, 'notifications: could not publish to the bell channel; this instance only');
        await local.ring(userIds);
      }
    },
    listen: local.listen,
    async close() {
      if (subscriber.status === 'ready') await subscriber.quit().catch(() => subscriber.disconnect());
      else subscriber.disconnect();
    },
  };
}
