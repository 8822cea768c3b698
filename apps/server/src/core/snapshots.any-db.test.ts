import zlib from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import {
  AnswerMemo,
  coalesced,
  jsonArray,
  keysetPages,
  perDatabase,
  pickEncoding,
  SnapshotCache,
  VersionedMemo,
} from './snapshots.ts';

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

describe('jsonArray', () => {
  const collect = async (source: AsyncIterable<string>) => {
    const chunks: string[] = [];
    for await (const chunk of source) chunks.push(chunk);
    return chunks;
  };
  async function* pagesOf<T>(...pages: T[][]) {
    for (const page of pages) yield page;
  }

  it('joins every item of every page into one array, in bounded chunks, whatever the slices', async () => {
    const items = Array.from({ length: 50 }, (_, i) => ({ n: i, text: 'x'.repeat(i) }));
    const pages = [items.slice(0, 20), [], items.slice(20, 45), items.slice(45)];
    for (const opts of [{}, { chunkChars: 100, sliceMs: 0 }, { chunkChars: 1, sliceMs: 0 }]) {
      const chunks = await collect(jsonArray(pagesOf(...pages), (item) => item, opts));
      expect(JSON.parse(chunks.join(''))).toEqual(items);
      if (opts.chunkChars === 100) {
        expect(chunks.length).toBeGreaterThan(10);
        // A chunk closes as soon as it reaches the size: never more than one item beyond it.
        for (const chunk of chunks) expect(chunk.length).toBeLessThan(100 + 70);
      }
    }
  });

  it('answers an empty array for no items', async () => {
    expect((await collect(jsonArray(pagesOf<number>(), (n) => n))).join('')).toBe('[]');
    expect((await collect(jsonArray(pagesOf<number>([], []), (n) => n))).join('')).toBe('[]');
  });
});

describe('coalesced', () => {
  /** A read whose answers the test releases one by one. */
  function manualReads() {
    const pending: ((value: number) => void)[] = [];
    let value = 0;
    return {
      read: () => new Promise<number>((resolve) => pending.push(resolve)),
      started: () => pending.length,
      /** Commits a write, then finishes the oldest unfinished read with what it would have seen. */
      write: () => ++value,
      finish: (seen: number) => pending.shift()!(seen),
    };
  }

  it('never answers a caller with a read that started before it asked, and shares the rest', async () => {
    const reads = manualReads();
    const version = coalesced(reads.read);
    const a = version();
    expect(reads.started()).toBe(1);
    // A write commits while the first read runs; b and c ask after it: they must not get a's read.
    const seenByA = reads.write() - 1;
    const b = version();
    const c = version();
    expect(reads.started()).toBe(1);
    reads.finish(seenByA);
    expect(await a).toBe(0);
    await new Promise((resolve) => setImmediate(resolve));
    // One new read, started after b and c asked, serves both.
    expect(reads.started()).toBe(1);
    reads.finish(1);
    expect([await b, await c]).toEqual([1, 1]);
    // Nothing running: the next caller starts its own read at once.
    const d = version();
    expect(reads.started()).toBe(1);
    reads.finish(1);
    expect(await d).toBe(1);
  });

  it('passes a failed read on to its callers and reads again for the next', async () => {
    let fail = true;
    const version = coalesced(async () => {
      if (fail) throw new Error('database away');
      return 7;
    });
    await expect(version()).rejects.toThrow('database away');
    fail = false;
    expect(await version()).toBe(7);
  });
});

describe('VersionedMemo', () => {
  it('answers only at the version a value was read at, and forgets older versions', () => {
    const memo = new VersionedMemo<string>(2);
    memo.set(3, 'a', 'A3');
    expect(memo.get(3, 'a')).toBe('A3');
    expect(memo.get(4, 'a')).toBeUndefined();
    memo.set(4, 'b', 'B4');
    expect(memo.get(4, 'a')).toBeUndefined();
    expect(memo.get(3, 'a')).toBeUndefined();
    // A slow read of an older version does not replace newer facts.
    memo.set(3, 'a', 'A3');
    expect(memo.get(3, 'a')).toBeUndefined();
    expect(memo.get(4, 'b')).toBe('B4');
    // Bounded: full, it starts again.
    memo.set(4, 'c', 'C4');
    memo.set(4, 'd', 'D4');
    expect(memo.get(4, 'b')).toBeUndefined();
    expect(memo.get(4, 'd')).toBe('D4');
  });
});

describe('AnswerMemo', () => {
  it('counts once for everyone asking at one version, again when the version moves or the answer ages', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    try {
      const memo = new AnswerMemo<number>(10, 60_000);
      let counts = 0;
      const count = async () => ++counts;
      const [a, b] = await Promise.all([memo.answer(1, 'k', count), memo.answer(1, 'k', count)]);
      expect([a, b, counts]).toEqual([1, 1, 1]);
      expect(await memo.answer(1, 'other', count)).toBe(2);
      expect(await memo.answer(2, 'k', count)).toBe(3);
      vi.advanceTimersByTime(59_999);
      expect(await memo.answer(2, 'k', count)).toBe(3);
      vi.advanceTimersByTime(1);
      expect(await memo.answer(2, 'k', count)).toBe(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps no failed count: the next asker counts again', async () => {
    const memo = new AnswerMemo<string>(10);
    await expect(memo.answer(1, 'k', () => Promise.reject(new Error('database away')))).rejects.toThrow('away');
    expect(await memo.answer(1, 'k', async () => 'counted')).toBe('counted');
  });
});

describe('perDatabase', () => {
  it('keeps one record per database handle', () => {
    const keptOf = perDatabase(() => ({ seen: 0 }));
    const one = {};
    const other = {};
    keptOf(one).seen++;
    expect(keptOf(one).seen).toBe(1);
    expect(keptOf(other).seen).toBe(0);
  });
});
