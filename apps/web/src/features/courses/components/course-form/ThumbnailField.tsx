import { type Course, IMAGE_MAX_BYTES } from '@kaksha/contracts';
import type { ChangeEvent } from 'react';
import { FileInput } from '@/components/ui/FileInput';
import { useT } from '@/i18n';
import { toast } from '@/lib/toast';
import { CourseThumbnail } from '../CourseThumbnail';
import type { CourseForm } from './useCourseForm';

/**
 * The thumbnail (images only, up to the upload limit: refused here before any upload), previewed
 * before it is uploaded with the next save or publish; `error` is the server's message about it.
 */
export function ThumbnailField({ course, form, error }: { course: Course; form: CourseForm; error?: string }) {
  const t = useT();
  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0] ?? null;
    if (file && !file.type.startsWith('image/')) {
      toast.error(t('profile.chooseImage'));
      e.target.value = '';
      form.setThumbnail(null);
      return;
    }
    if (file && file.size > IMAGE_MAX_BYTES) {
      toast.error(t('messages.imageTooLarge'));
      e.target.value = '';
      form.setThumbnail(null);
      return;
    }
    form.setThumbnail(file);
  };
  return (
    <FileInput
      label={t('manage.thumbnail.label')}
      hint={t('manage.thumbnail.hint')}
      name="thumbnail"
      accept="image/*"
      onChange={pick}
      error={error}
      before={
        <div className="w-full max-w-xs">
          {form.preview ? (
            <img
              src={form.preview}
              alt={t('manage.thumbnail.preview')}
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
