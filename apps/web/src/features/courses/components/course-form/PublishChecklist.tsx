import { Check, Circle } from 'lucide-react';
import type { CourseForm } from './useCourseForm';

/**
 * What publishing needs, ticked off as the form is filled in (the server checks the same list,
 * @kaksha/contracts `PUBLISH_CHECKLIST`). Shown while the course is a draft.
 */
export function PublishChecklist({ checklist }: { checklist: CourseForm['checklist'] }) {
  const left = checklist.filter((item) => !item.done).length;
  return (
    <section aria-labelledby="publish-checklist-title" className="rounded-lg border border-line bg-surface p-4">
      <h3 id="publish-checklist-title" className="text-sm font-semibold text-ink">
        Before you publish
      </h3>
      <p className="mb-3 text-xs text-muted">
        {left === 0 ? 'Everything is ready.' : `${left} of ${checklist.length} still to do.`}
      </p>
      <ul className="grid gap-1.5 text-sm sm:grid-cols-2">
        {checklist.map((item) => (
          <li key={item.key} className={`flex items-center gap-2 ${item.done ? 'text-ink' : 'text-muted'}`}>
            {item.done ? (
              <Check size={16} className="shrink-0 text-green-700" role="img" aria-label="Done:" />
            ) : (
              <Circle size={16} className="shrink-0 text-slate-400" role="img" aria-label="To do:" />
            )}
            {item.label}
          </li>
        ))}
      </ul>
    </section>
  );
}
