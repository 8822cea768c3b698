import type { Course, Lecture, LectureResource } from '@kaksha/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { json } from '@/test/http';
import { renderWithProviders, testQueryClient } from '@/test/render';
import { LectureResourcesEditor } from './LectureResourcesEditor';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('react-toastify', () => ({ toast }));

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
});
