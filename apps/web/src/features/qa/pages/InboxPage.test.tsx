import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { callsTo, fakeQaServer, testQuestion } from '../fake-qa-server.test-helpers';
import InboxPage from './InboxPage';

const renderInbox = (at = '/educator/questions') =>
  renderWithProviders(<InboxPage />, { path: '/educator/questions', at });

describe("the educator's inbox", () => {
  it('lists the questions waiting for an answer, each opening in place to be answered', async () => {
    const server = fakeQaServer({ role: 'educator', userId: 'educator' });
    server.unansweredCount = 2;
    server.questions = [
      testQuestion(),
      testQuestion({
        _id: 'q2',
        courseId: 'c2',
        courseTitle: 'SQL',
        lectureId: null,
        lectureTitle: null,
        timestampSec: null,
        title: 'RANK or DENSE_RANK?',
      }),
    ];
    renderInbox();
    expect(await screen.findByText('2 questions are waiting for your answer.')).toBeInTheDocument();
    expect(callsTo(server, '/api/qa/inbox')[0]?.params.get('status')).toBe('unanswered');
    expect(screen.getByText('HTML, CSS and JavaScript · Flexbox')).toBeInTheDocument();
    expect(screen.getByText('SQL')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'How do I center a div both ways?' }));
    // Its lecture at its moment, in the viewer.
    expect(await screen.findByRole('link', { name: 'Flexbox at 0:42' })).toHaveAttribute(
      'href',
      '/viewlecture/c1?lecture=l1&question=q1',
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Your answer' }), 'Use align-items too.');
    await userEvent.click(screen.getByRole('button', { name: 'Post answer' }));
    await waitFor(() =>
      expect(callsTo(server, '/api/qa/answer/q1', 'POST')[0]?.body).toEqual({ body: 'Use align-items too.' }),
    );
    // Answered, it leaves the list, and stays open above it until closed.
    await waitFor(() =>
      expect(screen.getAllByRole('heading', { name: 'How do I center a div both ways?' })).toHaveLength(1),
    );
    expect(await screen.findByText('Use align-items too.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Use align-items too.')).toBeNull();
  });

  it('shows all, answered, or one course’s questions', async () => {
    const server = fakeQaServer({ role: 'educator', userId: 'educator' });
    server.questions = [
      testQuestion({ answered: true }),
      testQuestion({ _id: 'q2', courseId: 'c2', courseTitle: 'SQL' }),
    ];
    renderInbox('/educator/questions?courseId=c1');
    expect(await screen.findByText('All caught up: every question has an answer.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Answered' }));
    expect(await screen.findByText('Questions on HTML, CSS and JavaScript.')).toBeInTheDocument();
    expect(callsTo(server, '/api/qa/inbox').at(-1)?.params.toString()).toBe('status=answered&courseId=c1');
    await userEvent.click(screen.getByRole('link', { name: 'Show all courses' }));
    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    const list = await screen.findByRole('list');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
  });
});
