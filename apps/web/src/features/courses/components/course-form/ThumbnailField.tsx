import type { Course } from '@kaksha/contracts';
import type { ChangeEvent } from 'react';
import { FileInput } from '../../../../components/ui/FileInput';
import { toast } from '../../../../lib/toast';
import { CourseThumbnail } from '../CourseThumbnail';
import type { CourseForm } from './useCourseForm';

/** The thumbnail (images only), previewed before it is uploaded with the next save or publish. */
export function ThumbnailField({ course, form }: { course: Course; form: CourseForm }) {
  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0] ?? null;
    if (file && !file.type.startsWith('image/')) {
      toast.error('Please choose an image file');
      e.target.value = '';
      form.setThumbnail(null);
      return;
    }
    form.setThumbnail(file);
  };
  return (
    <FileInput
      label="Course Thumbnail"
      hint="JPEG, PNG, WebP, GIF or AVIF, up to 5 MB. Shown at 16:9."
      name="thumbnail"
      accept="image/*"
      onChange={pick}
      before={
        <div className="w-full max-w-xs">
          {form.preview ? (
            <img
              src={form.preview}
              alt="New thumbnail preview"
              width={320}
              height={180}
              className="aspect-video w-full rounded-md border border-line object-cover"
            />
          ) : (
            <CourseThumbnail course={course} sizes="320px" className="rounded-md border border-line" />
          )}
        </div>
      }
    />
  );
}
