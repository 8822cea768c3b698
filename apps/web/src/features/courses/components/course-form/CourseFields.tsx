import { CATEGORIES, COURSE_SUBTITLE_MAX, COURSE_TITLE_MAX, LEVELS, MAX_PRICE_INR } from '@kaksha/contracts';
import { Select, TextArea, TextInput } from '@/components/ui/Field';
import type { CourseForm } from './useCourseForm';

/** The course's text, choices and prices (spec §2 /addcourses), with the server's field errors. */
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
      <div className="grid gap-5 sm:grid-cols-2">
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
