import { CATEGORIES, type Category, COURSE_TITLE_MAX, MESSAGES } from '@kaksha/contracts';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { Select, TextInput } from '@/components/ui/Field';
import { PageHeader } from '@/components/ui/PageHeader';
import { ApiError, errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useCreateCourse } from '../../api/manage-create-course';

/** /createcourses: a title and a category; the server checks them (spec §5). */
export default function CreateCoursePage() {
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
          toast.success(MESSAGES.courseCreated);
          navigate(`/addcourses/${course._id}`);
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };

  return (
    <section className="mx-auto max-w-2xl px-4 py-8">
      <PageHeader title="Create Course" back="/courses" backLabel="Back to courses" />
      <Card className="p-6">
        <p className="mb-5 text-sm text-muted">
          Give your course a name and a category. You can add the details, price and lectures next.
        </p>
        <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
          <TextInput
            label="Course Title"
            name="title"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            placeholder="e.g. Full-Stack Web Development"
            maxLength={COURSE_TITLE_MAX}
            error={fields?.title}
          />
          <Select
            label="Category"
            name="category"
            value={category}
            onChange={(e) => setCategory(e.target.value as Category)}
            options={CATEGORIES}
            placeholder="Select category"
            error={fields?.category}
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" busy={create.isPending}>
              Create
            </Button>
            <Button variant="secondary" onClick={() => navigate('/courses')} disabled={create.isPending}>
              Cancel
            </Button>
          </div>
        </form>
      </Card>
    </section>
  );
}
