import { type Course, publishChecklist } from '@kaksha/contracts';
import { useEffect, useState } from 'react';
import { translate } from '@/i18n';
import type { CourseFields } from '../../api/manage-edit-course';

/** A whole number of rupees as typed, or null when empty or not a number. */
const rupees = (typed: string) => (/^\d+$/.test(typed.trim()) ? Number(typed.trim()) : null);

/** What is wrong with the list price against the price as typed (the server's rule, shown live), if anything. */
export function listPriceProblem(price: string, listPrice: string) {
  if (listPrice.trim() === '') return undefined;
  const list = rupees(listPrice);
  const now = rupees(price);
  if (list === null) return undefined; // the server names the format
  if (now === null) return translate('manage.listPrice.noPrice');
  if (now === 0) return translate('manage.listPrice.free');
  return list > now ? undefined : translate('manage.listPrice.notAbove', { price: now });
}

/**
 * The edit form's state: the fields as typed (from the course), the new thumbnail and its preview,
 * and the publish checklist ticked off live from those values and the course's lectures and quizzes.
 */
export function useCourseForm(course: Course) {
  const [fields, setFields] = useState<Omit<CourseFields, 'thumbnail'>>(() => ({
    title: course.title,
    subTitle: course.subTitle,
    description: course.description,
    category: course.category,
    level: course.level ?? '',
    language: course.language,
    price: course.price === null ? '' : String(course.price),
    listPrice: course.listPrice === null ? '' : String(course.listPrice),
  }));
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!thumbnail) return setPreview(null);
    const url = URL.createObjectURL(thumbnail);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [thumbnail]);

  const set = (name: keyof typeof fields) => (value: string) => setFields((f) => ({ ...f, [name]: value }));

  const checklist = publishChecklist({
    ...fields,
    price: fields.price.trim() === '' ? null : rupees(fields.price),
    hasThumbnail: !!thumbnail || !!course.thumbnail,
    hasContent: course.lectures.some((l) => l.videoUrl) || (course.quizCount ?? 0) > 0,
  });

  return {
    fields,
    set,
    thumbnail,
    setThumbnail,
    preview,
    checklist,
    listPriceProblem: listPriceProblem(fields.price, fields.listPrice),
    /** What a save or a publish sends. */
    values: (): CourseFields => ({ ...fields, thumbnail }),
  };
}

export type CourseForm = ReturnType<typeof useCourseForm>;
