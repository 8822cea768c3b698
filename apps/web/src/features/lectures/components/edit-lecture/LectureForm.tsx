import { LECTURE_TITLE_MAX, type Lecture } from '@kaksha/contracts';
import { CheckCircle2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { Checkbox } from '@/components/ui/Checkbox';
import { TextInput } from '@/components/ui/Field';
import { FileInput } from '@/components/ui/FileInput';
import { useRemoveLecture } from '../../api/remove-lecture';
import { findInterruptedUpload } from '../../api/resumable-upload';
import { UploadProgress } from '../UploadProgress';
import { RemoveLecture } from './RemoveLecture';
import { useLectureSave } from './useLectureSave';

/** Said when an upload reported success but the lecture does not have the video. */
const NOT_SAVED = 'The upload finished, but the video was not saved to this lecture. Please upload it again.';

/** The edit-lecture form: title, video (uploaded with its progress, resumable), free preview; and Remove Lecture. */
export function LectureForm({ courseId, lecture }: { courseId: string; lecture: Lecture }) {
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
          <h2 className="text-lg font-semibold text-ink">Edit Lecture</h2>
          <p className="text-sm text-muted">Make changes and click Update Lecture when you're done.</p>
        </div>
        <RemoveLecture lecture={lecture} remove={remove} back={back} disabled={busy} />
      </div>
      <form onSubmit={submit} className="flex flex-col gap-5">
        <TextInput
          label="Title"
          name="lectureTitle"
          value={lectureTitle}
          onChange={(e) => setLectureTitle(e.target.value)}
          maxLength={LECTURE_TITLE_MAX}
          required
          disabled={saving}
          error={fields?.lectureTitle}
        />
        <FileInput
          label={lecture.videoUrl ? 'Video (choose a file to replace the current one)' : 'Video'}
          hint="MP4, WebM or QuickTime (.mov)."
          name="videoUrl"
          accept="video/*"
          required={!lecture.videoUrl}
          onChange={upload.pickVideo}
          disabled={saving}
          before={
            <>
              {lecture.videoUrl && (
                <p className="flex items-center gap-2 text-sm text-green-800">
                  <CheckCircle2 size={16} aria-hidden="true" /> A video is uploaded for this lecture.
                </p>
              )}
              {interrupted && progress === null && (
                <p className="text-sm text-amber-800" data-testid="interrupted-upload">
                  The upload of “{interrupted.filename}” was interrupted. Choose the same file and click Update Lecture
                  to continue where it stopped.
                </p>
              )}
            </>
          }
        />
        <Checkbox
          label="Is this video FREE"
          name="isPreviewFree"
          checked={isPreviewFree}
          onChange={(e) => setIsPreviewFree(e.target.checked)}
          disabled={saving}
          className="font-medium"
        />
        {upload.notSaved && (
          <div role="alert" className="flex flex-col gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-sm">
            <p className="text-red-800">{NOT_SAVED}</p>
            <div>
              <Button size="sm" variant="secondary" onClick={save} disabled={saving}>
                Upload again
              </Button>
            </div>
          </div>
        )}
        {progress !== null && (
          <UploadProgress
            percent={progress}
            onCancel={upload.cancel}
            fileName={upload.video?.name}
            status={upload.offline ? 'Connection lost. The upload will continue when you are back online.' : undefined}
          />
        )}
        <div className="flex flex-wrap gap-3 border-t border-line pt-5">
          <Button type="submit" busy={saving} disabled={remove.isPending}>
            Update Lecture
          </Button>
          <Button variant="secondary" onClick={() => navigate(back)} disabled={busy}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}
