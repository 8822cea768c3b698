import { describe, expect, it } from 'vitest';
import { emptyCache, nearest, upsertVectors } from './search.dense.ts';
import { addSpellingVariants, joinVariant, splitVariants } from './search.expand.ts';
import { fuseLists, reciprocalRankFusion } from './search.fusion.ts';
import {
  answerThreshold,
  conceptMatch,
  conceptMatches,
  constraintFactor,
  edits1,
  explainedShare,
  hasEvidence,
  idfFactor,
  importanceOf,
  lexemeSequence,
  nearOtherConcepts,
  occurrence,
  parseTsvector,
  prefixStrength,
  prepare,
  rankedMatch,
  titledAcronymsOf,
  tsqueryOf,
} from './search.scoring.ts';
import { DEFAULT_TUNING, tuningWith } from './search.tuning.ts';
import type { ConceptSpec, Expansion, Vocab } from './search.types.ts';

/** Synthetic words only: nothing here comes from an evaluation set. */
const t = DEFAULT_TUNING;
const vocab = (entries: Record<string, number>) =>
  new Map<string, Vocab>(Object.entries(entries).map(([w, df]) => [w, { lexeme: w, df }]));
const spec = (
  phrase: string,
  expansions: { words: string[]; strength: number; kind?: Expansion['kind'] }[] = [],
): ConceptSpec => ({
  phrase,
  words: phrase.split(' '),
  importance: 1,
  expansions: [
    { words: phrase.split(' '), strength: 1, kind: 'self' },
    ...expansions.map((e) => ({ ...e, kind: e.kind ?? ('lexicon' as const) })),
  ],
  parts: [],
});

