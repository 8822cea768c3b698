import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { keysetPages, pickEncoding, SnapshotCache } from './snapshots.ts';

const text = (n: number) => 'x'.repeat(n);

/** Chunks that count how often they were produced, optionally waiting for `gate` first. */
function counted(body: string, gate?: Promise<void>) {
  let builds = 0;
  return {
    get builds() {
      return builds;
    },
    chunks: async function* () {
      builds++;
      await gate;
      yield body.slice(0, body.length / 2);
      yield body.slice(body.length / 2);
    },
  };
}

describe('SnapshotCache', () => {
  it('builds each key once per version, sharing one build between concurrent readers', async () => {
    const cache = new SnapshotCache({ maxBytes: 1 << 20, maxEntryBytes: 1 << 20 });
    let open!: () => void;
    const source = counted('{"hello":"world"}', new Promise<void>((resolve) => (open = resolve)));
    const reads = [cache.get('k', 1, source.chunks), cache.get('k', 1, source.chunks)];
    open();
    const [a, b] = await Promise.all(reads);
    expect(a).toBe(b);
    expect(source.builds).toBe(1);
    expect(zlib.brotliDecompressSync(a!.br).toString()).toBe('{"hello":"world"}');
    expect(zlib.gunzipSync(a!.gzip).toString()).toBe('{"hello":"world"}');
    await cache.get('k', 1, source.chunks);
    expect(source.builds).toBe(1);
    await cache.get('k', 2, source.chunks);
    expect(source.builds).toBe(2);
  });

  it('keeps nothing larger than one entry may be, and says so with null', async () => {
    const cache = new SnapshotCache({ maxBytes: 1 << 20, maxEntryBytes: 100 });
    expect(await cache.get('big', 1, counted(text(101)).chunks)).toBeNull();
    expect(cache.size.bytes).toBe(0);
    expect(await cache.get('small', 1, counted(text(100)).chunks)).not.toBeNull();
  });

  it('drops the least recently used snapshots beyond its byte budget', async () => {
    const probe = new SnapshotCache({ maxBytes: 1 << 20, maxEntryBytes: 1 << 20 });
    const one = await probe.get('a', 1, counted('a'.repeat(2000)).chunks);
    const entryBytes = one!.br.length + one!.gzip.length;
    const cache = new SnapshotCache({ maxBytes: entryBytes * 2, maxEntryBytes: 1 << 20 });
    const sources = { a: counted('a'.repeat(2000)), b: counted('a'.repeat(2000)), c: counted('a'.repeat(2000)) };
    await cache.get('a', 1, sources.a.chunks);
    await cache.get('b', 1, sources.b.chunks);
    await cache.get('a', 1, sources.a.chunks); // a is now the most recently used
    await cache.get('c', 1, sources.c.chunks); // over budget: b leaves
    expect(cache.size).toEqual({ entries: 2, bytes: entryBytes * 2 });
    await cache.get('a', 1, sources.a.chunks);
    await cache.get('b', 1, sources.b.chunks);
    expect([sources.a.builds, sources.b.builds]).toEqual([1, 2]);
  });

  it('does not keep a failed build: the next reader tries again', async () => {
    const cache = new SnapshotCache({ maxBytes: 1 << 20, maxEntryBytes: 1 << 20 });
    let fail = true;
    const chunks = async function* () {
      yield '[';
      if (fail) throw new Error('database away');
      yield ']';
    };
    await expect(cache.get('k', 1, chunks)).rejects.toThrow('database away');
    fail = false;
    const snapshot = await cache.get('k', 1, chunks);
    expect(zlib.gunzipSync(snapshot!.gzip).toString()).toBe('[]');
  });
});

describe('pickEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'gzip'],
    ['identity', 'identity'],
    ['gzip;q=0', 'identity'],
  ])('%s → %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});

describe('keysetPages', () => {
  it('pages until a short page, and stops at the limit', async () => {
    const rows = Array.from({ length: 10 }, (_, i) => i);
    const load = async (after: number | undefined, size: number) =>
      rows.filter((r) => after === undefined || r > after).slice(0, size);
    const collect = async (opts: { pageSize: number; limit?: number }) => {
      const pages: number[][] = [];
      for await (const page of keysetPages(load, opts)) pages.push(page);
      return pages;
    };
    expect(await collect({ pageSize: 4 })).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6, 7],
      [8, 9],
    ]);
    expect(await collect({ pageSize: 5 })).toEqual([
      [0, 1, 2, 3, 4],
      [5, 6, 7, 8, 9],
    ]);
    expect(await collect({ pageSize: 4, limit: 6 })).toEqual([
      [0, 1, 2, 3],
      [4, 5],
    ]);
  });
});
