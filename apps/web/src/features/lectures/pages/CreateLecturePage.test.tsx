import type { Course, CourseSection, Lecture } from '@kaksha/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { toast } from '@/test/toast';
import CreateLecturePage from './CreateLecturePage';

const lecture = (id: string, lectureTitle: string): Lecture => ({
  _id: id,
  lectureTitle,
  videoUrl: null,
  isPreviewFree: false,
});

/**
 * A small stand-in for the server: the course (lectures in curriculum order, sections), answering
 * getcourselecture, createsection, createlecture and reorderlectures as the real one does.
 */
function fakeServer(lectures: Lecture[], sections: CourseSection[]) {
  const state = { lectures, sections };
  const course = () =>
    ({ _id: 'c1', title: 'Sectioned course', lectures: state.lectures, sections: state.sections }) as Course;
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const path = new URL(url, 'http://x').pathname;
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path, body });
    if (path === '/api/course/getcourselecture/c1') return json(course());
    if (path === '/api/course/createsection/c1') {
      const section = {
        _id: `s${state.sections.length + 1}`,
        title: body.title,
        position: state.sections.length,
        lectureIds: [],
      };
      state.sections = [...state.sections, section];
      return json({ ...section, message: 'Section Created' }, 201);
    }
    if (path === '/api/course/createlecture/c1') {
      if (!String(body.lectureTitle ?? '').trim()) {
        const message = 'Lecture title is required';
        return json({ message, id: 'validation', fields: { lectureTitle: message } }, 400);
      }
      const created = { ...lecture(`l${state.lectures.length + 1}`, body.lectureTitle), sectionId: body.sectionId };
      state.lectures = [...state.lectures, created];
      state.sections = state.sections.map((s) =>
        s._id === body.sectionId ? { ...s, lectureIds: [...s.lectureIds, created._id] } : s,
      );
      return json({ lecture: created, message: 'Lecture Created' }, 201);
    }
    if (path === '/api/course/reorderlectures/c1') {
      const groups = body.sections as { _id: string | null; lectureIds: string[] }[];
      const byId = new Map(state.lectures.map((l) => [l._id, l]));
      state.lectures = groups.flatMap((g) => g.lectureIds).map((id) => byId.get(id) as Lecture);
      state.sections = state.sections.map((s) => ({
        ...s,
        lectureIds: groups.find((g) => g._id === s._id)?.lectureIds ?? [],
      }));
      return json(course());
    }
    if (path.startsWith('/api/course/editsection/')) {
      const id = path.split('/').pop();
      const section = state.sections.find((s) => s._id === id) as CourseSection;
      const others = state.sections.filter((s) => s._id !== id);
      const at = Math.min(body.position ?? state.sections.indexOf(section), others.length);
      const edited = { ...section, title: body.title ?? section.title };
      state.sections = [...others.slice(0, at), edited, ...others.slice(at)].map((s, position) => ({ ...s, position }));
      return json({ ...edited, position: at, message: 'Section Updated' });
    }
    if (path.startsWith('/api/course/removesection/')) {
      const at = state.sections.findIndex((s) => s._id === path.split('/').pop());
      const [removed] = state.sections.splice(at, 1);
      if (at > 0) state.sections[at - 1].lectureIds.push(...removed.lectureIds);
      return json({ message: 'Section Removed' });
    }
    return json({ message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, state };
}

function renderPage() {
  renderWithProviders(<CreateLecturePage />, { path: '/createlecture/:courseId', at: '/createlecture/c1' });
}

const sectionBox = (title: string) => screen.getByRole('region', { name: new RegExp(`^${title} \\(`) });
const lectureTitles = (region: HTMLElement) =>
  within(region)
    .queryAllByRole('listitem')
    .map((li) =>
      within(li)
        .getByRole('link')
        .getAttribute('aria-label')
        ?.replace(/^Edit lecture \d+: /, ''),
    );

