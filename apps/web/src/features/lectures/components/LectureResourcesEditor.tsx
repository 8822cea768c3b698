import {
  LECTURE_RESOURCE_ACCEPT,
  LECTURE_RESOURCE_MAX_BYTES,
  LECTURE_RESOURCE_TITLE_MAX,
  LECTURE_RESOURCES_MAX,
  type Lecture,
} from '@kaksha/contracts';
import { Paperclip } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Card } from '@/components/ui/Card';
import { TextInput } from '@/components/ui/Field';
import { FileInput } from '@/components/ui/FileInput';
import { useT } from '@/i18n';
import { serverMessage } from '@/lib/api';
import { formatFileSize } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useLectureMedia } from '../api/lecture-media';
import { useAddResource, useRemoveResource } from '../api/lecture-resources';
import { AddFileForm, AttachedFiles, FilesSection } from './lecture-files/LectureFiles';
import { useFileUpload } from './lecture-files/useFileUpload';

/**
 * Files attached to the lecture (notes, slides, code) that its learners download under the
 * player: the list with Remove buttons, and a form that adds one file with an optional title.
 * The server checks each file's content; the limits are told here and checked first.
 */
export function LectureResourcesEditor({ courseId, lecture: initial }: { courseId: string; lecture: Lecture }) {
  const t = useT();
  const lecture = useLectureMedia(courseId, initial);
  const add = useAddResource(courseId, lecture._id);
  const remove = useRemoveResource(courseId, lecture._id);
  const upload = useFileUpload(add, {
    missing: t('resources.missing'),
    check: (file) =>
      file.size > LECTURE_RESOURCE_MAX_BYTES
        ? t('resources.tooLarge', { max: formatFileSize(LECTURE_RESOURCE_MAX_BYTES) })
        : undefined,
  });
  const [title, setTitle] = useState('');
  const [progress, setProgress] = useState(0);
  const resources = lecture.resources ?? [];

  const submit = (e: FormEvent) => {
    setProgress(0);
    upload.send(
      e,
      (file) => ({ file, title: title.trim(), onProgress: setProgress }),
      ({ message }) => {
        toast.success(serverMessage(message));
        setTitle('');
      },
    );
  };

  return (
    <Card className="mt-6 p-5 sm:p-6">
      <FilesSection
        id="resources-title"
        title={t('viewer.resources')}
        about={t('resources.about', { count: resources.length, max: LECTURE_RESOURCES_MAX })}
      >
        <AttachedFiles
          items={resources}
          empty={t('resources.none')}
          keyOf={(r) => r._id}
          removeLabel={(r) => t('resources.removeLabel', { title: r.title })}
          removed={({ message }) => serverMessage(message)}
          remove={remove}
        >
          {(r) => (
            <>
              <Paperclip size={18} aria-hidden="true" className="shrink-0 text-muted" />
              <span className="min-w-0">
                <span className="block truncate font-medium">{r.title}</span>
                <span className="block truncate text-xs text-muted">
                  {r.fileName} · {formatFileSize(r.size)}
                </span>
              </span>
            </>
          )}
        </AttachedFiles>
        {resources.length >= LECTURE_RESOURCES_MAX ? (
          <p className="rounded-lg bg-surface px-4 py-3 text-sm text-muted">
            {t('resources.full', { max: LECTURE_RESOURCES_MAX })}
          </p>
        ) : (
          <AddFileForm
            title={t('resources.addTitle')}
            submitLabel={t('resources.add')}
            busy={upload.busy}
            onSubmit={submit}
            status={
              upload.busy && (
                <span className="text-sm text-muted" role="status">
                  {t('resources.uploading', { progress })}
                </span>
              )
            }
          >
            <FileInput
              {...upload.fileInput}
              label={t('resources.file')}
              hint={t('resources.fileHint', { max: formatFileSize(LECTURE_RESOURCE_MAX_BYTES) })}
              name="file"
              accept={LECTURE_RESOURCE_ACCEPT}
              error={upload.fields?.file}
            />
            <TextInput
              label={t('resources.title')}
              name="title"
              hint={t('resources.titleHint')}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              maxLength={LECTURE_RESOURCE_TITLE_MAX}
              disabled={upload.busy}
              error={upload.fields?.title}
            />
          </AddFileForm>
        )}
      </FilesSection>
    </Card>
  );
}
