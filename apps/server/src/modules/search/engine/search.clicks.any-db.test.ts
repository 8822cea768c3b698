import { describe, expect, it } from 'vitest';
import { clickBoost, clickScores, type Exposure, examination, queryGroup, stem } from './search.clicks.ts';
import { parseQuery } from './search.query.ts';
import { DEFAULT_TUNING, tuningWith } from './search.tuning.ts';

const group = (q: string) => queryGroup(parseQuery(q));
const t = DEFAULT_TUNING;

describe('query groups', () => {
  it('stems plurals and verb forms', () => {
    expect(stem('cakes')).toBe('cake');
    expect(stem('baking')).toBe(stem('bake'));
    expect(stem('classes')).toBe('class');
    expect(stem('studies')).toBe(stem('study'));
    expect(stem('python')).toBe('python');
  });

  it('puts word order, fillers, case and plurals in one group', () => {
    const a = group('how to bake sourdough bread');
    expect(a?.topic).toBeTruthy();
    for (const q of ['Sourdough bread baking', 'bread sourdough bake', 'sourdough breads baking course'])
      expect(group(q)?.topic).toBe(a?.topic);
  });

  it('puts spelling variants in one group (the parser’s corrections, then the sound of long words)', () => {
    expect(group('javscript for beginners')?.key).toBe(group('beginners javascript')?.key);
    expect(group('fotografy')?.topic).toBe(group('photography')?.topic);
    expect(group('kemistry classes')?.topic).toBe(group('chemistry class')?.topic);
  });

  it('puts Hindi, Hinglish and English phrasings of one need in one group', () => {
    const en = group('learn data science');
    expect(group('डेटा साइंस सीखना है')?.topic).toBe(en?.topic);
    expect(group('data science seekhna hai')?.topic).toBe(en?.topic);
    expect(group('पाँच सौ से कम में एक्सेल कोर्स')?.key).toBe(group('excel course under 500')?.key);
  });

  it('keeps different subjects apart', () => {
    expect(group('java')?.topic).not.toBe(group('javascript')?.topic);
    expect(group('machine learning')?.topic).not.toBe(group('learning machine')?.topic);
    expect(group('python')?.topic).not.toBe(group('python django')?.topic);
  });

  it('counts constraints in the click key but not in the topic', () => {
    const cheap = group('python under 500');
    const any = group('python');
    expect(cheap?.topic).toBe(any?.topic);
    expect(cheap?.key).not.toBe(any?.key);
    expect(group('python for beginners')?.key).not.toBe(any?.key);
  });

  it('has no group for a query without a topic', () => {
    expect(group('free courses')).toBeNull();
    expect(group('cheap course under 500')).toBeNull();
  });
});

const exposure = (course: string, shown: number, clicked: boolean, learners: number, enrolled = false): Exposure => ({
  key: 'k',
  course,
  shown,
  clicked,
  enrolled,
  learners,
});

describe('click scores', () => {
  it('gives no score below the minimum of distinct learners who opened a course', () => {
    const few = t.clickMinLearners - 1;
    expect(clickScores([exposure('a', 1, true, few, true), exposure('a', 1, false, 100)], t)).toEqual([]);
    expect(clickScores([exposure('a', 1, true, t.clickMinLearners), exposure('a', 1, false, 5)], t)).toHaveLength(1);
  });

  it('corrects position bias: the same clicks low on the page weigh more than at the top', () => {
    const [top] = clickScores([exposure('a', 1, true, 20), exposure('a', 1, false, 80)], t);
    const [low] = clickScores([exposure('b', 5, true, 20), exposure('b', 5, false, 80)], t);
    expect(low?.score).toBeGreaterThan(top?.score ?? 1);
    expect(examination(1, t)).toBe(1);
    expect(examination(4, t)).toBeCloseTo(0.25);
  });

  it('shrinks towards nothing with few learners and grows with evidence, at most 1', () => {
    const score = (n: number) => clickScores([exposure('a', 2, true, n)], t)[0]?.score ?? 0;
    expect(score(5)).toBeLessThan(score(20));
    expect(score(20)).toBeLessThan(score(200));
    expect(score(100_000)).toBeLessThanOrEqual(1);
  });

  it('ignores positions below the depth and empty rows', () => {
    expect(clickScores([exposure('a', t.clickDepth + 1, true, 50), exposure('a', 0, true, 50)], t)).toEqual([]);
    expect(clickScores([exposure('a', 1, true, 0)], t)).toEqual([]);
  });

  it('moves a course by at most clickWeight, and not at all without a score', () => {
    expect(clickBoost(undefined, t)).toBe(0);
    expect(clickBoost(5, t)).toBe(t.clickWeight);
    expect(clickBoost(0.5, t)).toBeCloseTo(t.clickWeight / 2);
    expect(clickBoost(1, tuningWith({ clickWeight: 0 }))).toBe(0);
  });
});
