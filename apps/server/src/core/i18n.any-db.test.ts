import { LOCALES } from '@kaksha/contracts';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { CATALOGUES, html, localeOf, longDate, type MessageKey, rupees, t } from './i18n.ts';

/** A message's placeholders and tags, by name and kind: what every language must keep. */
function placeholders(message: string): string[] {
  const found = new Set<string>();
  const walk = (nodes: unknown[]) => {
    for (const node of nodes as { type: number; value?: string; options?: object; children?: unknown[] }[]) {
      // 1 argument, 2 number, 3 date, 4 time, 5 select, 6 plural, 8 tag (the parser's TYPE enum).
      if ([1, 2, 3, 4, 5, 6, 8].includes(node.type)) found.add(`${node.value}:${node.type}`);
      for (const option of Object.values(node.options ?? {})) walk((option as { value: unknown[] }).value);
      if (node.children) walk(node.children);
    }
  };
  walk(new IntlMessageFormat(message, 'en').getAst());
  return [...found].sort();
}

describe("the server's message catalogues", () => {
  it('have every key in every language, with the same placeholders, plurals and tags', () => {
    const keys = Object.keys(CATALOGUES.en).sort();
    for (const locale of LOCALES) {
      expect(Object.keys(CATALOGUES[locale]).sort(), locale).toEqual(keys);
      for (const key of keys as MessageKey[]) {
        expect(placeholders(CATALOGUES[locale][key]), `${locale} ${key}`).toEqual(placeholders(CATALOGUES.en[key]));
      }
    }
  });

  it('fills values, and words plurals by the language (CLDR: Hindi 0 and 1 are "one")', () => {
    expect(t('en', 'mail.greeting', { name: 'Asha' })).toBe('Hello Asha,');
    expect(t('hi', 'mail.greeting', { name: 'आशा' })).toBe('नमस्ते आशा,');
    expect(t('en', 'mail.otp.validity', { minutes: 1 })).toMatch(/^It is valid for 1 minute\./);
    expect(t('en', 'mail.otp.validity', { minutes: 10 })).toMatch(/^It is valid for 10 minutes\./);
    expect(t('hi', 'mail.otp.validity', { minutes: 10 })).toMatch(/^यह कोड 10 मिनट तक/);
  });

  it('escapes values in HTML and shows <b> as <strong>; plain text keeps only the words', () => {
    const values = { title: 'A <b>&</b> "B"', product: 'Kaksha' };
    expect(t('en', 'mail.enrolment.enrolledHtml', values)).toBe('You are now enrolled in A <b>&</b> "B" on Kaksha.');
    expect(html('en', 'mail.enrolment.enrolledHtml', values)).toBe(
      'You are now enrolled in <strong>A &#60;b&#62;&#38;&#60;/b&#62; &#34;B&#34;</strong> on Kaksha.',
    );
    expect(html('hi', 'mail.enrolment.enrolledHtml', values)).toBe(
      'अब आप Kaksha पर <strong>A &#60;b&#62;&#38;&#60;/b&#62; &#34;B&#34;</strong> कोर्स में नामांकित हैं।',
    );
  });

  it('puts a link where the translation places its words, its address escaped', () => {
    const url = 'https://x.example/u?token=a&b="c"';
    expect(html('hi', 'mail.notification.whyHtml', { scope: 'रोज़ाना सारांश' }, { unsubscribe: url })).toBe(
      'आपको यह ई-मेल रोज़ाना सारांश के लिए मिला है। एक क्लिक में <a href="https://x.example/u?token=a&#38;b=&#34;c&#34;">सदस्यता छोड़ें</a>।',
    );
  });

  it('writes rupees from paise with Indian grouping, paise only when there are some', () => {
    expect(rupees('en', 12345600)).toBe('₹1,23,456');
    expect(rupees('hi', 12345650)).toBe('₹1,23,456.50');
  });

  it('reads an unknown locale as English, and writes dates as the language does', () => {
    expect(localeOf('hi')).toBe('hi');
    expect(localeOf('fr')).toBe('en');
    expect(localeOf(null)).toBe('en');
    expect(longDate('en', '2026-11-25T00:00:00.000Z')).toBe('25 November 2026');
    expect(longDate('hi', '2026-11-25T00:00:00.000Z')).toBe('25 नवंबर 2026');
  });
});