describe('scoring functions', () => {
  it('reads positions and labels from a tsvector', () => {
    const { postings, titleWords } = parseTsvector("'zorb':1A,4C 'quix':2A 'it''s':7D");
    expect(postings.get('zorb')).toEqual([
      { pos: 1, label: 'A' },
      { pos: 4, label: 'C' },
    ]);
    expect(postings.get("it's")).toEqual([{ pos: 7, label: 'D' }]);
    expect(titleWords).toBe(2);
  });

  it('scores a concept by its best field, phrases only when adjacent', () => {
    const { postings } = parseTsvector("'zorb':1A 'quix':2A 'flam':5D 'blot':9D");
    const v = vocab({ zorb: 1, quix: 1, flam: 1, blot: 1 });
    expect(occurrence(lexemeSequence(['zorb', 'quix'], v) ?? [], postings, undefined, t)).toBe(1);
    expect(occurrence(lexemeSequence(['flam', 'blot'], v) ?? [], postings, undefined, t)).toBe(0);
    expect(occurrence(lexemeSequence(['flam'], v) ?? [], postings, undefined, t)).toBe(t.field.D);
    const p = prepare(spec('glim', [{ words: ['flam'], strength: 0.8 }]), v);
    expect(conceptMatch(p, postings, undefined, t)).toBeCloseTo(0.8 * t.field.D);
  });

  it("ranks a course naming more of a concept's expansions higher, never past a full match", () => {
    const { postings } = parseTsvector("'flam':3D 'quix':7D 'blot':9D 'glim':1A");
    const v = vocab({ flam: 1, quix: 1, blot: 1, glim: 1 });
    const alternatives = [
      { words: ['flam'], strength: 0.9 },
      { words: ['quix'], strength: 0.8 },
      { words: ['blot'], strength: 0.8 },
    ];
    const { best, others } = conceptMatches(prepare(spec('zorb', alternatives), v), postings, undefined, t);
    expect(best).toBeCloseTo(0.9 * t.field.D);
    expect(others).toBeCloseTo(1.6 * t.field.D);
    expect(rankedMatch(best, others, t)).toBeGreaterThan(best);
    // Only a full match is a full match: related terms never make up the whole gap.
    expect(rankedMatch(0.8, 50, t)).toBeCloseTo(0.8 + 0.2 * t.accumulateCap);
    expect(rankedMatch(0.8, 50, t)).toBeLessThan(1);
    expect(rankedMatch(1, others, t)).toBe(1);
    const single = conceptMatches(prepare(spec('zorb', alternatives.slice(0, 1)), v), postings, undefined, t);
    expect(rankedMatch(single.best, single.others, t)).toBeLessThan(rankedMatch(best, others, t));
  });

  it("weighs chance initials below a course that names the acronym's term in its title", () => {
    const v = vocab({ acrnymzq: 1 });
    const p = prepare(spec('zq', [{ words: ['acrnymzq'], strength: 0.8, kind: 'acronym' }]), v);
    const titled = "'acrnymzq':1A 'glim':2A";
    const chance = "'acrnymzq':14C 'glim':2A";
    expect(titledAcronymsOf([p], [chance])).toEqual(new Set());
    const named = titledAcronymsOf([p], [chance, titled]);
    expect(named).toEqual(new Set(['acrnymzq']));
    const { postings } = parseTsvector(chance);
    expect(conceptMatches(p, postings, undefined, t).best).toBeCloseTo(0.8 * t.field.C);
    expect(conceptMatches(p, postings, undefined, t, named).best).toBeCloseTo(0.8 * t.field.C * t.acronymChance);
    // The titled course itself keeps its full match.
    expect(conceptMatches(p, parseTsvector(titled).postings, undefined, t, named).best).toBeCloseTo(0.8);
  });

  it('gives weak words, in any -s form, little importance', () => {
    const rank = () => 20_000;
    expect(importanceOf(['works'], rank, t)).toBe(t.weakImportance);
    expect(importanceOf(['work'], rank, t)).toBe(t.weakImportance);
    expect(importanceOf(['zorbs'], rank, t)).toBeGreaterThan(t.weakImportance);
  });

  it('finds concepts that occur side by side in one field, not scattered or across fields', () => {
    const { postings } = parseTsvector("'zorb':3D 'quix':4D 'flam':20D 'blot':21A 'glim':1A");
    const v = vocab({ zorb: 1, quix: 1, flam: 1, blot: 1, glim: 1 });
    const [zorb, quix, flam, blot] = ['zorb', 'quix', 'flam', 'blot'].map((w) => prepare(spec(w), v));
    expect(nearOtherConcepts([zorb, quix, flam], postings, t)).toEqual([true, true, false]);
    // Adjacent positions but different fields (description vs title) are not side by side.
    expect(nearOtherConcepts([flam, blot], postings, t)).toEqual([false, false]);
    // Weak expansions do not count: only the concept's own words and strong alternatives.
    const weak = prepare(spec('wumble', [{ words: ['quix'], strength: 0.3 }]), v);
    expect(nearOtherConcepts([zorb, weak], postings, t)).toEqual([false, false]);
  });

  it('makes a phrase with an unknown content word unmatchable, and quotes tsquery lexemes', () => {
    expect(lexemeSequence(['zorb', 'nowhere'], vocab({ zorb: 1 }))).toBeNull();
    expect(
      tsqueryOf([
        { lexeme: "o'zorb", offset: 0 },
        { lexeme: 'quix', offset: 2 },
      ]),
    ).toBe("('o''zorb' <2> 'quix')");
  });

  it('weighs concepts most courses mention less', () => {
    const v = vocab({ common: 90, rare: 2 });
    expect(idfFactor(['common'], v, 100, t)).toBeLessThan(idfFactor(['rare'], v, 100, t));
    expect(idfFactor(['absent'], v, 100, t)).toBe(1);
  });

  it('rewards the constraints a course satisfies', () => {
    const c = { price: { max: 500 }, level: 'Beginner' as const };
    expect(constraintFactor(c, { price: 400, level: 'Beginner', category: 'Others' }, t)).toBeCloseTo(
      1 + t.priceBonus + t.levelBonus,
    );
    expect(constraintFactor(c, { price: 900, level: 'Advanced', category: 'Others' }, t)).toBe(1);
  });

  it('proposes typo variants and weaker prefix completions', () => {
    expect(edits1('abcd')).toEqual(expect.arrayContaining(['bcd', 'bacd', 'abdc', 'abc']));
    expect(prefixStrength('zorb', 'zorbing', t)).toBeLessThan(t.prefixStrength + 1e-9);
    expect(prefixStrength('zorbin', 'zorbing', t)).toBeGreaterThan(prefixStrength('zorb', 'zorbing', t));
  });

  it('abstains on evidence: lexical answer, or combined lexical and dense evidence', () => {
    expect(hasEvidence({ lexicalAnswer: true, lexical: 0.5, dense: 0 }, t)).toBe(true);
    expect(hasEvidence({ lexicalAnswer: false, lexical: 0.1, dense: 0.3 }, t)).toBe(false);
    expect(hasEvidence({ lexicalAnswer: false, lexical: 0.3, dense: t.evidenceAnswer }, t)).toBe(true);
    expect(answerThreshold(0, t)).toBeGreaterThan(answerThreshold(1, t));
  });

  it('judges a long description of a need by what its best course explains, not by its everyday words', () => {
    // Two specific concepts covered out of a six-concept description: answerable.
    expect(explainedShare(2, 6 * 0.7, t)).toBeGreaterThanOrEqual(answerThreshold(1, t));
    // The same course covers one of a two-concept query: the other subject is missing.
    expect(explainedShare(0.6, 0.9 + 0.9, t)).toBeLessThan(answerThreshold(1, t));
    // Short queries are judged on all their concepts.
    expect(explainedShare(1, 1.5, t)).toBeCloseTo(1 / 1.5);
  });

  it('takes tuning as a parameter', () => {
    const strict = tuningWith({ evidenceAnswer: 5 });
    expect(hasEvidence({ lexicalAnswer: false, lexical: 1, dense: 1 }, strict)).toBe(false);
    expect(strict.field.A).toBe(DEFAULT_TUNING.field.A);
  });
});

