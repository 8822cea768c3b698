import {
  LECTURE_RESOURCE_ACCEPT,
  LECTURE_RESOURCE_MAX_BYTES,
  LECTURE_RESOURCE_TITLE_MAX,
  LECTURE_RESOURCES_MAX,
  type Lecture,
} from '@kaksha/contracts';
import { Paperclip, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { TextInput } from '@/components/ui/Field';
import { FileInput } from '@/components/ui/FileInput';
import { ApiError, errorMessage } from '@/lib/api';
import { formatFileSize } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useLectureMedia } from '../api/lecture-media';
import { useAddResource, useRemoveResource } from '../api/lecture-resources';

const MAX_LABEL = formatFileSize(LECTURE_RESOURCE_MAX_BYTES);

/**
 * Files attached to the lecture (notes, slides, code) that its learners download under the
 * player: the list with Remove buttons, and a form that adds one file with an optional title.
 * The server checks each file's content; the limits are told here and checked first.
 */
export function LectureResourcesEditor({ courseId, lecture: initial }: { courseId: string; lecture: Lecture }) {
  const lecture = useLectureMedia(courseId, initial);
  const add = useAddResource(courseId, lecture._id);
  const remove = useRemoveResource(courseId, lecture._id);
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [progress, setProgress] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const resources = lecture.resources ?? [];
  const full = resources.length >= LECTURE_RESOURCES_MAX;
  const fields = add.error instanceof ApiError ? add.error.fields : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!file) {
      toast.error('Please choose a file to attach');
      return;
    }
    if (file.size > LECTURE_RESOURCE_MAX_BYTES) {
      toast.error(`The file is too large (${MAX_LABEL} at most)`);
      return;
    }
    setProgress(0);
    add.mutate(
      { file, title: title.trim(), onProgress: setProgress },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          setFile(null);
          setTitle('');
          if (fileInput.current) fileInput.current.value = '';
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };

  const doRemove = (resourceId: string) =>
    remove.mutate(resourceId, {
      onSuccess: ({ message }) => toast.success(message),
      onError: (error) => toast.error(errorMessage(error)),
    });

  return (
    <Card className="mt-6 p-5 sm:p-6">
      <section aria-labelledby="resources-title" className="flex flex-col gap-4">
        <div>
          <h2 id="resources-title" className="text-lg font-semibold text-ink">
            Resources
          </h2>
          <p className="text-sm text-muted">
            Notes, slides and code your learners download under the lecture ({resources.length} of{' '}
            {LECTURE_RESOURCES_MAX}).
          </p>
        </div>
        {resources.length === 0 ? (
          <p className="rounded-lg border border-dashed border-line px-4 py-3 text-sm text-muted">No files yet.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {resources.map((r) => (
              <li
                key={r._id}
                className="flex items-center justify-between gap-3 rounded-lg border border-line bg-white px-4 py-2.5"
              >
                <span className="flex min-w-0 items-center gap-2 text-sm text-ink">
                  <Paperclip size={18} aria-hidden="true" className="shrink-0 text-muted" />
                  <span className="min-w-0">
                    <span className="block truncate font-medium">{r.title}</span>
                    <span className="block truncate text-xs text-muted">
                      {r.fileName} · {formatFileSize(r.size)}
                    </span>
                  </span>
                </span>
                <Button
                  variant="secondary"
                  size="sm"
                  icon={<Trash2 size={16} aria-hidden="true" />}
                  busy={remove.isPending && remove.variables === r._id}
                  disabled={remove.isPending}
                  onClick={() => doRemove(r._id)}
                  aria-label={`Remove ${r.title}`}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
        {full ? (
          <p className="rounded-lg bg-surface px-4 py-3 text-sm text-muted">
            This lecture has {LECTURE_RESOURCES_MAX} files, the most it can have; remove one to add another.
          </p>
        ) : (
          <form onSubmit={submit} className="flex flex-col gap-4 rounded-lg border border-line bg-surface p-4">
            <h3 className="text-sm font-semibold text-ink">Add a file</h3>
            <FileInput
              ref={fileInput}
              label="File"
              hint={`PDF, ZIP, Word, PowerPoint or Excel (docx, pptx, xlsx), PNG or JPEG images, or text such as notes and source code; up to ${MAX_LABEL}. Programs cannot be attached.`}
              name="file"
              accept={LECTURE_RESOURCE_ACCEPT}
              aria-required="true"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              disabled={add.isPending}
              error={fields?.file}
            />
            <TextInput
              label="Title (optional)"
              name="title"
              hint="Shown to learners; the file's name when left empty."
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              maxLength={LECTURE_RESOURCE_TITLE_MAX}
              disabled={add.isPending}
              error={fields?.title}
            />
            <div className="flex items-center gap-3">
              <Button type="submit" busy={add.isPending} icon={<Plus size={16} aria-hidden="true" />}>
                Add file
              </Button>
              {add.isPending && (
                <span className="text-sm text-muted" role="status">
                  Uploading… {progress}%
                </span>
              )}
            </div>
          </form>
        )}
      </section>
    </Card>
  );
}
