import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * The first mail to `to` that `matches` (default: any), waiting for it: the run's SMTP server
 * (e2e/global-setup.ts) writes each message it receives as a JSON file in `mailDir`.
 */
export async function mailTo(to: string, matches: (mail: Mail) => boolean = () => true, timeoutMs = 30_000) {
  const dir = inject('mailDir');
  const started = Date.now();
  for (;;) {
    const files = (await readdir(dir)).sort();
    const mails: Mail[] = await Promise.all(
      files.map(async (f) => JSON.parse(await readFile(path.join(dir, f), 'utf8'))),
    );
    const mine = mails.find((m) => m.to === to && matches(m));
    if (mine) return mine;
    if (Date.now() - started > timeoutMs) throw new Error(`no mail to ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
