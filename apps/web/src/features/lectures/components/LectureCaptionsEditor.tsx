import { CAPTIONS_LABEL_MAX, CAPTIONS_MAX_BYTES, type Lecture } from '@kaksha/contracts';
import { Plus, Subtitles, Trash2 } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { TextInput } from '@/components/ui/Field';
import { FileInput } from '@/components/ui/FileInput';
import { ApiError, errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useAddCaptions, useLectureMedia, useRemoveCaptions } from '../api/lecture-media';

const CAPTION_FILE = /\.(vtt|srt)$/i;

/**
 * The lecture's captions (one file per language, shown in the player's Captions menu): the list
 * with Remove buttons, and a form that adds a .vtt or .srt file with its language code and label
 * (a language already there is replaced). Only once the lecture has a video.
 */
export function LectureCaptionsEditor({ courseId, lecture: initial }: { courseId: string; lecture: Lecture }) {
  const lecture = useLectureMedia(courseId, initial);
  const add = useAddCaptions(courseId, lecture._id);
  const remove = useRemoveCaptions(courseId, lecture._id);
  const [file, setFile] = useState<File | null>(null);
  const [lang, setLang] = useState('');
  const [label, setLabel] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const captions = lecture.captions ?? [];
  const fields = add.error instanceof ApiError ? add.error.fields : undefined;
  if (!lecture.videoUrl) return null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!file) {
      toast.error('Please choose a captions file (.vtt or .srt)');
      return;
    }
    if (!CAPTION_FILE.test(file.name)) {
      toast.error('Captions must be a .vtt or .srt file');
      return;
    }
    if (file.size > CAPTIONS_MAX_BYTES) {
      toast.error('The captions file is too large (1 MB at most)');
      return;
    }
    const replacing = captions.some((c) => c.lang.toLowerCase() === lang.trim().toLowerCase());
    add.mutate(
      { file, lang: lang.trim(), label: label.trim() },
      {
        onSuccess: () => {
          toast.success(replacing ? `Captions replaced: ${label.trim()}` : `Captions added: ${label.trim()}`);
          setFile(null);
          setLang('');
          setLabel('');
          if (fileInput.current) fileInput.current.value = '';
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };

  const doRemove = (captionLang: string, captionLabel: string) =>
    remove.mutate(captionLang, {
      onSuccess: () => toast.success(`Captions removed: ${captionLabel}`),
      onError: (error) => toast.error(errorMessage(error)),
    });

  return (
    <section aria-labelledby="captions-title" className="flex flex-col gap-4">
      <div>
        <h2 id="captions-title" className="text-lg font-semibold text-ink">
          Captions
        </h2>
        <p className="text-sm text-muted">Learners turn them on from the player's Captions menu.</p>
      </div>
      {captions.length === 0 ? (
        <p className="rounded-lg border border-dashed border-line px-4 py-3 text-sm text-muted">No captions yet.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {captions.map((c) => (
            <li
              key={c.lang}
              className="flex items-center justify-between gap-3 rounded-lg border border-line bg-white px-4 py-2.5"
            >
              <span className="flex min-w-0 items-center gap-2 text-sm text-ink">
                <Subtitles size={18} aria-hidden="true" className="shrink-0 text-muted" />
                <span className="truncate font-medium">{c.label}</span>
                <span className="text-muted">({c.lang})</span>
              </span>
              <Button
                variant="secondary"
                size="sm"
                icon={<Trash2 size={16} aria-hidden="true" />}
                busy={remove.isPending && remove.variables === c.lang}
                disabled={remove.isPending}
                onClick={() => doRemove(c.lang, c.label)}
                aria-label={`Remove ${c.label} captions`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="flex flex-col gap-4 rounded-lg border border-line bg-surface p-4">
        <h3 className="text-sm font-semibold text-ink">Add captions</h3>
        <FileInput
          ref={fileInput}
          label="Captions file"
          hint="WebVTT (.vtt) or SubRip (.srt), up to 1 MB. A language already listed is replaced."
          name="captions"
          accept=".vtt,.srt,text/vtt"
          aria-required="true"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          disabled={add.isPending}
          error={fields?.captions}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            label="Language code"
            name="lang"
            hint="Such as en, hi or hi-IN."
            value={lang}
            onChange={(e) => setLang(e.target.value)}
            maxLength={35}
            required
            autoComplete="off"
            spellCheck={false}
            disabled={add.isPending}
            error={fields?.lang}
          />
          <TextInput
            label="Label"
            name="label"
            hint="Shown in the player, such as English."
            value={label}
            onChange={(e) => setLabel(e.target.value)}
            maxLength={CAPTIONS_LABEL_MAX}
            required
            disabled={add.isPending}
            error={fields?.label}
          />
        </div>
        <div>
          <Button type="submit" busy={add.isPending} icon={<Plus size={16} aria-hidden="true" />}>
            Add captions
          </Button>
        </div>
      </form>
    </section>
  );
}
