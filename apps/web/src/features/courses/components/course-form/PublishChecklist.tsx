import type { PublishChecklistKey } from '@kaksha/contracts';
import { Check, Circle } from 'lucide-react';
import { type MessageKey, useT } from '@/i18n';
import type { CourseForm } from './useCourseForm';

/**
 * What publishing needs, ticked off as the form is filled in (the server checks the same list,
 * @kaksha/contracts `PUBLISH_CHECKLIST`). Shown while the course is a draft.
 */
/** Contracts' PUBLISH_CHECKLIST items as the interface names them. */
const CHECKLIST_KEYS: Record<PublishChecklistKey, MessageKey> = {
  title: 'manage.fields.title',
  subTitle: 'manage.fields.subtitle',
  description: 'profile.description',
  thumbnail: 'manage.checklist.thumbnail',
  category: 'manage.category',
  level: 'catalog.level',
  price: 'manage.checklist.price',
  content: 'manage.checklist.content',
};

export function PublishChecklist({ checklist }: { checklist: CourseForm['checklist'] }) {
  const t = useT();
  const left = checklist.filter((item) => !item.done).length;
  return (
    <section aria-labelledby="publish-checklist-title" className="rounded-lg border border-line bg-surface p-4">
      <h3 id="publish-checklist-title" className="text-sm font-semibold text-ink">
        {t('manage.checklist.title')}
      </h3>
      <p className="mb-3 text-xs text-muted">
        {left === 0 ? t('manage.checklist.ready') : t('manage.checklist.left', { left, total: checklist.length })}
      </p>
      <ul className="grid gap-1.5 text-sm sm:grid-cols-2">
        {checklist.map((item) => (
          <li key={item.key} className={`flex items-center gap-2 ${item.done ? 'text-ink' : 'text-muted'}`}>
            {item.done ? (
              <Check size={16} className="shrink-0 text-green-700" role="img" aria-label={t('manage.checklist.done')} />
            ) : (
              <Circle
                size={16}
                className="shrink-0 text-slate-400"
                role="img"
                aria-label={t('manage.checklist.todo')}
              />
            )}
            {t(CHECKLIST_KEYS[item.key])}
          </li>
        ))}
      </ul>
    </section>
  );
}
