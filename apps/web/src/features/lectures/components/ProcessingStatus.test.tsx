import type { Course, Lecture } from '@kaksha/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { toast } from '@/test/toast';
import { PROCESSING_POLL_MS } from '../api/lecture-media';
import { ProcessingStatus } from './ProcessingStatus';

const lecture = (change: Partial<Lecture>): Lecture => ({
  _id: 'l1',
  lectureTitle: 'Closures',
  videoUrl: '/media/lectures/l1',
  isPreviewFree: false,
  captions: [],
  ...change,
});

/**
 * The creator's lecture list answering each GET with the next state (the last one from then on),
 * and retryprocessing, after which the video is queued.
 */
function fakeServer(states: Partial<Lecture>[], retry?: Response) {
  const gets: string[] = [];
  let queue = states;
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const path = new URL(url, 'http://x').pathname;
    if (path === '/api/course/getcourselecture/c1') {
      const state = queue.length > 1 ? (queue.shift() as Partial<Lecture>) : queue[0];
      gets.push(state.processing ?? 'none');
      return json({ _id: 'c1', title: 'JS', lectures: [lecture(state)], sections: [] } as unknown as Course);
    }
    if (path === '/api/course/retryprocessing/l1' && init.method === 'POST') {
      if (retry) return retry;
      queue = [{ processing: 'queued' }];
      return json({ lecture: lecture({ processing: 'queued' }), message: 'Video queued for processing' });
    }
    return json({ message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { gets, fetchMock };
}

const show = (initial: Partial<Lecture>) =>
  renderWithProviders(<ProcessingStatus courseId="c1" lecture={lecture(initial)} />);

describe('ProcessingStatus', () => {
  it('shows a queued video and asks again every few seconds until it is ready', async () => {
    const server = fakeServer([{ processing: 'queued' }, { processing: 'processing' }, { processing: 'ready' }]);
    show({ processing: 'queued' });
    expect(screen.getByRole('status')).toHaveTextContent('Queued for processing');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Processing the video…'), {
      timeout: PROCESSING_POLL_MS + 2000,
    });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Ready to stream'), {
      timeout: PROCESSING_POLL_MS + 2000,
    });
    const asked = server.gets.length;
    // Settled: no more polling.
    await new Promise((r) => setTimeout(r, PROCESSING_POLL_MS + 500));
    expect(server.gets.length).toBe(asked);
  }, 20_000);

  it('shows why processing failed and queues it again with Retry processing', async () => {
    const server = fakeServer([{ processing: 'failed', processingError: 'The file could not be read as a video.' }]);
    show({ processing: 'failed', processingError: 'The file could not be read as a video.' });
    expect(screen.getByRole('status')).toHaveTextContent('Processing failed');
    expect(screen.getByRole('status')).toHaveTextContent('The file could not be read as a video.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry processing' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Video queued for processing'));
    expect(server.fetchMock).toHaveBeenCalledWith(
      expect.stringContaining('/api/course/retryprocessing/l1'),
      expect.objectContaining({ method: 'POST' }),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Queued for processing');
    expect(screen.queryByRole('button', { name: 'Retry processing' })).not.toBeInTheDocument();
  });

  it("toasts the server's message when the retry is refused", async () => {
    fakeServer(
      [{ processing: 'failed' }],
      json({ message: 'Only a video whose processing failed can be queued again' }, 409),
    );
    show({ processing: 'failed' });
    expect(screen.getByRole('status')).toHaveTextContent('The video could not be converted for streaming.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry processing' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Only a video whose processing failed can be queued again'),
    );
  });

  it('shows nothing before a video is uploaded or where videos are not processed', () => {
    fakeServer([{ videoUrl: null, processing: null }]);
    const { container } = show({ videoUrl: null, processing: null });
    expect(container).toBeEmptyDOMElement();
  });
});
