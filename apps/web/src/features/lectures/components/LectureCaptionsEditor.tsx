import { CAPTIONS_LABEL_MAX, CAPTIONS_MAX_BYTES, type Lecture } from '@kaksha/contracts';
import { Subtitles } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { TextInput } from '@/components/ui/Field';
import { FileInput } from '@/components/ui/FileInput';
import { translate, useT } from '@/i18n';
import { toast } from '@/lib/toast';
import { useAddCaptions, useLectureMedia, useRemoveCaptions } from '../api/lecture-media';
import { AddFileForm, AttachedFiles, FilesSection } from './lecture-files/LectureFiles';
import { useFileUpload } from './lecture-files/useFileUpload';

const CAPTION_FILE = /\.(vtt|srt)$/i;

const checkCaptions = (file: File) =>
  !CAPTION_FILE.test(file.name)
    ? translate('captions.wrongType')
    : file.size > CAPTIONS_MAX_BYTES
      ? translate('captions.tooLarge')
      : undefined;

/**
 * The lecture's captions (one file per language, shown in the player's Captions menu): the list
 * with Remove buttons, and a form that adds a .vtt or .srt file with its language code and label
 * (a language already there is replaced). Only once the lecture has a video.
 */
export function LectureCaptionsEditor({ courseId, lecture: initial }: { courseId: string; lecture: Lecture }) {
  const t = useT();
  const lecture = useLectureMedia(courseId, initial);
  const add = useAddCaptions(courseId, lecture._id);
  const remove = useRemoveCaptions(courseId, lecture._id);
  const upload = useFileUpload(add, { missing: t('captions.missing'), check: checkCaptions });
  const [lang, setLang] = useState('');
  const [label, setLabel] = useState('');
  const captions = lecture.captions ?? [];
  if (!lecture.videoUrl) return null;

  const submit = (e: FormEvent) => {
    const replacing = captions.some((c) => c.lang.toLowerCase() === lang.trim().toLowerCase());
    upload.send(
      e,
      (file) => ({ file, lang: lang.trim(), label: label.trim() }),
      () => {
        toast.success(t(replacing ? 'captions.replaced' : 'captions.added', { label: label.trim() }));
        setLang('');
        setLabel('');
      },
    );
  };

  return (
    <FilesSection id="captions-title" title={t('player.captions')} about={t('captions.about')}>
      <AttachedFiles
        items={captions}
        empty={t('captions.none')}
        keyOf={(c) => c.lang}
        removeLabel={(c) => t('captions.removeLabel', { label: c.label })}
        removed={(_, c) => t('captions.removed', { label: c.label })}
        remove={remove}
      >
        {(c) => (
          <>
            <Subtitles size={18} aria-hidden="true" className="shrink-0 text-muted" />
            <span className="truncate font-medium">{c.label}</span>
            <span className="text-muted">({c.lang})</span>
          </>
        )}
      </AttachedFiles>
      <AddFileForm title={t('captions.add')} submitLabel={t('captions.add')} busy={upload.busy} onSubmit={submit}>
        <FileInput
          {...upload.fileInput}
          label={t('captions.file')}
          hint={t('captions.fileHint')}
          name="captions"
          accept=".vtt,.srt,text/vtt"
          error={upload.fields?.captions}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            label={t('captions.lang')}
            name="lang"
            hint={t('captions.langHint')}
            value={lang}
            onChange={(e) => setLang(e.target.value)}
            maxLength={35}
            required
            autoComplete="off"
            spellCheck={false}
            disabled={upload.busy}
            error={upload.fields?.lang}
          />
          <TextInput
            label={t('captions.label')}
            name="label"
            hint={t('captions.labelHint')}
            value={label}
            onChange={(e) => setLabel(e.target.value)}
            maxLength={CAPTIONS_LABEL_MAX}
            required
            disabled={upload.busy}
            error={upload.fields?.label}
          />
        </div>
      </AddFileForm>
    </FilesSection>
  );
}
