import { SECTION_TITLE_MAX } from '@kaksha/contracts';
import { FolderPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { TextInput } from '@/components/ui/Field';
import { useT } from '@/i18n';
import { ApiError, errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useCreateSection } from '../api/sections';

/** A new, empty section at the end of the course. */
export function AddSectionForm({ courseId }: { courseId: string }) {
  const t = useT();
  const create = useCreateSection(courseId);
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) {
      setError(t('lectures.sections.required'));
      return;
    }
    setError(undefined);
    create.mutate(title.trim(), {
      onSuccess: () => {
        toast.success(t('messages.sectionCreated'));
        setTitle('');
      },
      onError: (err) => {
        setError(err instanceof ApiError ? err.fields?.title : undefined);
        toast.error(errorMessage(err));
      },
    });
  };

  return (
    <Card className="mt-6 p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-ink">{t('lectures.sections.heading')}</h2>
      <p className="mb-4 text-sm text-muted">{t('lectures.sections.intro')}</p>
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
        <div className="flex-1">
          <TextInput
            label={t('lectures.sections.title')}
            name="sectionTitle"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            placeholder={t('lectures.sections.placeholder')}
            maxLength={SECTION_TITLE_MAX}
            error={error}
          />
        </div>
        <Button
          type="submit"
          variant="secondary"
          busy={create.isPending}
          icon={<FolderPlus size={18} aria-hidden="true" />}
          className={error ? 'sm:mb-[1.375rem]' : ''}
        >
          {t('lectures.sections.add')}
        </Button>
      </form>
    </Card>
  );
}
