import type { Quiz } from '@kaksha/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { toast } from '@/test/toast';
import { QuizEditor } from './QuizEditor';

const existing: Quiz = {
  _id: 'q1',
  courseId: 'c1',
  sectionId: 's1',
  title: 'Basics check',
  passPercent: 60,
  maxAttempts: 3,
  showAnswers: 'after-pass',
  questions: [
    {
      prompt: '2 + 2?',
      kind: 'single',
      options: ['3', '4'],
      optionIds: ['a3', 'a4'],
      correct: [1],
      explanation: 'Count them.',
    },
  ],
  attemptsUsed: 0,
  bestScorePercent: null,
  passed: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** Answers GET quizzes with `list` and any POST/DELETE with `write`. */
function server(
  list: Quiz[],
  write: { status: number; body: unknown } = { status: 201, body: { message: 'Quiz created' } },
) {
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
    init?.method === 'GET' || !init?.method
      ? new Response(JSON.stringify(list), { status: 200 })
      : new Response(JSON.stringify(write.body), { status: write.status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderEditor() {
  renderWithProviders(<QuizEditor courseId="c1" sections={[{ _id: 's1', title: 'Getting started' }]} />);
}

const writes = (fetchMock: ReturnType<typeof server>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method && init.method !== 'GET');

describe('QuizEditor', () => {
  it('lists the quizzes with their pass mark, attempts and place', async () => {
    server([existing]);
    renderEditor();
    expect(await screen.findByRole('heading', { name: 'Basics check' })).toBeInTheDocument();
    expect(screen.getByText(/1 question · pass mark 60% · 3 attempts · after “Getting started”/)).toBeInTheDocument();
  });

  it('creates a quiz: checks it first, then posts the whole quiz', { timeout: 20_000 }, async () => {
    const fetchMock = server([]);
    renderEditor();
    await userEvent.click(await screen.findByRole('button', { name: 'New quiz' }));
    await userEvent.type(screen.getByLabelText('Quiz title'), 'Final check');
    await userEvent.clear(screen.getByLabelText('Pass mark (%)'));
    await userEvent.type(screen.getByLabelText('Pass mark (%)'), '50');
    await userEvent.selectOptions(screen.getByLabelText('Shown after'), 's1');
    await userEvent.type(screen.getByLabelText('Question 1 text'), 'Pick the even numbers');
    await userEvent.selectOptions(screen.getByLabelText('Question 1 type'), 'multiple');
    await userEvent.type(screen.getByLabelText('Question 1 option 1'), '2');
    await userEvent.type(screen.getByLabelText('Question 1 option 2'), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Add option' }));
    await userEvent.type(screen.getByLabelText('Question 1 option 3'), '4');

    // No correct option marked yet: refused here, with the question named.
    await userEvent.click(screen.getByRole('button', { name: 'Create quiz' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Question 1: Mark at least one correct option');
    expect(writes(fetchMock)).toHaveLength(0);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Option 1 is correct' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Option 3 is correct' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add question' }));
    await userEvent.type(screen.getByLabelText('Question 2 text'), 'Zero is even.');
    await userEvent.selectOptions(screen.getByLabelText('Question 2 type'), 'truefalse');
    expect(screen.getByLabelText('Question 2 option 1')).toHaveValue('True');
    await userEvent.click(screen.getAllByRole('radio', { name: 'Option 1 is correct' })[0]);
    await userEvent.type(screen.getByLabelText('Question 2 explanation (optional)'), 'It is divisible by 2.');
    await userEvent.click(screen.getByRole('button', { name: 'Create quiz' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Quiz created'));
    const [[url, init]] = writes(fetchMock);
    expect(url).toBe('/api/quiz/create/c1');
    expect(JSON.parse(init?.body as string)).toEqual({
      title: 'Final check',
      passPercent: 50,
      maxAttempts: null,
      sectionId: 's1',
      showAnswers: 'after-pass',
      questions: [
        { prompt: 'Pick the even numbers', kind: 'multiple', options: ['2', '3', '4'], correct: [0, 2] },
        {
          prompt: 'Zero is even.',
          kind: 'truefalse',
          options: ['True', 'False'],
          correct: [0],
          explanation: 'It is divisible by 2.',
        },
      ],
    });
    // Back to the list.
    expect(await screen.findByRole('button', { name: 'New quiz' })).toBeInTheDocument();
  });

  it('edits a quiz in place and shows the server message on a refusal', async () => {
    const fetchMock = server([existing], { status: 400, body: { message: 'That section is not part of this course' } });
    renderEditor();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit quiz Basics check' }));
    expect(screen.getByLabelText('Quiz title')).toHaveValue('Basics check');
    expect(screen.getByLabelText('Attempts allowed')).toHaveValue(3);
    expect(screen.getByRole('radio', { name: 'Option 2 is correct' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Save quiz' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('That section is not part of this course'));
    expect(writes(fetchMock)[0][0]).toBe('/api/quiz/edit/q1');
  });

  it('removes a quiz after confirmation', async () => {
    const fetchMock = server([existing], { status: 200, body: { message: 'Quiz removed' } });
    renderEditor();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove quiz Basics check' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove quiz' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Quiz removed'));
    const [[url, init]] = writes(fetchMock);
    expect(url).toBe('/api/quiz/remove/q1');
    expect(init?.method).toBe('DELETE');
  });
});
