import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { callsTo, fakeQaServer, testQuestion } from '../fake-qa-server.test-helpers';
import { SeekMarkers } from './SeekMarkers';

const player = { currentTime: vi.fn(() => 61.4), pause: vi.fn(), seek: vi.fn() };

function renderMarkers() {
  return renderWithProviders(<SeekMarkers courseId="c1" lectureId="l1" duration={120} player={player} />, {
    path: '/viewlecture/:courseId',
    at: '/viewlecture/c1?lecture=l1',
  });
}
const search = (router: { state: { location: { search: string } } }) =>
  new URLSearchParams(router.state.location.search);

describe('the markers along the video', () => {
  it('mark each moment a question was asked; a click opens it in the Q&A tab', async () => {
    const server = fakeQaServer({ role: 'learner', userId: 'learner' });
    server.questions = [
      testQuestion(),
      testQuestion({ _id: 'q2', timestampSec: 90, title: 'Why 100vh?' }),
      testQuestion({ _id: 'q3', timestampSec: null, title: 'About the whole lecture' }),
    ];
    const { router } = renderMarkers();
    const rail = await screen.findByRole('list', { name: '2 questions asked at moments of this lecture' });
    const first = await within(rail).findByRole('button', {
      name: 'Question at 0:42: How do I center a div both ways?',
    });
    expect(first.parentElement).toHaveStyle({ left: '35%' });
    expect(within(rail).getByRole('button', { name: 'Question at 1:30: Why 100vh?' }).parentElement).toHaveStyle({
      left: '75%',
    });
    expect(within(rail).getAllByRole('button')).toHaveLength(2);
    expect(callsTo(server, '/api/qa/course/c1')[0]?.params.get('lectureId')).toBe('l1');

    await userEvent.click(first);
    expect(search(router).get('question')).toBe('q1');
    expect(search(router).get('tab')).toBe('qa');
  });

  it('gather questions too close to tell apart into one marker that lists them', async () => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly report: ResizeObserverCallback) {}
        observe() {
          this.report([{ contentRect: { width: 300 } } as ResizeObserverEntry], this as unknown as ResizeObserver);
        }
        disconnect() {}
      },
    );
    const server = fakeQaServer({ role: 'learner', userId: 'learner' });
    server.questions = [testQuestion(), testQuestion({ _id: 'q2', timestampSec: 44, title: 'And vertically?' })];
    const { router } = renderMarkers();
    const group = await screen.findByRole('button', { name: '2 questions at about 0:42' });
    await userEvent.click(group);
    expect(group).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByRole('button', { name: /And vertically\?/ }));
    expect(search(router).get('question')).toBe('q2');
  });

  it('“Ask about this moment” pauses the video and opens the form at its second', async () => {
    fakeQaServer({ role: 'learner', userId: 'learner' });
    const { router } = renderMarkers();
    await userEvent.click(screen.getByRole('button', { name: 'Ask about this moment' }));
    expect(player.pause).toHaveBeenCalled();
    expect(search(router).get('ask')).toBe('61');
    expect(search(router).get('lecture')).toBe('l1');
  });
});
