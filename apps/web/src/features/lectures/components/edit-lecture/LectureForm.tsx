import { LECTURE_TITLE_MAX, type Lecture } from '@kaksha/contracts';
import { CheckCircle2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { Checkbox } from '@/components/ui/Checkbox';
import { TextInput } from '@/components/ui/Field';
import { FileInput } from '@/components/ui/FileInput';
import { useT } from '@/i18n';
import { useRemoveLecture } from '../../api/remove-lecture';
import { findInterruptedUpload } from '../../api/resumable-upload';
import { UploadProgress } from '../UploadProgress';
import { RemoveLecture } from './RemoveLecture';
import { useLectureSave } from './useLectureSave';

/** The edit-lecture form: title, video (uploaded with its progress, resumable), free preview; and Remove Lecture. */
export function LectureForm({ courseId, lecture }: { courseId: string; lecture: Lecture }) {
  const t = useT();
  const navigate = useNavigate();
  const back = `/createlecture/${courseId}`;
  const [lectureTitle, setLectureTitle] = useState(lecture.lectureTitle);
  const [isPreviewFree, setIsPreviewFree] = useState(lecture.isPreviewFree);
  // An upload a reload or a lost connection interrupted: choosing the same file goes on from there.
  const [interrupted] = useState(() => findInterruptedUpload(lecture._id));
  const upload = useLectureSave(courseId, lecture, () => navigate(back));
  const remove = useRemoveLecture(courseId, lecture._id);
  const { saving, progress, fields } = upload;
  const busy = saving || remove.isPending;
  const save = () => void upload.save({ lectureTitle, isPreviewFree });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save();
  };

  return (
    <Card className="p-5 sm:p-6">
      <div className="mb-6 flex flex-col gap-3 border-b border-line pb-5 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-lg font-semibold text-ink">{t('titles.editLecture')}</h2>
          <p className="text-sm text-muted">{t('lectures.edit.intro')}</p>
        </div>
        <RemoveLecture lecture={lecture} remove={remove} back={back} disabled={busy} />
      </div>
      <form onSubmit={submit} className="flex flex-col gap-5">
        <TextInput
          label={t('manage.fields.title')}
          name="lectureTitle"
          value={lectureTitle}
          onChange={(e) => setLectureTitle(e.target.value)}
          maxLength={LECTURE_TITLE_MAX}
          required
          disabled={saving}
          error={fields?.lectureTitle}
        />
        <FileInput
          label={lecture.videoUrl ? t('lectures.edit.videoReplace') : t('lectures.edit.video')}
          hint={t('lectures.edit.videoHint')}
          name="videoUrl"
          accept="video/*"
          required={!lecture.videoUrl}
          onChange={upload.pickVideo}
          disabled={saving}
          before={
            <>
              {lecture.videoUrl && (
                <p className="flex items-center gap-2 text-sm text-green-800">
                  <CheckCircle2 size={16} aria-hidden="true" /> {t('lectures.edit.hasVideo')}
                </p>
              )}
              {interrupted && progress === null && (
                <p className="text-sm text-amber-800" data-testid="interrupted-upload">
                  {t('lectures.edit.interrupted', { file: interrupted.filename })}
                </p>
              )}
            </>
          }
        />
        <Checkbox
          label={t('lectures.edit.free')}
          name="isPreviewFree"
          checked={isPreviewFree}
          onChange={(e) => setIsPreviewFree(e.target.checked)}
          disabled={saving}
          className="font-medium"
        />
        {upload.notSaved && (
          <div role="alert" className="flex flex-col gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-sm">
            {/* The upload reported success but the lecture does not have the video. */}
            <p className="text-red-800">{t('lectures.edit.notSaved')}</p>
            <div>
              <Button size="sm" variant="secondary" onClick={save} disabled={saving}>
                {t('lectures.edit.uploadAgain')}
              </Button>
            </div>
          </div>
        )}
        {progress !== null && (
          <UploadProgress
            percent={progress}
            onCancel={upload.cancel}
            fileName={upload.video?.name}
            status={upload.offline ? t('lectures.edit.offline') : undefined}
          />
        )}
        <div className="flex flex-wrap gap-3 border-t border-line pt-5">
          <Button type="submit" busy={saving} disabled={remove.isPending}>
            {t('lectures.edit.update')}
          </Button>
          <Button variant="secondary" onClick={() => navigate(back)} disabled={busy}>
            {t('common.cancel')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
