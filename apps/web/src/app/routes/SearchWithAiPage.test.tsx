import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The spoken answers and the microphone's note (spec §6), in English.
const SPOKEN_RESULTS = 'These are the top courses I found for you';
const SPOKEN_NONE = 'No courses found';
const MIC_UNSUPPORTED = 'Voice search is not supported in this browser';

import { testCourse } from '@/test/fixtures';
import { json } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import SearchWithAiPage from './SearchWithAiPage';

const course = (id: string, title: string, price: number | null) =>
  testCourse({ _id: id, title, price, level: 'Beginner', thumbnail: `/media/public/${id}.jpg`, isPublished: true });

const spoken: string[] = [];
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  spoken.length = 0;
  vi.stubGlobal(
    'SpeechSynthesisUtterance',
    class {
      lang = '';
      constructor(readonly text: string) {}
    },
  );
  Object.defineProperty(window, 'speechSynthesis', {
    configurable: true,
    value: { cancel: vi.fn(), speak: (u: { text: string }) => spoken.push(u.text) },
  });
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
  delete (window as unknown as Record<string, unknown>).webkitSpeechRecognition;
});

const answer = (body: unknown, status = 200) => fetchMock.mockResolvedValueOnce(json(body, status));

function renderPage() {
  renderWithProviders(<SearchWithAiPage />);
}

describe('/searchwithai', { timeout: 20_000 }, () => {
  it('searches on Enter, shows result cards linking to the course, and speaks the outcome', async () => {
    answer([course('c1', 'JavaScript Essentials', 699), course('c2', 'React for Beginners', 0)]);
    renderPage();
    await userEvent.type(screen.getByRole('searchbox'), 'javscript for beginners{Enter}');
    expect(await screen.findByRole('heading', { name: 'AI Search Results' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/ai/search');
    expect(JSON.parse(init.body)).toEqual({ input: 'javscript for beginners' });
    expect(screen.getByRole('link', { name: 'JavaScript Essentials' })).toHaveAttribute('href', '/viewcourse/c1');
    expect(screen.getByText('₹ 699')).toBeInTheDocument();
    expect(screen.getAllByText('Web Development')).toHaveLength(2);
    expect(spoken).toEqual([SPOKEN_RESULTS]);
    // Screen readers are told how many were found, not read the whole grid.
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('2 courses found');
    expect(status).not.toContainElement(screen.getByRole('link', { name: 'JavaScript Essentials' }));
  });

  it('shows No Courses Found for an empty answer and for a failure (only logged)', async () => {
    answer([]);
    renderPage();
    await userEvent.type(screen.getByRole('searchbox'), 'knitting{Enter}');
    expect(await screen.findByText('No Courses Found')).toBeInTheDocument();
    expect(spoken).toEqual([SPOKEN_NONE]);

    answer({ message: 'Something went wrong' }, 500);
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No Courses Found')).toBeInTheDocument();
    expect(console.error).toHaveBeenCalled();
    expect(screen.queryByRole('heading', { name: 'AI Search Results' })).toBeNull();
  });

  it('disables the buttons and shows a spinner while a search runs', async () => {
    let release: (r: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise<Response>((r) => (release = r)));
    renderPage();
    await userEvent.type(screen.getByRole('searchbox'), 'python{Enter}');
    expect((await screen.findByText('Searching…')).closest('[role="status"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: /Search$/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /voice/ })).toBeDisabled();
    await act(async () => release(new Response('[]', { status: 200 })));
    expect(await screen.findByText('No Courses Found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Search$/ })).toBeEnabled();
  });

  it('disables the microphone with a tooltip where speech recognition is unsupported', async () => {
    renderPage();
    const mic = screen.getByRole('button', { name: /voice/ });
    expect(mic).toBeDisabled();
    expect(mic.parentElement).toHaveAttribute('title', MIC_UNSUPPORTED);
    expect(console.info).toHaveBeenCalledWith(expect.stringContaining('Voice search unavailable'));
  });

  it('listens in en-IN, puts the recognised text in the input and searches it', async () => {
    const instances: FakeRecognition[] = [];
    class FakeRecognition {
      lang = '';
      interimResults = true;
      maxAlternatives = 5;
      continuous = true;
      onresult: ((e: unknown) => void) | null = null;
      onerror = null;
      onend: (() => void) | null = null;
      start = vi.fn();
      stop = vi.fn();
      abort = vi.fn();
      constructor() {
        instances.push(this);
      }
    }
    (window as unknown as Record<string, unknown>).webkitSpeechRecognition = FakeRecognition;
    answer([course('c9', 'Python for Everyone', 399)]);
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Search by voice' }));
    expect(screen.getByText('Listening...')).toBeInTheDocument();
    expect(instances[0].lang).toBe('en-IN');
    expect(instances[0].start).toHaveBeenCalled();
    await act(async () => {
      instances[0].onresult?.({ results: [[{ transcript: 'python seekhna hai' }]] });
    });
    expect(screen.getByRole('searchbox')).toHaveValue('python seekhna hai');
    expect(await screen.findByRole('link', { name: 'Python for Everyone' })).toBeInTheDocument();
    expect(screen.queryByText('Listening...')).toBeNull();
    expect(JSON.parse(fetchMock.mock.calls[0][1].body)).toEqual({ input: 'python seekhna hai' });
  });

  it('does not call the API for an empty query', async () => {
    renderPage();
    await userEvent.type(screen.getByRole('searchbox'), '   {Enter}');
    await waitFor(() => expect(fetchMock).not.toHaveBeenCalled());
  });
});
