import { CATEGORIES, type Category, COURSE_TITLE_MAX } from '@kaksha/contracts';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { Select, TextInput } from '@/components/ui/Field';
import { PageHeader } from '@/components/ui/PageHeader';
import { useT } from '@/i18n';
import { ApiError, errorMessage } from '@/lib/api';
import { categoryName } from '@/lib/labels';
import { toast } from '@/lib/toast';
import { useCreateCourse } from '../../api/manage-create-course';

/** /createcourses: a title and a category; the server checks them (spec §5). */
export default function CreateCoursePage() {
  const t = useT();
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [category, setCategory] = useState<Category | ''>('');
  const create = useCreateCourse();
  const fields = create.error instanceof ApiError ? create.error.fields : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      { title, category },
      {
        onSuccess: (course) => {
          toast.success(t('messages.courseCreated'));
          navigate(`/addcourses/${course._id}`);
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };

  return (
    <section className="mx-auto max-w-2xl px-4 py-8">
      <PageHeader title={t('titles.createCourse')} back="/courses" backLabel={t('manage.backToCourses')} />
      <Card className="p-6">
        <p className="mb-5 text-sm text-muted">{t('manage.create.intro')}</p>
        <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
          <TextInput
            label={t('manage.create.title')}
            name="title"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            placeholder={t('manage.create.titlePlaceholder')}
            maxLength={COURSE_TITLE_MAX}
            error={fields?.title}
          />
          <Select
            label={t('manage.category')}
            name="category"
            value={category}
            onChange={(e) => setCategory(e.target.value as Category)}
            options={CATEGORIES.map((c) => ({ value: c, label: categoryName(c) }))}
            placeholder={t('manage.selectCategory')}
            error={fields?.category}
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" busy={create.isPending}>
              {t('manage.create.create')}
            </Button>
            <Button variant="secondary" onClick={() => navigate('/courses')} disabled={create.isPending}>
              {t('common.cancel')}
            </Button>
          </div>
        </form>
      </Card>
    </section>
  );
}