describe('spelling variants of catalogue terms', () => {
  it('splits a joined word every way and a version suffix off', () => {
    expect(splitVariants('zorbquix').map((v) => v.words)).toContainEqual(['zorb', 'quix']);
    expect(splitVariants('zorb7').map((v) => v.words)).toEqual([['zorb', '7'], ['zorb']]);
    // A function word is never a part: "nozorb" must not match a bare "zorb".
    expect(splitVariants('nozorb').map((v) => v.words)).not.toContainEqual(['no', 'zorb']);
    expect(splitVariants('abc')).toEqual([]);
  });

  it('joins adjacent one-word concepts and adds the forms to both', () => {
    expect(joinVariant('zorb', 'quix')).toBe('zorbquix');
    expect(joinVariant('zorb', 'x')).toBeNull();
    const specs = [spec('zorb'), spec('quix')];
    addSpellingVariants(specs, () => true);
    for (const s of specs) expect(s.expansions.map((e) => e.words.join(' '))).toContain('zorbquix');
    const joined = [spec('zorbquix')];
    addSpellingVariants(joined, () => false);
    expect(joined[0].expansions.map((e) => e.words.join(' '))).toContain('zorb quix');
    // Words English knows are not split.
    const known = [spec('carpet')];
    addSpellingVariants(known, () => true);
    expect(known[0].expansions).toHaveLength(1);
  });
});

describe('fusion', () => {
  it('reciprocal-rank fusion favours items both lists rank high', () => {
    expect(
      reciprocalRankFusion(
        [
          { ids: ['a', 'b', 'c'], weight: 1 },
          { ids: ['b', 'c'], weight: 1 },
        ],
        10,
      )[0],
    ).toBe('b');
  });

  it('is never below its lexical part when the lexical evidence answers', () => {
    // A fixture where the dense list disagrees completely: the lexical order survives, dense-only courses follow.
    const lexical = ['l1', 'l2', 'l3'];
    const dense = ['d1', 'l3', 'd2', 'l1'];
    const fused = fuseLists(lexical, dense, true, t);
    expect(fused.slice(0, 3)).toEqual(lexical);
    expect(fused).toContain('d1');
    // nDCG of the lexical part's relevant courses is therefore unchanged or better.
    const gain = (ids: string[], rel: Set<string>) =>
      ids.slice(0, 10).reduce((s, id, i) => s + (rel.has(id) ? 1 / Math.log2(i + 2) : 0), 0);
    for (const rel of [new Set(['l1']), new Set(['l3', 'd1']), new Set(['d2'])])
      expect(gain(fused, rel)).toBeGreaterThanOrEqual(gain(lexical, rel));
  });

  it('fuses both lists when only the combined evidence answers', () => {
    expect(fuseLists(['a', 'b'], ['b', 'c'], false, t)[0]).toBe('b');
  });
});

describe('dense vector cache', () => {
  it('keeps the nearest courses and replaces a course vector in place', () => {
    const cache = emptyCache(3);
    upsertVectors(cache, [
      { id: 'x', vec: Int8Array.from([127, 0, 0]) },
      { id: 'y', vec: Int8Array.from([0, 127, 0]) },
      { id: 'z', vec: Int8Array.from([90, 90, 0]) },
    ]);
    const q = Float32Array.from([1, 0, 0]);
    expect(nearest(cache, q, 2).map((h) => h.id)).toEqual(['x', 'z']);
    upsertVectors(cache, [{ id: 'x', vec: Int8Array.from([0, 0, 127]) }]);
    expect(nearest(cache, q, 1)[0].id).toBe('z');
    expect(cache.ids).toHaveLength(3);
  });
});
