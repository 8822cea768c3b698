import {
  CATEGORIES,
  COURSE_SUBTITLE_MAX,
  COURSE_TITLE_MAX,
  LANGUAGE_CODES,
  LEVELS,
  languageLabel,
  MAX_PRICE_INR,
} from '@kaksha/contracts';
import { Select, TextArea, TextInput } from '@/components/ui/Field';
import type { CourseForm } from './useCourseForm';

const LANGUAGE_OPTIONS = LANGUAGE_CODES.map((code) => ({ value: code, label: languageLabel(code) }));

/**
 * The course's text, choices (category, level, the language it is taught in: issue #29) and prices
 * (spec §2 /addcourses), with the server's field errors.
 */
export function CourseFields({ form, errors }: { form: CourseForm; errors?: Record<string, string> }) {
  const { fields, set } = form;
  return (
    <>
      <TextInput
        label="Title"
        name="title"
        value={fields.title}
        onChange={(e) => set('title')(e.target.value)}
        maxLength={COURSE_TITLE_MAX}
        error={errors?.title}
      />
      <TextInput
        label="Subtitle"
        name="subTitle"
        value={fields.subTitle}
        onChange={(e) => set('subTitle')(e.target.value)}
        maxLength={COURSE_SUBTITLE_MAX}
        placeholder="One line that sells the course"
        error={errors?.subTitle}
      />
      <TextArea
        label="Description"
        name="description"
        value={fields.description}
        onChange={(e) => set('description')(e.target.value)}
        rows={5}
        placeholder="What will learners be able to do after this course?"
        error={errors?.description}
      />
      <div className="grid gap-5 sm:grid-cols-3">
        <Select
          label="Category"
          name="category"
          value={fields.category}
          onChange={(e) => set('category')(e.target.value)}
          options={CATEGORIES}
          error={errors?.category}
        />
        <Select
          label="Level"
          name="level"
          value={fields.level}
          onChange={(e) => set('level')(e.target.value)}
          options={LEVELS}
          placeholder="Select level"
          error={errors?.level}
        />
        <Select
          label="Language"
          name="language"
          value={fields.language}
          onChange={(e) => set('language')(e.target.value)}
          options={LANGUAGE_OPTIONS}
          error={errors?.language}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextInput
          label="Price (INR)"
          name="price"
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_PRICE_INR}
          step={1}
          value={fields.price}
          onChange={(e) => set('price')(e.target.value)}
          placeholder="e.g. 499"
          hint="0 makes the course free."
          error={errors?.price}
        />
        <TextInput
          label="List price (INR, optional)"
          name="listPrice"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_PRICE_INR}
          step={1}
          value={fields.listPrice}
          onChange={(e) => set('listPrice')(e.target.value)}
          placeholder="Leave empty for none"
          hint="Your usual price, shown struck through when higher than the price."
          error={form.listPriceProblem ?? errors?.listPrice}
        />
      </div>
    </>
  );
}
