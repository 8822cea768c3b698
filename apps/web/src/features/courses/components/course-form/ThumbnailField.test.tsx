import { type Course, IMAGE_MAX_BYTES, MESSAGES } from '@kaksha/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { toast } from '@/test/toast';
import { ThumbnailField } from './ThumbnailField';
import { useCourseForm } from './useCourseForm';

const course = {
  _id: 'c1',
  title: 'Rust',
  subTitle: '',
  description: '',
  category: 'Web Development',
  level: null,
  price: null,
  listPrice: null,
  thumbnail: null,
  lectures: [],
  quizCount: 0,
} as unknown as Course;

/** The field with the edit form's state; what a save would send is printed. */
function Harness() {
  const form = useCourseForm(course);
  return (
    <>
      <ThumbnailField course={course} form={form} />
      <output>{form.thumbnail ? `to upload: ${form.thumbnail.name}` : 'nothing to upload'}</output>
    </>
  );
}

const image = (name: string, bytes: number) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

describe('ThumbnailField', () => {
  it('refuses an image over the upload limit at once, with the limit’s message, and uploads nothing', async () => {
    render(<Harness />);
    await userEvent.upload(screen.getByLabelText('Course Thumbnail'), image('huge.png', IMAGE_MAX_BYTES + 1));
    expect(toast.error).toHaveBeenCalledWith(MESSAGES.imageTooLarge);
    expect(screen.getByText('nothing to upload')).toBeInTheDocument();
    expect(screen.queryByAltText('New thumbnail preview')).toBeNull();
    expect((screen.getByLabelText('Course Thumbnail') as HTMLInputElement).value).toBe('');
  });

  it('takes an image at the limit and previews it', async () => {
    render(<Harness />);
    await userEvent.upload(screen.getByLabelText('Course Thumbnail'), image('ok.png', IMAGE_MAX_BYTES));
    expect(toast.error).not.toHaveBeenCalled();
    expect(screen.getByText('to upload: ok.png')).toBeInTheDocument();
    expect(screen.getByAltText('New thumbnail preview')).toHaveAttribute('src', expect.stringMatching(/^blob:/));
  });
});
