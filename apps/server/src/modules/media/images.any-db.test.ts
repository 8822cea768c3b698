import { once } from 'node:events';
import { constants, crc32, createDeflate } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createCourse, createUser, loginCookie } from '../../test/app.ts';
import { IMAGE_MAX_PIXELS, IMAGE_UPLOADS_PER_USER } from './images.ts';

/** A multipart body with one file, like a browser's FormData. */
function multipart(field: string, data: Buffer, type = 'image/png') {
  const boundary = `----kaksha${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="x.png"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/**
 * A real decompression bomb: a valid RGBA PNG of width × height transparent pixels. Rows of
 * zeros deflate about 1000:1, so 8000×8000 (64 MP, 256 MB decoded) is a ~250 KB file.
 */
async function bombPng(width: number, height: number) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(6, 9); // RGBA
  const deflate = createDeflate({ level: constants.Z_BEST_COMPRESSION });
  const parts: Buffer[] = [];
  deflate.on('data', (d: Buffer) => parts.push(d));
  const row = Buffer.alloc(1 + width * 4); // filter byte 0, then the pixels
  for (let y = 0; y < height; y++) {
    if (!deflate.write(row)) await once(deflate, 'drain');
  }
  deflate.end();
  await once(deflate, 'end');
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.concat(parts)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG cut off right after its header chunk (IHDR), which declares width × height. */
function pngHeader(width: number, height: number) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8);
  ihdr.writeUInt8(6, 9);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr)]);
}

/** A JPEG cut off right after its frame header (SOF0), which declares width × height. */
function jpegHeader(width: number, height: number) {
  const sof = Buffer.from([0xff, 0xc0, 0, 17, 8, 0, 0, 0, 0, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  const app0 = Buffer.from([0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof]);
}

/** An extended WebP cut off right after its VP8X chunk, which declares width × height. */
function webpHeader(width: number, height: number) {
  const file = Buffer.alloc(30);
  file.write('RIFF', 0, 'latin1');
  file.writeUInt32LE(22, 4);
  file.write('WEBPVP8X', 8, 'latin1');
  file.writeUInt32LE(10, 16);
  file.writeUIntLE(width - 1, 24, 3);
  file.writeUIntLE(height - 1, 27, 3);
  return file;
}

const smallPng = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .png()
    .toBuffer();

describe('image uploads: decompression bombs, unreadable files, per-user limits', async () => {
  const app = await buildTestApp();
  const learner = await createUser(app);
  const learnerCookie = await loginCookie(app, learner);
  const educator = await createUser(app, { role: 'educator' });
  const educatorCookie = await loginCookie(app, educator);
  const course = await createCourse(app, educator.id, { isPublished: false });

  const avatar = (cookie: string, data: Buffer) =>
    app.inject({ method: 'POST', url: '/api/user/updateprofile', ...withCookie(multipart('photoUrl', data), cookie) });
  const thumbnail = (data: Buffer) =>
    app.inject({
      method: 'POST',
      url: `/api/course/editcourse/${course.id}`,
      ...withCookie(multipart('thumbnail', data), educatorCookie),
    });

  it('refuses a PNG declaring more than 40 megapixels before decoding it, as avatar and as thumbnail', async () => {
    const bomb = await bombPng(8000, 8000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect((await sharp(bomb).metadata()).width).toBe(8000);
    expect(8000 * 8000).toBeGreaterThan(IMAGE_MAX_PIXELS);
    for (const res of [await avatar(learnerCookie, bomb), await thumbnail(bomb)]) {
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe('Images may have at most 40 megapixels; please choose a smaller one');
    }
    // Nothing was stored or changed.
    const me = await app.inject({ url: '/api/user/currentuser', headers: { cookie: learnerCookie } });
    expect(me.json().photoUrl).toBeNull();
  });

  it('answers 413 for a small file whose header alone declares more than 40 megapixels', async () => {
    // 10000×10000 px declared, no pixel data: the header is all there is to judge it by.
    const headers = {
      png: pngHeader(10_000, 10_000),
      gif: Buffer.concat([Buffer.from('GIF89a'), Buffer.from([0x10, 0x27, 0x10, 0x27, 0, 0, 0])]),
      jpeg: jpegHeader(10_000, 10_000),
      webp: webpHeader(10_000, 10_000),
    };
    for (const [format, file] of Object.entries(headers)) {
      expect(file.length, format).toBeLessThan(200);
      for (const res of [await avatar(learnerCookie, file), await thumbnail(file)]) {
        expect([format, res.statusCode, res.json().message]).toEqual([
          format,
          413,
          'Images may have at most 40 megapixels; please choose a smaller one',
        ]);
      }
    }
  });

  it('answers an undecodable image 415 as an avatar, the same as a thumbnail', async () => {
    const png = await smallPng();
    const truncated = png.subarray(0, Math.floor(png.length / 2));
    for (const res of [await avatar(learnerCookie, truncated), await thumbnail(truncated)]) {
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toBe('The image could not be read; please choose another file');
    }
    // A header that claims a size but carries no pixel data at all.
    const headerOnly = pngHeader(100, 100);
    expect((await avatar(learnerCookie, headerOnly)).statusCode).toBe(415);
  });

  it('limits image uploads per user, not per site', async () => {
    const user = await createUser(app);
    const cookie = await loginCookie(app, user);
    const png = await smallPng();
    for (let i = 0; i < IMAGE_UPLOADS_PER_USER.max; i++) {
      expect((await avatar(cookie, png)).statusCode).toBe(200);
    }
    const refused = await avatar(cookie, png);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // A profile edit without an image is not an upload; another user is not affected.
    const nameOnly = await app.inject({
      method: 'POST',
      url: '/api/user/updateprofile',
      headers: { cookie },
      payload: { name: 'Still Here' },
    });
    expect(nameOnly.statusCode).toBe(200);
    expect((await avatar(learnerCookie, png)).statusCode).toBe(200);
  });
});

function withCookie(body: { payload: Buffer; headers: Record<string, string> }, cookie: string) {
  return { payload: body.payload, headers: { ...body.headers, cookie } };
}
