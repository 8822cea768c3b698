import type { Course, Lecture } from '@kaksha/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, type Mock, vi } from 'vitest';
import { json } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { toast } from '@/test/toast';
import EditLecturePage from './EditLecturePage';

/** A stand-in for tus-js-client: records each upload and lets the test drive it. */
const tus = vi.hoisted(() => {
  interface Options {
    endpoint: string;
    metadata: Record<string, string>;
    onProgress: (sent: number, total: number) => void;
    onSuccess: (payload: { lastResponse: { getBody: () => string } }) => void;
    onError: (error: Error) => void;
    fingerprint: () => Promise<string>;
  }
  type Abort = (terminate: boolean) => Promise<undefined>;
  const uploads: { options: Options; started: boolean; resumedFrom?: unknown; abort: Mock<Abort> }[] = [];
  const previous: { creationTime: string; uploadUrl: string }[] = [];
  class Upload {
    record: (typeof uploads)[number];
    constructor(_file: File, options: Options) {
      this.record = { options, started: false, abort: vi.fn<Abort>(async () => undefined) };
      uploads.push(this.record);
    }
    findPreviousUploads = async () => previous;
    resumeFromPreviousUpload = (p: unknown) => {
      this.record.resumedFrom = p;
    };
    start = () => {
      this.record.started = true;
    };
    abort = (terminate: boolean) => this.record.abort(terminate);
  }
  return { uploads, previous, Upload, supported: true };
});
vi.mock('tus-js-client', () => ({
  Upload: tus.Upload,
  get isSupported() {
    return tus.supported;
  },
}));

afterEach(() => {
  tus.uploads.length = 0;
  tus.previous.length = 0;
  localStorage.clear();
});

const lecture: Lecture = { _id: 'l1', lectureTitle: 'Intro', videoUrl: null, isPreviewFree: false };

