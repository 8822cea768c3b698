import type { Course, Lecture } from '@kaksha/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CurriculumList } from './CurriculumList';

const lecture = (id: string, title: string, preview = false): Lecture => ({
  _id: id,
  lectureTitle: title,
  videoUrl: `/media/lectures/${id}`,
  isPreviewFree: preview,
});

const lectures = [
  lecture('l0', 'Welcome', true),
  lecture('l1', 'Setup'),
  lecture('l2', 'Variables', true),
  lecture('l3', 'Closures'),
];

const withSections: Pick<Course, 'lectures' | 'sections'> = {
  lectures,
  sections: [
    { _id: 's1', title: 'Basics', position: 0, lectureIds: ['l1', 'l2'] },
    { _id: 's2', title: 'Empty', position: 1, lectureIds: [] },
    { _id: 's3', title: 'Advanced', position: 2, lectureIds: ['l3'] },
  ],
};

const titles = (container: HTMLElement) =>
  within(container)
    .queryAllByRole('listitem')
    .map((li) => li.textContent);

describe('CurriculumList', () => {
  it('lists a course without sections as one numbered list, as before', () => {
    render(<CurriculumList course={{ lectures, sections: [] }} selectedId={null} onSelect={() => {}} />);
    expect(screen.queryByRole('button', { expanded: true })).toBeNull();
    expect(titles(document.body)).toEqual(['1.WelcomePreview', '2.Setup', '3.VariablesPreview', '4.Closures']);
  });

  it('groups lectures under collapsible section headings, numbered across the course', async () => {
    const onSelect = vi.fn();
    render(<CurriculumList course={withSections} selectedId="l2" onSelect={onSelect} />);
    const basics = screen.getByRole('button', { name: /Basics/ });
    const advanced = screen.getByRole('button', { name: /Advanced/ });
    // Sections are headings (screen readers jump between them); empty ones are left out.
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(['Basics2 lectures', 'Advanced1 lecture']);
    expect(screen.queryByRole('button', { name: /Empty/ })).toBeNull();
    expect(basics).toHaveAttribute('aria-expanded', 'true');
    const basicsList = document.getElementById(basics.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(titles(basicsList)).toEqual(['2.Setup', '3.VariablesPreview']);
    // The lectures outside any section come first, without a heading.
    expect(titles(document.body)[0]).toBe('1.WelcomePreview');
    expect(screen.getByRole('button', { name: /Variables/ })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(basics);
    expect(basics).toHaveAttribute('aria-expanded', 'false');
    expect(basicsList).not.toBeVisible();
    expect(advanced).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(basics);
    expect(basicsList).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: /Variables/ }));
    expect(onSelect).toHaveBeenCalledWith(lectures[2]);
  });

  it('shows each lecture’s length once measured, read out in words', () => {
    const timed = [
      { ...lecture('t0', 'Welcome', true), duration: 245 },
      { ...lecture('t1', 'Setup'), duration: 3729.4 },
      lecture('t2', 'Later'),
    ];
    render(<CurriculumList course={{ lectures: timed, sections: [] }} selectedId={null} onSelect={() => {}} />);
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('4:05');
    expect(items[0]).toHaveTextContent('4 minutes 5 seconds');
    expect(items[1]).toHaveTextContent('1:02:09');
    expect(items[2].textContent).toBe('3.Later');
  });
});
