import type { Quiz, QuizResult } from '@kaksha/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { toast } from '@/test/toast';
import { QuizPlayer } from './QuizPlayer';

const quiz: Quiz = {
  _id: 'q1',
  courseId: 'c1',
  sectionId: null,
  title: 'JavaScript basics',
  passPercent: 70,
  maxAttempts: 2,
  showAnswers: 'always',
  // As the server sends them to a learner: shuffled for this attempt, each option with its id.
  questions: [
    {
      prompt: 'Which keyword declares a constant?',
      kind: 'single',
      options: ['const', 'var', 'let'],
      optionIds: ['id-const', 'id-var', 'id-let'],
    },
    {
      prompt: 'Which are primitive types?',
      kind: 'multiple',
      options: ['number', 'string', 'object'],
      optionIds: ['id-number', 'id-string', 'id-object'],
    },
    {
      prompt: 'JavaScript runs in browsers.',
      kind: 'truefalse',
      options: ['True', 'False'],
      optionIds: ['id-true', 'id-false'],
    },
  ],
  attemptsUsed: 0,
  bestScorePercent: null,
  passed: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const failed: QuizResult = {
  scorePercent: 67,
  passed: false,
  attempt: 1,
  attemptsLeft: 1,
  bestScorePercent: 67,
  answersShown: true,
  results: [
    { correct: false, correctOptionIds: ['id-const'], explanation: 'const cannot be reassigned.' },
    { correct: true, correctOptionIds: ['id-string', 'id-number'], explanation: null },
    { correct: true, correctOptionIds: ['id-true'], explanation: null },
  ],
};

/** The same attempt graded by a quiz that does not show its answers (yet). */
const hiddenResult: QuizResult = {
  ...failed,
  answersShown: false,
  results: failed.results.map(() => ({ correct: null, correctOptionIds: null, explanation: null })),
};

function renderPlayer(props: Partial<Quiz> = {}) {
  const onClose = vi.fn();
  renderWithProviders(<QuizPlayer quiz={{ ...quiz, ...props }} onClose={onClose} />);
  return { onClose };
}

describe('QuizPlayer', () => {
  it('asks one question at a time, radios for one answer and checkboxes for several, then shows the results', {
    timeout: 20_000,
  }, async () => {
    const fetchMock = vi.fn().mockResolvedValue(json(failed));
    vi.stubGlobal('fetch', fetchMock);
    renderPlayer();
    expect(screen.getByText('Attempts left').nextSibling).toHaveTextContent('2');
    expect(screen.getByText('Pass mark').nextSibling).toHaveTextContent('70%');
    await userEvent.click(screen.getByRole('button', { name: 'Start quiz' }));

    expect(screen.getByText('Question 1 of 3')).toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Next question' });
    expect(next).toBeDisabled();
    expect(screen.getAllByRole('radio')).toHaveLength(3);
    await userEvent.click(screen.getByRole('radio', { name: 'let' }));
    await userEvent.click(next);

    expect(screen.getByText('Question 2 of 3')).toBeInTheDocument();
    expect(screen.getByText('Choose every correct answer.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'number' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'string' }));
    // Back keeps the answers.
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('radio', { name: 'let' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Next question' }));
    expect(screen.getByRole('checkbox', { name: 'string' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Next question' }));

    await userEvent.click(screen.getByRole('radio', { name: 'True' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit answers' }));

    expect(await screen.findByRole('heading', { name: /Not passed: you scored 67%/ })).toHaveFocus();
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/quiz/submit/q1');
    // Answered by option id, in the order chosen: never by position (the options were shuffled).
    expect(JSON.parse(init.body)).toEqual({ answers: [['id-let'], ['id-number', 'id-string'], ['id-true']] });
    expect(screen.getByText(/Attempt 1 · 1 attempt left · Best score 67%/)).toBeInTheDocument();

    const items = screen.getAllByRole('listitem');
    expect(within(items[0]).getByRole('img', { name: 'Incorrect' })).toBeInTheDocument();
    // Letters as this attempt showed the options.
    expect(items[0]).toHaveTextContent('Your answer: C. let');
    expect(items[0]).toHaveTextContent('Correct answer: A. const');
    expect(items[0]).toHaveTextContent('Why: const cannot be reassigned.');
    expect(within(items[1]).getByRole('img', { name: 'Correct' })).toBeInTheDocument();
    expect(items[1]).not.toHaveTextContent('Correct answer:');

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('Question 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'let' })).not.toBeChecked();
  });

  it('offers no new attempt once all are used, and shows the server message on an error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(json({ message: 'You have used all 2 attempts at this quiz' }, 409)),
    );
    const { onClose } = renderPlayer({ attemptsUsed: 2, bestScorePercent: 67 });
    expect(screen.getByRole('note')).toHaveTextContent('You have used all 2 attempts at this quiz.');
    expect(screen.queryByRole('button', { name: /quiz/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Back to lectures' }));
    expect(onClose).toHaveBeenCalled();
    cleanup();

    renderPlayer({ questions: [quiz.questions[2]] });
    await userEvent.click(screen.getByRole('button', { name: 'Start quiz' }));
    await userEvent.click(screen.getByRole('radio', { name: 'False' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith('You have used all 2 attempts at this quiz'));
    expect(screen.getByText('Question 1 of 1')).toBeInTheDocument();
  });

  it.each([
    ['after-pass', 'The correct answers and explanations are shown once you pass.'],
    ['never', 'This quiz does not show its correct answers.'],
  ] as const)('shows only the score when a %s quiz keeps its answers', async (showAnswers, note) => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(hiddenResult)));
    renderPlayer({ showAnswers, questions: [quiz.questions[2]] });
    await userEvent.click(screen.getByRole('button', { name: 'Start quiz' }));
    await userEvent.click(screen.getByRole('radio', { name: 'False' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    await screen.findByRole('heading', { name: /Not passed: you scored 67%/ });
    expect(screen.getByRole('note')).toHaveTextContent(note);
    const [item] = screen.getAllByRole('listitem');
    expect(item).toHaveTextContent('Your answer: B. False');
    expect(item).not.toHaveTextContent('Correct answer');
    expect(within(item).queryByRole('img')).toBeNull();
    expect(screen.queryByText(/correct\. The pass mark/)).toBeNull();
  });

  it('says when the quiz is passed and offers it again for practice', () => {
    renderPlayer({ attemptsUsed: 1, bestScorePercent: 100, passed: true, maxAttempts: null });
    expect(screen.getByText(/You passed this quiz/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Take the quiz again' })).toBeEnabled();
  });
});
