import type { Quiz } from '@kaksha/contracts';
import { describe, expect, it } from 'vitest';
import { blankQuestion, type Draft, draftOf, toRequest } from './draft';

const question = (patch: Partial<ReturnType<typeof blankQuestion>> = {}) => ({
  ...blankQuestion(),
  prompt: ' What is 2 + 2? ',
  options: [' 3 ', '4', '5'],
  correct: [1],
  ...patch,
});
const draft = (patch: Partial<Draft> = {}): Draft => ({
  title: ' Arithmetic ',
  passPercent: '60',
  maxAttempts: '',
  sectionId: '',
  showAnswers: 'after-pass',
  questions: [question()],
  ...patch,
});

describe('quiz draft', () => {
  it('turns a draft into the request: trimmed, numbers parsed, empty fields as null or left out', () => {
    const several = question({ kind: 'multiple', correct: [2, 0], explanation: '  Both are odd.  ' });
    expect(toRequest(draft({ maxAttempts: '3', sectionId: 's1', questions: [question(), several] }))).toEqual({
      quiz: {
        title: 'Arithmetic',
        passPercent: 60,
        maxAttempts: 3,
        sectionId: 's1',
        showAnswers: 'after-pass',
        questions: [
          { prompt: 'What is 2 + 2?', kind: 'single', options: ['3', '4', '5'], correct: [1] },
          {
            prompt: 'What is 2 + 2?',
            kind: 'multiple',
            options: ['3', '4', '5'],
            correct: [0, 2],
            explanation: 'Both are odd.',
          },
        ],
      },
    });
    expect(toRequest(draft())).toMatchObject({ quiz: { maxAttempts: null, sectionId: null } });
    expect(toRequest(draft({ showAnswers: 'never' }))).toMatchObject({ quiz: { showAnswers: 'never' } });
  });

  it('names the first problem, and the question it is in', () => {
    expect(toRequest(draft({ title: '  ' }))).toEqual({ problem: 'Title is required' });
    expect(toRequest(draft({ passPercent: '101' }))).toEqual({
      problem: 'Pass mark must be a whole percentage from 0 to 100',
    });
    expect(toRequest(draft({ passPercent: '' }))).toMatchObject({ problem: /^Pass mark/ });
    expect(toRequest(draft({ maxAttempts: '0' }))).toEqual({
      problem: 'Attempts must be a whole number of at least 1',
    });
    expect(toRequest(draft({ questions: [] }))).toEqual({ problem: 'A quiz needs at least one question' });
    expect(toRequest(draft({ questions: [question(), question({ correct: [] })] }))).toEqual({
      problem: 'Question 2: Mark exactly one correct option',
    });
    expect(toRequest(draft({ questions: [question({ kind: 'truefalse' })] }))).toEqual({
      problem: 'Question 1: A true/false question has exactly 2 options',
    });
  });

  it('starts a new quiz with one blank question, and an existing one as it is', () => {
    const empty = draftOf();
    expect(empty).toMatchObject({
      title: '',
      passPercent: '70',
      maxAttempts: '',
      sectionId: '',
      showAnswers: 'after-pass',
    });
    expect(empty.questions).toHaveLength(1);
    const quiz = {
      title: 'Q',
      passPercent: 80,
      maxAttempts: null,
      sectionId: null,
      showAnswers: 'always',
      questions: [{ prompt: 'P', kind: 'single', options: ['a', 'b'], correct: [0] }],
    } as unknown as Quiz;
    const existing = draftOf(quiz);
    expect(existing).toMatchObject({
      title: 'Q',
      passPercent: '80',
      maxAttempts: '',
      sectionId: '',
      showAnswers: 'always',
    });
    expect(existing.questions[0]).toMatchObject({ prompt: 'P', options: ['a', 'b'], correct: [0], explanation: '' });
    // Keys tell questions apart.
    expect(existing.questions[0].key).not.toBe(empty.questions[0].key);
  });
});
