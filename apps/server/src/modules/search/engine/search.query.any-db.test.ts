import { describe, expect, it } from 'vitest';
import { lexiconExpansions, lightStem } from './search.lexicon.ts';
import { correctSpelling, MAX_PRICE, parseQuery } from './search.query.ts';
import { canonicalize } from './search.text.ts';
import { neighbours, wordVectors } from './search.vectors.ts';

const phrases = (q: string) => parseQuery(q).concepts.map((c) => c.phrase);

describe('query understanding', () => {
  it('reads price constraints in English and Hinglish', () => {
    expect(parseQuery('UI UX course under 1000 rupees').constraints.price).toEqual({ max: 999 });
    expect(parseQuery('react under ₹500').constraints.price).toEqual({ max: 499 });
    expect(parseQuery('python below 1,000 rs').constraints.price).toEqual({ max: 999 });
    expect(parseQuery('excel course up to 700').constraints.price).toEqual({ max: 700 });
    expect(parseQuery('500 se kam me data analyst course').constraints.price).toEqual({ max: 499 });
    expect(parseQuery('node course 2k tak').constraints.price).toEqual({ max: 2000 });
    expect(parseQuery('free ethical hacking course').constraints.price).toEqual({ max: 0 });
    expect(parseQuery('cheap beginner python course').constraints.price).toEqual({ max: 500 });
    expect(parseQuery('sql between 500 and 1500 rupees').constraints.price).toEqual({ min: 500, max: 1500 });
    expect(parseQuery('data science above 2000').constraints.price).toEqual({ min: 2001 });
  });

  it('clamps prices beyond what the database stores', () => {
    expect(parseQuery('courses below ₹9999999999').constraints.price).toEqual({ max: MAX_PRICE });
    expect(parseQuery('courses above 99999999999999').constraints.price).toEqual({ min: MAX_PRICE });
  });

  it('does not read durations or counts as prices', () => {
    expect(parseQuery('learn guitar in 30 days').constraints.price).toBeUndefined();
    expect(parseQuery('python under 10 hours').constraints.price).toBeUndefined();
  });

  it('reads levels, categories and ranking wishes, and removes them from the topic', () => {
    const q = parseQuery('best rated java course for absolute beginners');
    expect(q.constraints.level).toBe('Beginner');
    expect(q.sort).toBe('rating');
    expect(phrases('best rated java course for absolute beginners')).toEqual(['java']);
    expect(parseQuery('advanced react native performance').constraints.level).toBe('Advanced');
    expect(parseQuery('python seekhna hai bilkul shuru se').constraints.level).toBe('Beginner');
    expect(phrases('learn zorbix from scratch')).toEqual(['zorbix']);
    expect(parseQuery('learn zorbix from scratch').constraints.level).toBe('Beginner');
    // Misspelt level words still constrain; English words near them are left alone.
    expect(parseQuery('zorbix for begginers').constraints.level).toBe('Beginner');
    expect(parseQuery('zorbix intermediat').constraints.level).toBe('Intermediate');
    expect(parseQuery('what zorbix expects').constraints.level).toBeUndefined();
    expect(parseQuery('most popular flutter course').sort).toBe('popular');
    expect(parseQuery('mujhe web development seekhna hai').constraints.category).toBe('Web Development');
  });

  it('keeps a number that ends a name, not counts or prices', () => {
    expect(phrases('zorbix 16 from the office')).toEqual(['zorbix', '16', 'office']);
    expect(phrases('zorbix 3')).toEqual(['zorbix', '3']);
    expect(phrases('40 zorbix servers')).not.toContain('40');
    expect(phrases('zorbix 40 servers')).not.toContain('40');
    expect(phrases('zorbix under 500')).not.toContain('500');
  });

  it('drops voice fillers and Hinglish function words, keeps lexicon phrases whole', () => {
    expect(phrases('uh what is the best course to learn machine learning')).toEqual(['machine learning']);
    expect(phrases('mujhe web development seekhna hai')).toEqual(['web development']);
    expect(phrases('um can you show me something about designing mobile screens')).toEqual([
      'designing',
      'mobile',
      'screens',
    ]);
    expect(phrases('how do I connect my Node.js backend to Postgres?')).toEqual([
      'connect',
      'nodejs',
      'backend',
      'postgres',
    ]);
  });

  it('corrects misspelt domain words before recognising phrases', () => {
    expect(correctSpelling('pyhton')).toBe('python');
    expect(correctSpelling('javscript')).toBe('javascript');
    // A misspelling with a domain word's light stem is still corrected (course text spells it right).
    expect(correctSpelling('developement')).toBe('development');
    expect(phrases('machne learning for beginners')).toEqual(['machine learning']);
    // Real words and unknown names are left alone.
    expect(correctSpelling('knitting')).toBe('knitting');
    expect(correctSpelling('riverpod')).toBe('riverpod');
  });

  it('canonicalises tech names the same way for courses and queries', () => {
    expect(canonicalize('C++ and C# on .NET')).toBe('cplusplus and csharp on dotnet');
    expect(canonicalize('Wi-Fi hacking')).toBe('wifi hacking');
    // Short slash pairs are two words; course text also keeps the joined form.
    expect(canonicalize('QX/ZV pipelines', true)).toBe('qx zv pipelines');
    expect(canonicalize('QX/ZV pipelines')).toBe('qx zv qxzv pipelines');
    expect(canonicalize('a/b testing', true)).toBe('ab testing');
    expect(canonicalize('Node.js', true)).toBe('nodejs');
    expect(canonicalize('front-end', true)).toBe('frontend');
    expect(canonicalize('front-end')).toBe('frontend front end');
  });

  it('reads plural acronyms as the acronym, upper or lower case', () => {
    expect(canonicalize('Fine-tuning QZMs and KPIs')).toBe('finetuning fine tuning qzm and kpi');
    expect(canonicalize('qzms for pdfs', true)).toBe('qzm for pdf');
    // English plurals keep their s for the stemmer; a capitalised word is not an acronym.
    expect(canonicalize('Maps and Charts')).toBe('maps and charts');
    expect(canonicalize('AWS and SaaS')).toBe('aws and saas');
  });

  it('keeps the negated word of a compound out of course text, not its compound', () => {
    expect(canonicalize('Zorbix for Non-Programmers')).toBe('zorbix for nonprogrammers non');
    expect(canonicalize('a no-nonsense guide')).toBe('a nononsense no guide');
    expect(canonicalize('Websites Without Writing Code')).toBe('websites nocode no');
    expect(canonicalize('non programmers', true)).toBe('nonprogrammers');
    expect(canonicalize('no code apps', true)).toBe('nocode apps');
    expect(canonicalize('app banana bina coding ke', true)).toBe('app banana nocode');
  });

  it("reads a query's OSCP-like, project-based, beginner-friendly as their head word", () => {
    expect(phrases('zorbix-like labs')).toEqual(['zorbix', 'labs']);
    expect(parseQuery('beginner-friendly zorbix').constraints.level).toBe('Beginner');
    // Course text keeps the compound and its parts.
    expect(canonicalize('exam-style labs')).toBe('examstyle exam style labs');
  });

  it('knows acronyms, synonyms and related concepts, whatever the word form', () => {
    const of = (w: string) => lexiconExpansions(w).map((e) => e.phrase);
    expect(of('ml')).toContain('machine learning');
    expect(of('dsa')).toContain('data structures and algorithms');
    expect(of('pentesting')).toEqual(expect.arrayContaining(['penetration testing', 'ethical hacking']));
    expect(of('hackers')).toContain('ethical hacking');
    expect(of('iphone')).toContain('swift');
    expect(lightStem('hackers')).toBe(lightStem('hacking'));
    expect(lightStem('prediction')).toBe(lightStem('predict'));
  });

  it('ships the word vectors (committed data file) with frequency ranks and neighbours', () => {
    const v = wordVectors();
    expect(v, 'assets/word-vectors.bin must be present').not.toBeNull();
    if (!v) return;
    expect(v.count).toBeGreaterThan(15_000);
    expect(v.ranks[v.index.get('the') ?? v.index.get('government') ?? 0]).toBeLessThan(200);
    const near = neighbours(v, 'photos', 0.5).map((n) => n.word);
    expect(near).toContain('photographs');
  });
});
