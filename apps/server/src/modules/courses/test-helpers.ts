import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { listLocalKeys } from '../../core/storage.ts';
import type { TestApp } from '../../test/app.ts';

/** Test-only helpers for the authoring tests (courses, lectures, videos). */

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures');
export const TINY_MP4 = readFileSync(path.join(fixtures, 'tiny.mp4'));
export const TINY_WEBM = readFileSync(path.join(fixtures, 'tiny.webm'));

export const jpeg = (width = 800, height = 450, color = { r: 200, g: 80, b: 20 }) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

export type Part = string | { filename: string; type: string; data: Buffer };

/** A multipart/form-data body as a browser would send it. */
export async function multipart(parts: Record<string, Part>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([value.data], { type: value.type }), value.filename);
  }
  const res = new Response(form);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type') ?? '' },
  };
}

/** Every key stored under a prefix of the app's local media directory. */
export const storedKeys = (app: TestApp, prefix = '') => listLocalKeys(app.config.storage.localDir, prefix);

export async function send(
  app: TestApp,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  cookie: string | undefined,
  body?: Record<string, unknown> | { multipart: Record<string, Part> },
) {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  if (body && 'multipart' in body) {
    const { payload, headers: h } = await multipart(body.multipart as Record<string, Part>);
    return app.inject({ method, url, headers: { ...headers, ...h }, payload });
  }
  return app.inject({ method, url, headers, ...(body ? { payload: body } : {}) });
}
