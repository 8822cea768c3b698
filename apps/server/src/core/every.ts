import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `work` every `ms` in this process, never two at once (a run still going skips the tick), a
 * failure logged as `{label}: {what} failed` and tried again at the next tick. The timer does not
 * keep the process alive. Answers a stop that clears the timer and waits for a run in progress,
 * for the app's onClose.
 */
export function every(log: FastifyBaseLogger, label: string, what: string, ms: number, work: () => Promise<unknown>) {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= work()
      .then(
        () => {},
        (error) => log.warn({ err: error }, `${label}: ${what} failed`),
      )
      .finally(() => {
        running = undefined;
      });
  }, ms);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
