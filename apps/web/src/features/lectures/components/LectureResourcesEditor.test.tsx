import { type Course, LECTURE_RESOURCE_MAX_BYTES, type Lecture, type LectureResource } from '@kaksha/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { json } from '@/test/http';
import { renderWithProviders, testQueryClient } from '@/test/render';
import { toast } from '@/test/toast';
import { LectureResourcesEditor } from './LectureResourcesEditor';

const resource = (i: number): LectureResource => ({
  _id: `r${i}`,
  title: `Notes ${i}`,
  fileName: `notes-${i}.pdf`,
  size: 1024 * (i + 1),
  contentType: 'application/pdf',
  url: `/api/course/lectureresources/l1/r${i}`,
});

function renderEditor(initial: LectureResource[]) {
  let resources = initial;
  const lecture: Lecture = { _id: 'l1', lectureTitle: 'Setup', videoUrl: null, isPreviewFree: false, resources };
  const client = testQueryClient();
  client.setQueryData(queryKeys.courseLectures('c1'), { _id: 'c1', lectures: [lecture] } as unknown as Course);
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const path = String(url);
    if (init.method === 'DELETE') {
      const id = path.split('/').pop();
      resources = resources.filter((r) => r._id !== id);
      return json({ resources, message: 'Resource Removed' });
    }
    return json({ _id: 'c1', lectures: [{ ...lecture, resources }] });
  });
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(<LectureResourcesEditor courseId="c1" lecture={lecture} />, { client });
  return fetchMock;
}

describe('LectureResourcesEditor', () => {
  it('lists the files and removes one', async () => {
    const fetchMock = renderEditor([resource(0), resource(1)]);
    const section = screen.getByRole('region', { name: 'Resources' });
    expect(within(section).getByText('notes-0.pdf · 1 KB')).toBeInTheDocument();
    expect(screen.getByText(/\(2 of 20\)/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Notes 0' }));
    await vi.waitFor(() => expect(screen.queryByText('Notes 0')).toBeNull(), { timeout: 5000 });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/course/lectureresources/l1/r0',
      expect.objectContaining({ method: 'DELETE' }),
    );
    expect(screen.getByText('Notes 1')).toBeInTheDocument();
  });

  it('offers the form until the lecture has 20 files, then says why not', () => {
    renderEditor([resource(0)]);
    expect(screen.getByLabelText('File')).toHaveAttribute('accept', expect.stringContaining('.pdf'));
    expect(screen.getByRole('button', { name: 'Add file' })).toBeInTheDocument();
    cleanup();
    renderEditor(Array.from({ length: 20 }, (_, i) => resource(i)));
    expect(screen.queryByRole('button', { name: 'Add file' })).toBeNull();
    expect(screen.getByText(/the most it can have; remove one to add another/)).toBeInTheDocument();
  });

  it('checks the file before sending it: one must be chosen, and not over the limit', async () => {
    renderEditor([]);
    const upload = vi.fn();
    vi.stubGlobal('XMLHttpRequest', upload);
    await userEvent.click(screen.getByRole('button', { name: 'Add file' }));
    expect(toast.error).toHaveBeenCalledWith('Please choose a file to attach');
    const huge = new File(['x'], 'huge.pdf', { type: 'application/pdf' });
    Object.defineProperty(huge, 'size', { value: LECTURE_RESOURCE_MAX_BYTES + 1 });
    await userEvent.upload(screen.getByLabelText('File'), huge);
    await userEvent.click(screen.getByRole('button', { name: 'Add file' }));
    expect(toast.error).toHaveBeenLastCalledWith('The file is too large (50 MB at most)');
    expect(upload).not.toHaveBeenCalled();
  });

  it('adds a file with its title, says so, and empties the form for the next one', async () => {
    renderEditor([]);
    const sent: FormData[] = [];
    class FakeXhr {
      status = 201;
      responseText = JSON.stringify({ resources: [resource(0)], message: 'Resource Added' });
      upload = { onprogress: null };
      withCredentials = false;
      onload: (() => void) | null = null;
      open() {}
      send(form: FormData) {
        sent.push(form);
        setTimeout(() => this.onload?.(), 0);
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    await userEvent.upload(
      screen.getByLabelText('File'),
      new File(['notes'], 'notes-0.pdf', { type: 'application/pdf' }),
    );
    await userEvent.type(screen.getByLabelText('Title (optional)'), 'Notes 0');
    await userEvent.click(screen.getByRole('button', { name: 'Add file' }));
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith('Resource Added'));
    expect(sent[0].get('title')).toBe('Notes 0');
    expect((sent[0].get('file') as File).name).toBe('notes-0.pdf');
    expect(screen.getByLabelText('Title (optional)')).toHaveValue('');
    expect((screen.getByLabelText('File') as HTMLInputElement).value).toBe('');
    // The form is empty again: adding now asks for a file instead of sending the last one.
    await userEvent.click(screen.getByRole('button', { name: 'Add file' }));
    expect(toast.error).toHaveBeenCalledWith('Please choose a file to attach');
    expect(sent).toHaveLength(1);
  });
});
