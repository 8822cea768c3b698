import type { Course, Lecture, LectureCaption } from '@kaksha/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import { json } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { toast } from '@/test/toast';
import { LectureCaptionsEditor } from './LectureCaptionsEditor';

// Uploads go through XMLHttpRequest (for progress); the rest through fetch, stubbed below.
const upload = vi.hoisted(() => vi.fn());
vi.mock('@/lib/api', async (original) => {
  const actual = await original<typeof import('@/lib/api')>();
  return { ...actual, api: { ...actual.api, upload } };
});

const caption = (lang: string, label: string): LectureCaption => ({
  lang,
  label,
  url: `/media/lectures/l1/captions/${lang}.vtt`,
});

function setup(captions: LectureCaption[]) {
  const state = { captions };
  const lecture = (): Lecture => ({
    _id: 'l1',
    lectureTitle: 'Closures',
    videoUrl: '/media/lectures/l1',
    isPreviewFree: false,
    processing: 'ready',
    captions: state.captions,
  });
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const { pathname, searchParams } = new URL(url, 'http://x');
    if (pathname === '/api/course/getcourselecture/c1') {
      return json({ _id: 'c1', title: 'JS', lectures: [lecture()], sections: [] } as unknown as Course);
    }
    if (pathname === '/api/course/lecturecaptions/l1' && init.method === 'DELETE') {
      state.captions = state.captions.filter((c) => c.lang !== searchParams.get('lang'));
      return json({ captions: state.captions });
    }
    return json({ message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(<LectureCaptionsEditor courseId="c1" lecture={lecture()} />);
  return { state, fetchMock };
}

const vtt = (name = 'en.vtt') => new File(['WEBVTT\n\n00:00.000 --> 00:02.000\nHello\n'], name, { type: 'text/vtt' });

describe('LectureCaptionsEditor', () => {
  it('lists the captions and removes one', async () => {
    const { fetchMock } = setup([caption('en', 'English'), caption('hi', 'हिन्दी')]);
    const list = screen.getByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['English(en)Remove', 'हिन्दी(hi)Remove']);
    await userEvent.click(screen.getByRole('button', { name: 'Remove हिन्दी captions' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Captions removed: हिन्दी'));
    expect(fetchMock).toHaveBeenCalledWith(
      expect.stringContaining('/api/course/lecturecaptions/l1?lang=hi'),
      expect.objectContaining({ method: 'DELETE' }),
    );
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
  });

  it('adds captions from a file with its language and label', async () => {
    const { state } = setup([]);
    expect(screen.getByText('No captions yet.')).toBeInTheDocument();
    upload.mockImplementation(async (_path: string, form: FormData) => {
      state.captions = [caption(String(form.get('lang')), String(form.get('label')))];
      return { captions: state.captions };
    });
    await userEvent.upload(screen.getByLabelText('Captions file'), vtt());
    await userEvent.type(screen.getByLabelText('Language code'), ' hi-IN ');
    await userEvent.type(screen.getByLabelText('Label'), 'Hindi');
    await userEvent.click(screen.getByRole('button', { name: 'Add captions' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Captions added: Hindi'));
    const [path, form] = upload.mock.calls[0] as [string, FormData];
    expect(path).toBe('/api/course/lecturecaptions/l1');
    // The fields before the file, so the server reads them first.
    expect([...form.keys()]).toEqual(['lang', 'label', 'captions']);
    expect(form.get('lang')).toBe('hi-IN');
    expect((form.get('captions') as File).name).toBe('en.vtt');
    expect(await screen.findByText('Hindi')).toBeInTheDocument();
    expect(screen.getByLabelText('Language code')).toHaveValue('');
  });

  it("shows the server's message and field errors", async () => {
    setup([]);
    upload.mockRejectedValue(
      new ApiError(400, 'Language must be a code such as en or hi-IN', {
        message: 'Language must be a code such as en or hi-IN',
        id: 'x',
        fields: { lang: 'Language must be a code such as en or hi-IN' },
      }),
    );
    await userEvent.upload(screen.getByLabelText('Captions file'), vtt('subs.srt'));
    await userEvent.type(screen.getByLabelText('Language code'), 'english');
    await userEvent.type(screen.getByLabelText('Label'), 'English');
    await userEvent.click(screen.getByRole('button', { name: 'Add captions' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Language must be a code such as en or hi-IN'));
    expect(screen.getByLabelText('Language code')).toHaveAccessibleDescription(
      'Language must be a code such as en or hi-IN',
    );
  });

  it('refuses a file that is not .vtt or .srt before sending it', async () => {
    setup([]);
    await userEvent.upload(
      screen.getByLabelText('Captions file'),
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
      {
        applyAccept: false,
      },
    );
    await userEvent.type(screen.getByLabelText('Language code'), 'en');
    await userEvent.type(screen.getByLabelText('Label'), 'English');
    await userEvent.click(screen.getByRole('button', { name: 'Add captions' }));
    expect(toast.error).toHaveBeenCalledWith('Captions must be a .vtt or .srt file');
    expect(upload).not.toHaveBeenCalled();
  });
});
