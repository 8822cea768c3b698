import { describe, expect, it } from 'vitest';
import { parseQuery } from './search.query.ts';
import { canonicalize } from './search.text.ts';
import { expandTemplate, hindiForms, soundKey, toLatin } from './search.translit.ts';

const query = (s: string) => canonicalize(s, true);
const course = (s: string) => canonicalize(s);
const phrases = (q: string) => parseQuery(q).concepts.map((c) => c.phrase);

describe('sound keys', () => {
  it('keep apart only what Hindi spelling of English keeps apart', () => {
    expect(soundKey('paythan')).toBe(soundKey('paithan')); // ay before a consonant is ai
    expect(soundKey('liye')).toBe(soundKey('lie')); // a glide between vowels
    expect(soundKey('zyada')).toBe(soundKey('jyaada')); // nukta and vowel length
    expect(soundKey('phone')).toBe(soundKey('fone'));
    expect(soundKey('kam')).not.toBe(soundKey('kum'));
  });

  it('expands a template into its spellings, at most the limit', () => {
    expect(expandTemplate('d(ai|e)t(a|)')).toEqual(['daita', 'dait', 'deta', 'det']);
    expect(expandTemplate('(a|b)(c|d)(e|f)', 3)).toHaveLength(3);
  });

  it('lists the forms of a Hindi word: nasal endings, plural obliques, verb endings', () => {
    expect(hindiForms('logon')).toEqual(expect.arrayContaining(['logo', 'loga', 'log']));
    expect(hindiForms('kamae')).toContain('kamana');
    expect(hindiForms('sikhni')).toContain('sikhna');
  });
});

describe('Devanagari read into the engine’s words', () => {
  it('reads English loanwords as the English word, whatever the spelling variant', () => {
    expect(query('कंप्यूटर नेटवर्क')).toBe('computer network');
    expect(query('सॉफ़्टवेयर')).toBe('software');
    expect(query('सॉफ्टवेयर')).toBe('software'); // no nukta
    expect(query('वीडियो')).toBe('video');
    expect(query('इंटरनेट')).toBe('internet');
    expect(query('पावरपॉइंट')).toBe('powerpoint'); // AW before a vowel: पावर
    expect(query('मोबाइल')).toBe('mobile'); // the lexicon's word before the oil company
  });

  it('reads acronyms spelt in letter names, and words run together', () => {
    expect(query('एचटीएमएल और सीएसएस')).toBe('html aur css');
    expect(query('एपीआई')).toBe('api');
    expect(query('बीवी')).not.toBe('bv'); // two letters only when the vocabulary has the acronym
    expect(query('फ़ेसबुक')).toBe('facebook');
  });

  it('reads Hindi words through the language layer: kept for the parser in a query, in English in course text', () => {
    expect(query('नौकरी चाहिए')).toBe('naukri chahiye');
    expect(course('नौकरी पाने के लिए')).not.toMatch(/\bnaukri\b|\bke\b/);
    expect(course('नौकरी पाने के लिए')).toMatch(/\bjob\b/);
    // Forms of a word: the plural oblique and a verb ending.
    expect(course('बच्चों के लिए')).toBe('children');
    expect(query('कमाएं')).toBe('kamaye');
  });

  it('does not take a Hindi word for an English one that sounds alike', () => {
    // Aspirated stops are Hindi's own: खींचें is not "kitchen".
    expect(phrases('फोटो खींचें')).toEqual(['photo', 'khinchen']);
    // A flap (ड़) is Hindi's own; a short word is English only when the search's vocabulary has it.
    expect(query('पेड़')).toBe('per');
    expect(query('दिल')).toBe('dil');
    expect(query('फल')).toBe('fal');
    // A function word spelt with other vowel lengths is the English word that sounds exactly so.
    expect(query('कार')).toBe('car');
    expect(course('काम कर सकते हैं')).toBe('work');
  });

  it('reads other scripts the same way in queries and in courses', () => {
    for (const text of ['பைத்தான் பாடநெறி', 'পাইথন কোর্স', 'Пайтон для начинающих']) {
      expect(query(text)).toMatch(/^[a-z0-9 ]+$/);
      expect(query(text)).toBe(course(text));
    }
    expect(toLatin('Python für Anfänger', true)).toBe('Python für Anfänger');
  });
});

describe('Hindi intents', () => {
  it('reads prices in Devanagari digits and Hindi number words', () => {
    expect(parseQuery('पाँच सौ से कम का कोर्स').constraints.price).toEqual({ max: 499 });
    expect(parseQuery('पांच सौ से कम का कोर्स').constraints.price).toEqual({ max: 499 });
    expect(parseQuery('दो हज़ार तक').constraints.price).toEqual({ max: 2000 });
    expect(parseQuery('डेढ़ हजार से ज़्यादा').constraints.price).toEqual({ min: 1501 });
    expect(parseQuery('साढ़े तीन सौ रुपये में').constraints.price).toEqual({ max: 350 });
    expect(parseQuery('₹१२०० से कम').constraints.price).toEqual({ max: 1199 });
    expect(parseQuery('५०० से १००० के बीच').constraints.price).toEqual({ min: 500, max: 1000 });
    expect(parseQuery('paanch sau se kam').constraints.price).toEqual({ max: 499 });
  });

  it('reads free in its Hindi words and spellings', () => {
    for (const q of ['मुफ़्त कोर्स', 'मुफ्त कोर्स', 'फ्री कोर्स', 'निःशुल्क कोर्स', 'बिना पैसे के कोर्स'])
      expect(parseQuery(q).constraints.price, q).toEqual({ max: 0 });
  });

  it('reads levels and ranking wishes, and removes them from the topic', () => {
    expect(parseQuery('शुरुआती के लिए गिटार').constraints.level).toBe('Beginner');
    expect(parseQuery('नए लोगों के लिए गिटार').constraints.level).toBe('Beginner');
    expect(parseQuery('प्रारंभिक स्तर').constraints.level).toBe('Beginner');
    expect(parseQuery('एडवांस लेवल का कोर्स').constraints.level).toBe('Advanced');
    expect(parseQuery('सबसे लोकप्रिय कोर्स').sort).toBe('popular');
    expect(phrases('नए लोगों के लिए गिटार')).toEqual(['guitar']);
  });

  it('drops question forms and intents, leaving the topic', () => {
    expect(phrases('मुझे गिटार सीखना है')).toEqual(['guitar']);
    expect(phrases('गिटार कैसे सीखें?')).toEqual(['guitar']);
    expect(phrases('क्या कोई अच्छा गिटार कोर्स है')).toEqual(['guitar']);
    expect(phrases('मैं गिटार सीखना चाहता हूँ')).toEqual(['guitar']);
  });

  it('does not read durations as prices', () => {
    expect(parseQuery('30 दिन में गिटार').constraints.price).toBeUndefined();
    expect(parseQuery('गिटार 10 घंटे में').constraints.price).toBeUndefined();
  });
});
