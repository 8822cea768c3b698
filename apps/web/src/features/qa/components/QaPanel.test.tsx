import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { callsTo, fakeQaServer, testAnswer, testQuestion } from '../fake-qa-server.test-helpers';
import { QaPanel } from './QaPanel';

const lecture = { _id: 'l1', lectureTitle: 'Flexbox', videoUrl: '/media/l1' };
const player = { currentTime: vi.fn(() => 42.7), pause: vi.fn(), seek: vi.fn() };

function renderPanel(at = '/viewlecture/c1') {
  return renderWithProviders(<QaPanel courseId="c1" lecture={lecture} player={player} />, {
    path: '/viewlecture/:courseId',
    at,
  });
}
const search = (router: { state: { location: { search: string } } }) =>
  new URLSearchParams(router.state.location.search);

describe('the Q&A tab', () => {
  beforeEach(() => {
    player.currentTime.mockClear();
  });

  it("lists this lecture's questions or the whole course's, by status and order, and searches them", async () => {
    const server = fakeQaServer({ role: 'learner', userId: 'learner' });
    server.questions = [
      testQuestion(),
      testQuestion({ _id: 'q2', lectureId: 'l2', title: 'Grid or flexbox for a page?', answered: true }),
    ];
    renderPanel();
    expect(await screen.findByRole('button', { name: 'How do I center a div both ways?' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Grid or flexbox for a page?' })).toBeNull();
    expect(callsTo(server, '/api/qa/course/c1')[0]?.params.toString()).toBe('status=all&sort=recent&lectureId=l1');
    expect(screen.getByText('at 0:42')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Whole course' }));
    expect(await screen.findByRole('button', { name: 'Grid or flexbox for a page?' })).toBeInTheDocument();
    expect(callsTo(server, '/api/qa/course/c1').at(-1)?.params.has('lectureId')).toBe(false);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'unanswered');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Grid or flexbox for a page?' })).toBeNull());
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'votes');
    await waitFor(() =>
      expect(callsTo(server, '/api/qa/course/c1').at(-1)?.params.toString()).toBe('status=unanswered&sort=votes'),
    );

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search questions' }), 'zebra');
    expect(await screen.findByText('No questions match your search')).toBeInTheDocument();
    expect(callsTo(server, '/api/qa/course/c1').at(-1)?.params.get('q')).toBe('zebra');
  });

  it('asks about the moment the player shows, with suggested answers while the title is typed', async () => {
    const server = fakeQaServer({ role: 'learner', userId: 'learner' });
    server.questions = [testQuestion({ accepted: true, answered: true, answerCount: 2 })];
    const { router } = renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Ask about this moment' }));
    expect(player.pause).toHaveBeenCalled();
    expect(search(router).get('ask')).toBe('42');
    expect(screen.getByRole('radio', { name: 'This moment of the lecture (0:42)' })).toBeChecked();

    // Nothing is sent while a field is empty.
    await userEvent.click(screen.getByRole('button', { name: 'Post question' }));
    expect(screen.getByText('Write your question in one line')).toBeInTheDocument();
    expect(callsTo(server, '/api/qa/ask', 'POST')).toEqual([]);

    const title = screen.getByRole('textbox', { name: 'Your question in one line' });
    expect(title).toHaveFocus();
    await userEvent.type(title, 'center a div');
    const suggested = await screen.findByRole('region', { name: 'Suggested answers' });
    expect(within(suggested).getByRole('button', { name: /How do I center a div both ways\?/ })).toHaveTextContent(
      '2 answers',
    );
    expect(callsTo(server, '/api/qa/course/c1').at(-1)?.params.get('q')).toBe('center a div');

    await userEvent.type(
      screen.getByRole('textbox', { name: 'Details' }),
      'It stays on the left.{enter}```{enter}color: red;',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Post question' }));
    await waitFor(() => expect(callsTo(server, '/api/qa/ask', 'POST')).toHaveLength(1));
    expect(callsTo(server, '/api/qa/ask', 'POST')[0]?.body).toEqual({
      courseId: 'c1',
      lectureId: 'l1',
      timestampSec: 42,
      title: 'center a div',
      body: 'It stays on the left.\n```\ncolor: red;',
    });
    // The new question opens.
    expect(await screen.findByRole('heading', { name: 'center a div' })).toBeInTheDocument();
    expect(search(router).get('question')).toBe('new');
    expect(search(router).has('ask')).toBe(false);
  });

  it("shows a question to its asker: the educator's answer marked, Play from its moment, vote, accept, answer, report", async () => {
    const server = fakeQaServer({ role: 'learner', userId: 'learner' });
    server.questions = [testQuestion({ answerCount: 2 })];
    server.answers.set('q1', [
      testAnswer(),
      testAnswer({
        _id: 'a2',
        body: 'Try `place-items: center`.',
        byEducator: false,
        author: { _id: 'other', name: 'Sneha', photoUrl: null, role: 'student' },
      }),
    ]);
    renderPanel('/viewlecture/c1?question=q1');
    const heading = await screen.findByRole('heading', { name: 'How do I center a div both ways?' });
    await waitFor(() => expect(heading).toHaveFocus());
    const [educators, snehas] = screen.getAllByRole('article').slice(1);
    expect(within(educators as HTMLElement).getByText('Educator')).toBeInTheDocument();
    expect(within(snehas as HTMLElement).queryByText('Educator')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Play from 0:42' }));
    expect(player.seek).toHaveBeenCalledWith(42);

    const vote = screen.getByRole('button', { name: 'Upvote (0)' });
    expect(vote).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(vote);
    expect(await screen.findByRole('button', { name: 'Upvote (1)' })).toHaveAttribute('aria-pressed', 'true');
    expect(callsTo(server, '/api/qa/vote/q1', 'POST')[0]?.body).toEqual({ voted: true });

    // A learner has no educator's tools, and reports others' posts, not their own.
    expect(screen.queryByRole('button', { name: 'Feature' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Lock' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Report' })).toHaveLength(2);

    await userEvent.click(within(educators as HTMLElement).getByRole('button', { name: 'Accept answer' }));
    expect(await within(educators as HTMLElement).findByText('Accepted answer')).toBeInTheDocument();
    expect(callsTo(server, '/api/qa/accept/a1', 'POST')[0]?.body).toEqual({ accepted: true });

    await userEvent.type(screen.getByRole('textbox', { name: 'Your answer' }), 'Thanks, that worked!');
    await userEvent.click(screen.getByRole('button', { name: 'Post answer' }));
    expect(await screen.findByText('Thanks, that worked!')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your answer' })).toHaveValue('');

    await userEvent.click(within(snehas as HTMLElement).getByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report this answer' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'What is wrong with it?' }), 'Spam link');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(callsTo(server, '/api/qa/report/a2', 'POST')[0]?.body).toEqual({ reason: 'Spam link' }));
  });

  it('lets the educator feature, lock (no more answers) and delete a question', async () => {
    const server = fakeQaServer({ role: 'educator', userId: 'educator' });
    server.questions = [testQuestion({ reportCount: 1 })];
    const { router } = renderPanel('/viewlecture/c1?tab=qa&question=q1');
    await userEvent.click(await screen.findByRole('button', { name: 'Feature' }));
    expect(await screen.findByText('Featured')).toBeInTheDocument();
    expect(screen.getByText('1 report')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Lock' }));
    expect(await screen.findByText('This question is locked: it takes no new answers.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Your answer' })).toBeNull();
    expect(callsTo(server, '/api/qa/lock/q1', 'POST')[0]?.body).toEqual({ locked: true });

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete this question?' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(search(router).has('question')).toBe(false));
    expect(callsTo(server, '/api/qa/question/q1', 'DELETE')).toHaveLength(1);
    expect(await screen.findByText('No questions yet')).toBeInTheDocument();
  });
});
