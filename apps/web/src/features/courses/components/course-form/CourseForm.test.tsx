import type { Course } from '@kaksha/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { testCourse } from '@/test/fixtures';
import { json } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { toast } from '@/test/toast';
import { CourseForm } from './CourseForm';

const draft = testCourse();

function renderForm(course: Course) {
  renderWithProviders(<CourseForm course={course} />, {
    path: '/addcourses/:courseId',
    at: `/addcourses/${course._id}`,
    routes: [{ path: '/courses', element: <h1>Your courses</h1> }],
  });
}

const checklist = () => screen.getByRole('region', { name: 'Before you publish' });
/** The items ticked (their icon's name is "Done:"), by label. */
const done = () =>
  within(checklist())
    .getAllByRole('listitem')
    .filter((li) => within(li).queryByRole('img', { name: 'Done:' }))
    .map((li) => li.textContent);

// Typing with userEvent is slow on a busy machine: time is not what these tests are about.
describe('the course form’s publish checklist and control', { timeout: 30_000 }, () => {
  it('ticks the checklist off live from the form and the course’s lectures and quizzes', async () => {
    renderForm(draft);
    expect(done()).toEqual(['Title', 'Category']);
    expect(within(checklist()).getByText('6 of 8 still to do.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Subtitle'), 'Fast back ends');
    await userEvent.type(screen.getByLabelText('Description'), 'Ownership to Axum');
    await userEvent.selectOptions(screen.getByLabelText('Level'), 'Beginner');
    await userEvent.type(screen.getByLabelText('Price (INR)'), '0');
    expect(done()).toEqual(['Title', 'Subtitle', 'Description', 'Category', 'Level', 'Price (0 for a free course)']);
    // Clearing a field unticks it.
    await userEvent.clear(screen.getByLabelText('Subtitle'));
    expect(done()).not.toContain('Subtitle');
    cleanup();

    renderForm({
      ...draft,
      thumbnail: '/media/public/t.webp',
      lectures: [{ _id: 'l1', lectureTitle: 'Intro', videoUrl: '/media/lectures/l1', isPreviewFree: false }],
    });
    expect(done()).toEqual(['Title', 'Thumbnail', 'Category', 'A lecture with a video, or a quiz']);
    cleanup();
    renderForm({ ...draft, quizCount: 1 });
    expect(done()).toContain('A lecture with a video, or a quiz');
  });

  it('publishes at once with the form’s values, and shows why the server refuses', async () => {
    const message = "Cannot publish yet: add the course's subtitle and description first";
    const fetchMock = vi.fn().mockResolvedValue(json({ message }, 400));
    vi.stubGlobal('fetch', fetchMock);
    renderForm(draft);
    expect(screen.getByText('Draft')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Level'), 'Advanced');
    await userEvent.click(screen.getByRole('button', { name: 'Click to Publish' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/course/editcourse/c1');
    const sent = init.body as FormData;
    expect(sent.get('isPublished')).toBe('true');
    expect(sent.get('level')).toBe('Advanced');
    expect(toast.error).toHaveBeenCalledWith(message);
  });

  it('asks before unpublishing a course with learners, and says what that means', async () => {
    const published = { ...draft, isPublished: true, enrolledCount: 3, subTitle: 'x' };
    const fetchMock = vi.fn().mockResolvedValue(json({ ...published, isPublished: false }));
    vi.stubGlobal('fetch', fetchMock);
    renderForm(published);
    expect(screen.queryByRole('region', { name: 'Before you publish' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Click to UnPublish' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('3 learners are enrolled. They keep their access');
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unpublish' }));
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith('Course unpublished: it is a draft again'));
    const sent = fetchMock.mock.calls[0][1].body as FormData;
    expect([...sent.keys()]).toEqual(['isPublished']);
    expect(sent.get('isPublished')).toBe('false');
  });

  it('checks the list price against the price as it is typed', async () => {
    renderForm({ ...draft, price: 499 });
    const listPrice = screen.getByLabelText(/List price/);
    await userEvent.type(listPrice, '400');
    expect(screen.getByText(/List price must be higher than the price \(₹499\)/)).toBeInTheDocument();
    await userEvent.clear(listPrice);
    await userEvent.type(listPrice, '999');
    expect(screen.queryByText(/List price must be higher/)).toBeNull();
  });

  it('shows the server’s messages beside their fields on Save, thumbnail and level included, with the toast', async () => {
    const fields = {
      title: 'Title is required',
      level: "Level must be 'Beginner', 'Medium' or 'Advance'",
      thumbnail: 'The thumbnail is not an image',
    };
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json({ message: fields.title, fields }, 400)));
    renderForm(draft);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith(fields.title));
    for (const [label, message] of [
      ['Title', fields.title],
      ['Level', fields.level],
      ['Course Thumbnail', fields.thumbnail],
    ]) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(message);
    }
  });
});

describe('the course form’s language (issue #29)', { timeout: 30_000 }, () => {
  it('shows the course’s language among every one by its own name, and saves the one chosen', async () => {
    const fetchMock = vi.fn().mockResolvedValue(json({ ...draft, language: 'hi' }));
    vi.stubGlobal('fetch', fetchMock);
    renderForm({ ...draft, language: 'ta' });
    const select = screen.getByLabelText('Course language');
    expect(select).toHaveValue('ta');
    const options = within(select).getAllByRole('option');
    expect(options).toHaveLength(13);
    expect(options.slice(0, 3).map((o) => o.textContent)).toEqual(['English', 'हिन्दी · Hindi', 'বাংলা · Bengali']);
    await userEvent.selectOptions(select, 'हिन्दी · Hindi');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    // Saved: back to the educator's courses.
    expect(await screen.findByRole('heading', { name: 'Your courses' })).toBeInTheDocument();
    expect((fetchMock.mock.calls[0][1].body as FormData).get('language')).toBe('hi');
  });

  it('shows the server’s refusal beside the field', async () => {
    const message = 'Language must be one of en, hi, bn, ta, te, mr, gu, kn, ml, pa, or, as, ur (ISO 639-1 codes)';
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json({ message, fields: { language: message } }, 400)));
    renderForm(draft);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(screen.getByLabelText('Course language')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText('Course language')).toHaveAccessibleDescription(message);
  });
});
