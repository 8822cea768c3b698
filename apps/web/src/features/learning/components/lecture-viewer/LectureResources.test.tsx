import type { Course, Lecture, LectureResource } from '@kaksha/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { LectureViewer } from '../LectureViewer';
import { LectureResources } from './LectureResources';

const resource = (id: string, title: string, fileName: string, size: number, contentType: string): LectureResource => ({
  _id: id,
  title,
  fileName,
  size,
  contentType,
  url: `/api/course/lectureresources/l1/${id}`,
});

const notes = resource('r1', 'Week 1 notes', 'week-1.pdf', 2_400_000, 'application/pdf');
const code = resource('r2', 'Starter code', 'starter.zip', 812, 'application/zip');

describe('LectureResources', () => {
  it('lists each file with its name and size, as a download under its own name', () => {
    render(<LectureResources resources={[notes, code]} />);
    const section = screen.getByRole('region', { name: 'Resources (2)' });
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Week 1 notes');
    expect(items[0]).toHaveTextContent('week-1.pdf · 2.3 MB');
    expect(items[1]).toHaveTextContent('starter.zip · 812 bytes');
    const link = within(items[0]).getByRole('link', { name: 'Download Week 1 notes (2.3 MB)' });
    expect(link).toHaveAttribute('href', '/api/course/lectureresources/l1/r1');
    expect(link).toHaveAttribute('download', 'week-1.pdf');
  });

  it('shows nothing without files', () => {
    const { container } = render(<LectureResources resources={[]} />);
    expect(container).toBeEmptyDOMElement();
    render(<LectureResources resources={undefined} />);
    expect(screen.queryByRole('region')).toBeNull();
  });
});

describe('the lecture viewer with resources', () => {
  const lecture = (id: string, title: string, extra: Partial<Lecture> = {}): Lecture => ({
    _id: id,
    lectureTitle: title,
    videoUrl: `/media/lectures/${id}`,
    isPreviewFree: false,
    ...extra,
  });
  const course = {
    _id: 'c1',
    title: 'JavaScript',
    category: 'Web Development',
    level: 'Beginner',
    lectures: [
      lecture('l1', 'Setup', { resources: [notes] }),
      lecture('l2', 'Variables', { isPreviewFree: true, resources: [code] }),
      lecture('l3', 'Closures', { resources: [] }),
    ],
    sections: [],
  } as unknown as Course;
  const renderViewer = (enrolled: boolean) =>
    renderWithProviders(<LectureViewer course={course} enrolled={enrolled} isCreator={false} progress={null} />);

  it("shows the files of the lecture in the player, under it, and follows the learner's choice", async () => {
    renderViewer(true);
    expect(screen.getByRole('region', { name: 'Resources (1)' })).toHaveTextContent('Week 1 notes');
    await userEvent.click(screen.getByRole('button', { name: /Variables/ }));
    expect(screen.getByRole('region', { name: 'Resources (1)' })).toHaveTextContent('Starter code');
    await userEvent.click(screen.getByRole('button', { name: /Closures/ }));
    expect(screen.queryByRole('region', { name: /Resources/ })).toBeNull();
  });

  it("offers a visitor who is not enrolled only a free preview's files", () => {
    renderViewer(false);
    // The free preview is the lecture they can open, so the player starts there.
    expect(screen.getByRole('region', { name: 'Resources (1)' })).toHaveTextContent('Starter code');
    expect(screen.queryByText('Week 1 notes')).toBeNull();
  });
});
