import {
  CATEGORIES,
  COURSE_SUBTITLE_MAX,
  COURSE_TITLE_MAX,
  LANGUAGE_CODES,
  LEVELS,
  MAX_PRICE_INR,
} from '@kaksha/contracts';
import { Select, TextArea, TextInput } from '@/components/ui/Field';
import { useT } from '@/i18n';
import { categoryName, levelName } from '@/lib/labels';
import { languageChoice } from '../catalog-url';
import type { CourseForm } from './useCourseForm';

/** Each language by its own name and the interface's name for it (हिन्दी · Hindi). */
const languageOptions = () =>
  LANGUAGE_CODES.map((code) => {
    const { own, here } = languageChoice(code);
    return { value: code, label: here ? `${own} · ${here}` : own };
  });

/**
 * The course's text, choices (category, level, the language it is taught in: issue #29) and prices
 * (spec §2 /addcourses), with the server's field errors.
 */
export function CourseFields({ form, errors }: { form: CourseForm; errors?: Record<string, string> }) {
  const t = useT();
  const { fields, set } = form;
  return (
    <>
      <TextInput
        label={t('manage.fields.title')}
        name="title"
        value={fields.title}
        onChange={(e) => set('title')(e.target.value)}
        maxLength={COURSE_TITLE_MAX}
        error={errors?.title}
      />
      <TextInput
        label={t('manage.fields.subtitle')}
        name="subTitle"
        value={fields.subTitle}
        onChange={(e) => set('subTitle')(e.target.value)}
        maxLength={COURSE_SUBTITLE_MAX}
        placeholder={t('manage.fields.subtitlePlaceholder')}
        error={errors?.subTitle}
      />
      <TextArea
        label={t('profile.description')}
        name="description"
        value={fields.description}
        onChange={(e) => set('description')(e.target.value)}
        rows={5}
        placeholder={t('manage.fields.descriptionPlaceholder')}
        error={errors?.description}
      />
      <div className="grid gap-5 sm:grid-cols-3">
        <Select
          label={t('manage.category')}
          name="category"
          value={fields.category}
          onChange={(e) => set('category')(e.target.value)}
          options={CATEGORIES.map((c) => ({ value: c, label: categoryName(c) }))}
          error={errors?.category}
        />
        <Select
          label={t('catalog.level')}
          name="level"
          value={fields.level}
          onChange={(e) => set('level')(e.target.value)}
          options={LEVELS.map((l) => ({ value: l, label: levelName(l) }))}
          placeholder={t('manage.fields.selectLevel')}
          error={errors?.level}
        />
        <Select
          label={t('catalog.language')}
          name="language"
          value={fields.language}
          onChange={(e) => set('language')(e.target.value)}
          options={languageOptions()}
          error={errors?.language}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextInput
          label={t('manage.fields.price')}
          name="price"
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_PRICE_INR}
          step={1}
          value={fields.price}
          onChange={(e) => set('price')(e.target.value)}
          placeholder={t('manage.fields.pricePlaceholder')}
          hint={t('manage.fields.priceHint')}
          error={errors?.price}
        />
        <TextInput
          label={t('manage.fields.listPrice')}
          name="listPrice"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_PRICE_INR}
          step={1}
          value={fields.listPrice}
          onChange={(e) => set('listPrice')(e.target.value)}
          placeholder={t('manage.fields.listPricePlaceholder')}
          hint={t('manage.fields.listPriceHint')}
          error={form.listPriceProblem ?? errors?.listPrice}
        />
      </div>
    </>
  );
}
