import type { Certificate, Quiz } from '@kaksha/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { loadCertificatePage } from '@/features/certificates';
import { AllCoursesPage } from '@/features/courses';
import { QuizPlayer } from '@/features/quizzes';
import { testCard, testUser } from '@/test/fixtures';
import { json } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import HomePage from './routes/HomePage';

/** Words a Hindi screen may write in Latin letters (acronyms, the brand, a language's own name). */
const ALLOWED = new Set(['AI', 'ML', 'UI', 'UX', 'Kaksha', 'English', 'PDF', 'ID', 'LinkedIn']);

/** Latin-script words on the page outside text marked as another language (a course's own texts) and `content`. */
function latinWords(content: string[] = []) {
  const texts: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement?.closest('[lang]:not([lang="hi"]), script, style')) continue;
    texts.push(node.textContent ?? '');
  }
  for (const el of document.body.querySelectorAll('[aria-label], [placeholder], [title]')) {
    if (el.closest('[lang]:not([lang="hi"])')) continue;
    for (const name of ['aria-label', 'placeholder', 'title']) texts.push(el.getAttribute(name) ?? '');
  }
  let all = texts.join(' ');
  for (const piece of content) all = all.split(piece).join(' ');
  return (all.replace(/\S+@\S+/g, ' ').match(/[A-Za-z][A-Za-z']+/g) ?? []).filter((w) => !ALLOWED.has(w));
}

/** The API as the landing page and the catalogue ask it: two cards, one review, the course count. */
function stubCatalogue() {
  const cards = [
    testCard({ _id: 'c1', title: 'React from Scratch', creatorName: 'Asha Rao' }),
    testCard({ _id: 'c2', title: 'पायथन की शुरुआत', language: 'hi', creatorName: 'Asha Rao', price: 0 }),
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = new URL(input, 'http://x').pathname;
      if (path === '/api/course/stats') return json({ publishedCourses: 26 });
      if (path === '/api/review/allReview') return json([]);
      if (path === '/api/course/getpublishedcoures') return json(cards);
      return json({ courses: cards, nextCursor: null, total: 2, facets: undefined });
    }),
  );
}

describe('the main screens in Hindi', () => {
  it('the landing page: hero, badges, categories, courses and footer, with numbers in Indian form', async () => {
    stubCatalogue();
    renderWithProviders(<HomePage />, { user: null, locale: 'hi' });
    expect(screen.getByRole('heading', { level: 1, name: 'अपने हुनर बढ़ाइए, करियर में आगे बढ़िए' })).toBeInTheDocument();
    expect(await screen.findByText('26+ ऑनलाइन कोर्स')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /वेब डेवलपमेंट/ })).toHaveAttribute(
      'href',
      '/allcourses?category=Web+Development',
    );
    expect(await screen.findByText('मुफ़्त')).toBeInTheDocument();
    expect(screen.getByText('₹ 499')).toBeInTheDocument();
    expect(screen.getAllByText('(2 रिव्यू)').length).toBeGreaterThan(0);
    expect(latinWords(['Asha Rao'])).toEqual([]);
  });

  it('the check finds English: the same landing page in English fails it', async () => {
    stubCatalogue();
    renderWithProviders(<HomePage />, { user: null });
    expect(await screen.findByText('26+ Online Courses')).toBeInTheDocument();
    expect(latinWords(['Asha Rao'])).toEqual(expect.arrayContaining(['Grow', 'Lifetime', 'Access']));
  });

  it('the catalogue: its heading, count with Hindi plurals (1 कोर्स, 2 कोर्स), filters and cards', async () => {
    stubCatalogue();
    renderWithProviders(<AllCoursesPage />, { user: testUser(), locale: 'hi', at: '/allcourses' });
    expect(screen.getByRole('heading', { level: 1, name: 'सभी कोर्स' })).toBeInTheDocument();
    expect(await screen.findByText('2 कोर्स')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'कैटेगरी से फ़िल्टर करें' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'क्रम' })).toHaveDisplayValue('सबसे नए');
    expect(screen.getAllByText('शुरुआती').length).toBeGreaterThan(0);
    expect(latinWords(['Asha Rao'])).toEqual([]);
  });

  it('taking a quiz: the introduction, a question and the result', async () => {
    const quiz: Quiz = {
      _id: 'q1',
      courseId: 'c1',
      sectionId: null,
      title: 'बुनियादी जाँच',
      passPercent: 70,
      maxAttempts: null,
      showAnswers: 'always',
      questions: [{ prompt: 'सूची किस चिह्न से बनती है?', kind: 'single', options: ['()', '[]'], optionIds: ['a', 'b'] }],
      attemptsUsed: 0,
      bestScorePercent: null,
      passed: false,
    } as Quiz;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({
          scorePercent: 100,
          passed: true,
          attempt: 1,
          attemptsLeft: null,
          bestScorePercent: 100,
          answersShown: true,
          results: [{ correct: true, correctOptionIds: ['b'], explanation: 'वर्ग कोष्ठक सूची बनाते हैं।' }],
        }),
      ),
    );
    renderWithProviders(<QuizPlayer quiz={quiz} onClose={() => {}} />, { locale: 'hi' });
    expect(screen.getByText('असीमित')).toBeInTheDocument();
    expect(latinWords()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'क्विज़ शुरू करें' }));
    expect(screen.getByText('सवाल 1 / 1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: '[]' }));
    await userEvent.click(screen.getByRole('button', { name: 'जवाब सबमिट करें' }));
    expect(await screen.findByRole('heading', { name: 'पास: आपका स्कोर 100% है' })).toBeInTheDocument();
    expect(screen.getByText('1 में से 1 सही।', { exact: false })).toBeInTheDocument();
    expect(latinWords()).toEqual([]);
  });

  it('a certificate: its words and its date in Hindi', async () => {
    const certificate: Certificate = {
      _id: '0b8c3a9e-7d55-4a43-9d0e-3f4f5c6a7b8c',
      courseId: 'c1',
      learnerName: 'कबीर',
      courseTitle: 'पायथन की शुरुआत',
      educatorName: 'मीरा अय्यर',
      issuedAt: '2026-03-04T10:00:00.000Z',
      verifyUrl: 'https://kaksha.example/certificate/0b8c3a9e-7d55-4a43-9d0e-3f4f5c6a7b8c',
      pdfUrl: 'https://kaksha.example/api/certificate/0b8c3a9e-7d55-4a43-9d0e-3f4f5c6a7b8c/pdf',
    };
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(certificate)));
    renderWithProviders(<CertificatePageHere />, {
      locale: 'hi',
      path: '/certificate/:id',
      at: `/certificate/${certificate._id}`,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'कबीर' })).toBeInTheDocument();
    expect(screen.getByText('कोर्स पूरा करने का प्रमाणपत्र')).toBeInTheDocument();
    expect(screen.getAllByText(/4 मार्च 2026/).length).toBeGreaterThan(0);
    expect(latinWords([certificate.verifyUrl, certificate._id])).toEqual([]);
  });
});

/** The certificate page, loaded as the router loads it. */
const CertificatePageLazy = lazy(loadCertificatePage);
function CertificatePageHere() {
  return (
    <Suspense fallback={null}>
      <CertificatePageLazy />
    </Suspense>
  );
}
