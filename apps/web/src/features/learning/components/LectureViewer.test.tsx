import type { Course, Lecture } from '@kaksha/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import type { CourseProgress } from '../api/progress';
import { LectureViewer } from './LectureViewer';

const lecture = (id: string, title: string): Lecture => ({
  _id: id,
  lectureTitle: title,
  videoUrl: `/media/lectures/${id}`,
  isPreviewFree: false,
});

const course = {
  _id: 'c1',
  title: 'JavaScript',
  category: 'Web Development',
  level: 'Beginner',
  lectures: [lecture('l1', 'Setup'), lecture('l2', 'Variables'), lecture('l3', 'Closures')],
  sections: [
    { _id: 's1', title: 'Basics', position: 0, lectureIds: ['l1', 'l2'] },
    { _id: 's2', title: 'Advanced', position: 1, lectureIds: ['l3'] },
  ],
} as Course;

const progress: CourseProgress = {
  courseId: 'c1',
  completedCount: 1,
  totalLectures: 3,
  percent: 33,
  lastLectureId: 'l2',
  lectures: [{ lectureId: 'l1', positionSeconds: 60, completed: true, updatedAt: '2026-01-01T00:00:00.000Z' }],
};

describe('LectureViewer', () => {
  it('lists the lectures by section in collapsible groups with their progress', async () => {
    renderWithProviders(<LectureViewer course={course} enrolled isCreator={false} progress={progress} />);
    const list = screen.getByRole('complementary');
    const basics = within(list).getByRole('button', { name: /Basics/ });
    expect(basics).toHaveTextContent('1 of 2 lectures done');
    expect(within(list).getByRole('button', { name: /Advanced/ })).toHaveTextContent('0 of 1 lecture done');
    // Resumes at the last lecture, in its section.
    expect(within(list).getByRole('button', { name: /Variables/ })).toHaveAttribute('aria-current', 'true');
    expect(within(list).getByRole('button', { name: /Setup/ })).toContainElement(
      within(list).getByRole('img', { name: 'Completed' }),
    );

    await userEvent.click(basics);
    expect(basics).toHaveAttribute('aria-expanded', 'false');
    expect(within(list).queryByRole('button', { name: /Variables/ })).toBeNull();
    await userEvent.click(within(list).getByRole('button', { name: /Closures/ }));
    expect(within(list).getByRole('button', { name: /Closures/ })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'Closures' })).toBeInTheDocument();
  });

  it("takes other features' slots: items after a section and at the end, a stage in the player's place", async () => {
    const onLectureChosen = vi.fn();
    renderWithProviders(
      <LectureViewer
        course={course}
        enrolled
        isCreator={false}
        progress={progress}
        stage={<p>Quiz stage</p>}
        onLectureChosen={onLectureChosen}
        afterSection={(id) => (id === 's1' ? <li>After basics</li> : null)}
        listEnd={<li>At the end</li>}
        asideTop={<p>Certificate</p>}
      />,
    );
    const list = screen.getByRole('complementary');
    const items = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual(['1.Setup', '2.Variables', 'After basics', '3.Closures', 'At the end']);
    expect(within(list).getByText('Certificate')).toBeInTheDocument();
    expect(screen.getByText('Quiz stage')).toBeInTheDocument();
    // While the stage shows, no lecture is current; choosing one asks to close it.
    expect(within(list).getByRole('button', { name: /Variables/ })).not.toHaveAttribute('aria-current');
    await userEvent.click(within(list).getByRole('button', { name: /Closures/ }));
    expect(onLectureChosen).toHaveBeenCalled();
  });

  it.each([
    [360, true],
    [1280, false],
  ])('at %i px, choosing a lecture scrolls the player into view: %s', async (width, scrolls) => {
    // Only a phone's layout puts the list under the player (one column below 1024 px).
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(min-width: 1024px)' ? width >= 1024 : false,
    }));
    const scrolled: { element: Element; options: unknown }[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element, options?: unknown) {
      scrolled.push({ element: this, options });
    };
    try {
      renderWithProviders(<LectureViewer course={course} enrolled isCreator={false} progress={progress} />);
      const list = screen.getByRole('complementary');
      await userEvent.click(within(list).getByRole('button', { name: /Setup/ }));
      if (!scrolls) {
        expect(scrolled).toEqual([]);
        return;
      }
      expect(scrolled).toHaveLength(1);
      expect(scrolled[0].options).toEqual({ behavior: 'smooth', block: 'start' });
      // The column with the player and the chosen lecture's title, not the list.
      expect(scrolled[0].element).toContainElement(screen.getByRole('heading', { level: 2, name: 'Setup' }));
      expect(scrolled[0].element).not.toContainElement(list);
    } finally {
      vi.unstubAllGlobals();
      Element.prototype.scrollIntoView = original;
    }
  });

  it('lets an enrolled learner open and mark complete a lecture without a video', () => {
    const noVideo = { ...course, lectures: [{ ...lecture('l1', 'Reading'), videoUrl: null }], sections: [] } as Course;
    renderWithProviders(
      <LectureViewer course={noVideo} enrolled isCreator={false} progress={{ ...progress, lectures: [] }} />,
    );
    expect(screen.getByText('This lecture has no video yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Reading/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Mark as complete' })).toBeInTheDocument();
  });

  it("opens the URL's lecture and adds another feature's tab beside Resources, with the lecture and the player", async () => {
    const withFiles = {
      ...course,
      lectures: course.lectures.map((l) =>
        l._id === 'l3'
          ? {
              ...l,
              resources: [
                {
                  _id: 'r1',
                  title: 'Notes',
                  fileName: 'n.pdf',
                  size: 10,
                  contentType: 'application/pdf',
                  url: '/m/r1',
                },
              ],
            }
          : l,
      ),
    } as Course;
    const onTabOpenChange = vi.fn();
    const tab = { label: 'Q&A', render: (l: Lecture) => <p>Questions on {l.lectureTitle}</p> };
    function Viewer() {
      const [at, setAt] = useState({ lectureId: 'l3', tabOpen: false });
      return (
        <>
          <button type="button" onClick={() => setAt({ lectureId: 'l2', tabOpen: true })}>
            Follow a notification
          </button>
          <LectureViewer
            course={withFiles}
            enrolled
            isCreator={false}
            progress={progress}
            tab={tab}
            onTabOpenChange={onTabOpenChange}
            {...at}
          />
        </>
      );
    }
    renderWithProviders(<Viewer />);
    expect(screen.getByRole('heading', { level: 2, name: 'Closures' })).toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: 'About this lecture' });
    expect(within(tabs).getByRole('tab', { name: 'Resources (1)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Notes');
    await userEvent.click(within(tabs).getByRole('tab', { name: 'Q&A' }));
    expect(onTabOpenChange).toHaveBeenCalledWith(true);

    // Another lecture asked for by the URL, without files: the tab alone.
    await userEvent.click(screen.getByRole('button', { name: 'Follow a notification' }));
    expect(await screen.findByText('Questions on Variables')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Variables' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).toBeNull();
  });
});