/** The API; `stored` is the lecture as the server has it (changed by the test to say the video arrived). */
function fakeServer(stored: { lecture: Lecture } = { lecture }) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const path = new URL(url, 'http://x').pathname;
    calls.push({ method: init.method ?? 'GET', path, body: init.body });
    if (path === '/api/course/getcourselecture/c1') {
      return json({ _id: 'c1', title: 'Course', lectures: [stored.lecture] } as unknown as Course);
    }
    return json({ message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  // editlecture goes through XMLHttpRequest (api.upload): record what it sends.
  const forms: FormData[] = [];
  class FakeXhr {
    status = 200;
    responseText = JSON.stringify({ lecture, message: 'Lecture Updated' });
    upload = { onprogress: null };
    withCredentials = false;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open() {}
    abort() {}
    send(form: FormData) {
      forms.push(form);
      setTimeout(() => this.onload?.(), 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { calls, forms };
}

function renderPage() {
  return renderWithProviders(<EditLecturePage />, {
    path: '/editlecture/:courseId/:lectureId',
    at: '/editlecture/c1/l1',
    routes: [{ path: '/createlecture/:courseId', element: <p>Lectures page</p> }],
  });
}

const video = () => new File([new Uint8Array(100)], 'clip.mp4', { type: 'video/mp4', lastModified: 1 });

async function chooseAndSubmit() {
  const user = userEvent.setup();
  const input = await screen.findByLabelText(/^Video/);
  // jsdom's validity does not see files set by user-event: a required file input stays "missing".
  input.removeAttribute('required');
  await user.upload(input, video());
  await user.click(screen.getByRole('button', { name: 'Update Lecture' }));
  return user;
}

describe('EditLecturePage: resumable video upload', () => {
  it('sends the video through tus with progress, then saves the fields without the file', async () => {
    const server = fakeServer();
    renderPage();
    await chooseAndSubmit();
    await waitFor(() => expect(tus.uploads[0]?.started).toBe(true));
    const [upload] = tus.uploads;
    expect(upload.options.metadata).toEqual({ lectureId: 'l1', filename: 'clip.mp4', filetype: 'video/mp4' });
    expect(upload.options.endpoint).toMatch(/\/api\/uploads\/$/);
    expect(await upload.options.fingerprint()).toContain('l1');

    upload.options.onProgress(40, 100);
    const bar = await screen.findByRole('progressbar');
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('40'));
    expect(screen.getByText('40%')).toBeTruthy();
    expect(server.forms).toHaveLength(0);

    const saved = { ...lecture, videoUrl: '/media/lectures/l1' };
    upload.options.onSuccess({ lastResponse: { getBody: () => JSON.stringify({ lecture: saved }) } });
    await screen.findByText('Lectures page');
    expect(toast.success).toHaveBeenCalledWith('Lecture Updated');
    expect(server.forms).toHaveLength(1);
    expect(server.forms[0].get('videoUrl')).toBeNull();
    expect(server.forms[0].get('lectureTitle')).toBe('Intro');
  });

  it('resumes an upload a reload interrupted, and says so before', async () => {
    fakeServer();
    localStorage.setItem(
      'tus::kaksha-lecture-l1-clip.mp4-video/mp4-100-1::1',
      JSON.stringify({ size: 100, metadata: { filename: 'clip.mp4' }, uploadUrl: 'http://x/api/uploads/abc' }),
    );
    tus.previous.push({ creationTime: '2026-01-01', uploadUrl: 'http://x/api/uploads/abc' });
    renderPage();
    expect((await screen.findByTestId('interrupted-upload')).textContent).toContain('clip.mp4');
    await chooseAndSubmit();
    await waitFor(() => expect(tus.uploads[0]?.started).toBe(true));
    expect(tus.uploads[0].resumedFrom).toEqual(tus.previous[0]);
  });

  it('Cancel stops the upload and removes it from the server', async () => {
    const server = fakeServer();
    renderPage();
    const user = await chooseAndSubmit();
    await waitFor(() => expect(tus.uploads[0]?.started).toBe(true));
    await user.click(await screen.findByRole('button', { name: 'Cancel upload' }));
    await waitFor(() => expect(tus.uploads[0].abort).toHaveBeenCalledWith(true));
    await waitFor(() => expect(toast.info).toHaveBeenCalledWith('Upload cancelled'));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(server.forms).toHaveLength(0);
  });

  it('shows the server’s message when the video is refused', async () => {
    fakeServer();
    renderPage();
    await chooseAndSubmit();
    await waitFor(() => expect(tus.uploads[0]?.started).toBe(true));
    const refused = Object.assign(new Error('tus: unexpected response'), {
      originalResponse: {
        getStatus: () => 415,
        getBody: () => JSON.stringify({ message: 'Only video files (MP4, WebM or QuickTime) can be uploaded' }),
      },
    });
    tus.uploads[0].options.onError(refused);
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Only video files (MP4, WebM or QuickTime) can be uploaded'),
    );
  });

  it('falls back to the multipart form when tus cannot run here', async () => {
    tus.supported = false;
    const server = fakeServer();
    renderPage();
    await chooseAndSubmit();
    await screen.findByText('Lectures page');
    tus.supported = true;
    expect(server.forms).toHaveLength(1);
    expect((server.forms[0].get('videoUrl') as File).name).toBe('clip.mp4');
  });

  /** A success with an empty answer: tus-js-client's, when HEAD reported the upload complete. */
  const emptySuccess = (upload: (typeof tus.uploads)[number]) =>
    upload.options.onSuccess({ lastResponse: { getBody: () => '' } });

  it('an empty success is checked: a lecture still without its video says so and offers to upload again', async () => {
    const stored = { lecture };
    const server = fakeServer(stored);
    renderPage();
    const user = await chooseAndSubmit();
    await waitFor(() => expect(tus.uploads[0]?.started).toBe(true));
    const checks = () => server.calls.filter((c) => c.path === '/api/course/getcourselecture/c1').length;
    const before = checks();
    emptySuccess(tus.uploads[0]);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The upload finished, but the video was not saved to this lecture.');
    expect(checks()).toBe(before + 1);
    // Nothing was reported as saved, and the fields were not sent on as if it had been.
    expect(toast.success).not.toHaveBeenCalled();
    expect(server.forms).toHaveLength(0);
    expect(screen.queryByText('Lectures page')).toBeNull();

    // Upload again: a new upload of the same file, and this time the lecture has it.
    await user.click(screen.getByRole('button', { name: 'Upload again' }));
    await waitFor(() => expect(tus.uploads[1]?.started).toBe(true));
    expect(screen.queryByRole('alert')).toBeNull();
    stored.lecture = { ...lecture, videoUrl: '/media/lectures/l1' };
    emptySuccess(tus.uploads[1]);
    await screen.findByText('Lectures page');
    expect(toast.success).toHaveBeenCalledWith('Lecture Updated');
    expect(server.forms).toHaveLength(1);
  });

  it('an empty success for a lecture that has its video goes on as before', async () => {
    const server = fakeServer({ lecture: { ...lecture, videoUrl: '/media/lectures/l1' } });
    renderPage();
    await chooseAndSubmit();
    await waitFor(() => expect(tus.uploads[0]?.started).toBe(true));
    emptySuccess(tus.uploads[0]);
    await screen.findByText('Lectures page');
    expect(toast.success).toHaveBeenCalledWith('Lecture Updated');
    expect(server.forms).toHaveLength(1);
  });
});
