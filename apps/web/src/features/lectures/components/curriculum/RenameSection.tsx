import { SECTION_TITLE_MAX } from '@kaksha/contracts';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { TextInput } from '@/components/ui/Field';
import { useT } from '@/i18n';

/** The form that takes a section's heading while it is renamed (Escape cancels). */
export function RenameSection({
  title,
  busy,
  onSave,
  onCancel,
}: {
  title: string;
  busy: boolean;
  onSave: (title: string) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const [value, setValue] = useState(title);
  const [error, setError] = useState<string>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!value.trim()) return setError(t('lectures.sections.required'));
    if (value.trim() === title) return onCancel();
    onSave(value.trim());
  };
  return (
    <form
      onSubmit={submit}
      onKeyDown={(e) => e.key === 'Escape' && onCancel()}
      className="flex w-full flex-col gap-2 py-1 sm:flex-row sm:items-end"
      noValidate
    >
      <div className="flex-1">
        <TextInput
          label={t('lectures.sections.newTitle')}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          maxLength={SECTION_TITLE_MAX}
          error={error}
          autoFocus
        />
      </div>
      <div className="flex gap-2">
        <Button type="submit" size="sm" busy={busy}>
          {t('manage.form.save')}
        </Button>
        <Button size="sm" variant="secondary" onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