describe('CreateLecturePage sections', () => {
  it('creates a section with a toast and shows it', async () => {
    const { calls } = fakeServer([lecture('l1', 'Welcome')], []);
    renderPage();
    // The first render of a file is cold (transforms, JIT): on a busy machine it takes over the default second.
    expect(await screen.findByText('Welcome', {}, { timeout: 5000 })).toBeInTheDocument();
    // Without sections the list and the lecture form look as before: no Section menu.
    expect(screen.queryByLabelText('Section')).toBeNull();
    expect(screen.getByText('Lecture - 1:')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add Section' }));
    expect(screen.getByText('Section title is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Section Title'), '  Basics ');
    await userEvent.click(screen.getByRole('button', { name: 'Add Section' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Section Created'));
    expect(calls.find((c) => c.path === '/api/course/createsection/c1')).toMatchObject({
      method: 'POST',
      body: { title: 'Basics' },
    });
    expect(await screen.findByRole('region', { name: 'Basics (0 lectures)' })).toBeInTheDocument();
    expect((screen.getByLabelText('Section Title') as HTMLInputElement).value).toBe('');
    // The earlier lecture is outside any section; a new one goes to the last section by default.
    expect(lectureTitles(sectionBox('No section'))).toEqual(['Welcome']);
    expect((screen.getByLabelText('Section') as HTMLSelectElement).value).toBe('s1');
  });

  it('moves a lecture across sections with the keyboard and sends the whole layout', async () => {
    const { calls } = fakeServer(
      [lecture('l1', 'Intro'), lecture('l2', 'Setup'), lecture('l3', 'Hooks')],
      [
        { _id: 'sA', title: 'Basics', position: 0, lectureIds: ['l1', 'l2'] },
        { _id: 'sB', title: 'Advanced', position: 1, lectureIds: ['l3'] },
      ],
    );
    renderPage();
    await screen.findByText('Setup', {}, { timeout: 5000 });
    expect(lectureTitles(sectionBox('Basics'))).toEqual(['Intro', 'Setup']);
    // The very first and last lectures cannot go further.
    expect(screen.getByRole('button', { name: 'Move up: Intro' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move down: Hooks' })).toBeDisabled();

    const down = screen.getByRole('button', { name: 'Move down: Setup' });
    down.focus();
    await userEvent.keyboard('{Enter}');

    await waitFor(() => expect(calls.filter((c) => c.path === '/api/course/reorderlectures/c1')).toHaveLength(1));
    expect(calls.find((c) => c.path === '/api/course/reorderlectures/c1')).toMatchObject({
      method: 'POST',
      body: {
        sections: [
          { _id: null, lectureIds: [] },
          { _id: 'sA', lectureIds: ['l1'] },
          { _id: 'sB', lectureIds: ['l2', 'l3'] },
        ],
      },
    });
    expect(screen.getByRole('status')).toHaveTextContent('Lecture Setup moved to section Advanced, position 1.');
    await waitFor(() => expect(lectureTitles(sectionBox('Advanced'))).toEqual(['Setup', 'Hooks']));
    expect(lectureTitles(sectionBox('Basics'))).toEqual(['Intro']);
    // The focus follows the lecture, so the keys can keep moving it.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move down: Setup' })).toHaveFocus());

    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/course/reorderlectures/c1')).toHaveLength(2));
    expect(calls.filter((c) => c.path === '/api/course/reorderlectures/c1')[1].body).toEqual({
      sections: [
        { _id: null, lectureIds: [] },
        { _id: 'sA', lectureIds: ['l1'] },
        { _id: 'sB', lectureIds: ['l3', 'l2'] },
      ],
    });
    expect(screen.getByRole('status')).toHaveTextContent('Lecture Setup moved to section Advanced, position 2.');
    // The flat numbering follows the curriculum order.
    await waitFor(() => expect(screen.getByText('Lecture - 3:').parentElement).toHaveTextContent('Setup'));

    // The section menu moves a lecture to the end of another group.
    await userEvent.selectOptions(screen.getByLabelText('Section of Intro'), 'none');
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/course/reorderlectures/c1')).toHaveLength(3));
    expect(calls.filter((c) => c.path === '/api/course/reorderlectures/c1')[2].body).toEqual({
      sections: [
        { _id: null, lectureIds: ['l1'] },
        { _id: 'sA', lectureIds: [] },
        { _id: 'sB', lectureIds: ['l3', 'l2'] },
      ],
    });
    expect(screen.getByRole('status')).toHaveTextContent('Lecture Intro moved to No section, position 1.');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('adds a lecture to the section chosen in the form', async () => {
    const { calls } = fakeServer(
      [lecture('l1', 'Intro')],
      [
        { _id: 'sA', title: 'Basics', position: 0, lectureIds: ['l1'] },
        { _id: 'sB', title: 'Advanced', position: 1, lectureIds: [] },
      ],
    );
    renderPage();
    await screen.findByText('Intro', {}, { timeout: 5000 });
    await userEvent.type(screen.getByLabelText('Lecture Title'), 'More basics');
    await userEvent.selectOptions(screen.getByLabelText('Section'), 'sA');
    await userEvent.click(screen.getByRole('button', { name: 'Create Lecture' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Lecture Created'));
    expect(calls.find((c) => c.path === '/api/course/createlecture/c1')?.body).toEqual({
      lectureTitle: 'More basics',
      sectionId: 'sA',
    });
    await waitFor(() => expect(lectureTitles(sectionBox('Basics'))).toEqual(['Intro', 'More basics']));
  });

  it('shows the server’s message under Lecture Title as well as in a toast', async () => {
    fakeServer([lecture('l1', 'Intro')], []);
    renderPage();
    await screen.findByText('Intro', {}, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'Create Lecture' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Lecture title is required'));
    expect(screen.getByLabelText('Lecture Title')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Lecture Title')).toHaveAccessibleDescription('Lecture title is required');
  });

  it('renames, moves and removes sections, each with a toast', async () => {
    const { calls } = fakeServer(
      [lecture('l1', 'Intro'), lecture('l2', 'Hooks')],
      [
        { _id: 'sA', title: 'Basics', position: 0, lectureIds: ['l1'] },
        { _id: 'sB', title: 'Advanced', position: 1, lectureIds: ['l2'] },
      ],
    );
    renderPage();
    await screen.findByText('Hooks', {}, { timeout: 5000 });
    const sent = (prefix: string) => calls.filter((c) => c.path.startsWith(prefix));

    // Rename: the field opens with the title; Escape cancels, Enter saves.
    await userEvent.click(screen.getByRole('button', { name: 'Rename section: Basics' }));
    expect(screen.getByLabelText('New section title')).toHaveValue('Basics');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Rename section: Basics' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    const field = screen.getByLabelText('New section title');
    expect(field).toHaveFocus();
    await userEvent.clear(field);
    await userEvent.type(field, 'Foundations{Enter}');
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Section Updated'));
    expect(sent('/api/course/editsection/sA')[0].body).toEqual({ title: 'Foundations' });
    expect(await screen.findByRole('region', { name: 'Foundations (1 lecture)' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Rename section: Foundations' })).toHaveFocus());

    // Move: the first section cannot go up; the second goes up to position 0.
    expect(screen.getByRole('button', { name: 'Move section up: Foundations' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Move section up: Advanced' }));
    await waitFor(() => expect(sent('/api/course/editsection/sB')).toHaveLength(1));
    expect(sent('/api/course/editsection/sB')[0].body).toEqual({ position: 0 });
    await waitFor(() =>
      expect(screen.getAllByRole('region').map((r) => within(r).getByRole('heading').textContent)).toEqual([
        'Advanced (1 lecture)',
        'Foundations (1 lecture)',
      ]),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Section Advanced moved to position 1.');

    // Remove: confirmed first, saying where the lectures go.
    await userEvent.click(screen.getByRole('button', { name: 'Remove section: Foundations' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this section?' });
    expect(dialog).toHaveTextContent(
      'The section Foundations will be removed. Its 1 lecture will move to the end of the previous section, Advanced; no lecture is deleted.',
    );
    expect(sent('/api/course/removesection/')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove section' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Section Removed'));
    expect(sent('/api/course/removesection/sA')[0].method).toBe('DELETE');
    await waitFor(() => expect(lectureTitles(sectionBox('Advanced'))).toEqual(['Hooks', 'Intro']));
    expect(screen.queryByRole('region', { name: /^Foundations/ })).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Rename section: Advanced' })).toHaveFocus());
    expect(toast.error).not.toHaveBeenCalled();
  });
});
