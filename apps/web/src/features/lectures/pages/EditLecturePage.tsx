import { LECTURE_TITLE_MAX, type Lecture, MESSAGES } from '@kaksha/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Trash2 } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button } from '@/components/ui/Button';
import { Card, EmptyState, Skeleton } from '@/components/ui/Card';
import { Checkbox } from '@/components/ui/Checkbox';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { ErrorState } from '@/components/ui/ErrorState';
import { TextInput } from '@/components/ui/Field';
import { FileInput } from '@/components/ui/FileInput';
import { PageHeader } from '@/components/ui/PageHeader';
import { ApiError, errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { courseLecturesQuery, useCourseLectures } from '../api/course-lectures';
import { useEditLecture } from '../api/edit-lecture';
import { useRemoveLecture } from '../api/remove-lecture';
import {
  findInterruptedUpload,
  type ResumableUpload,
  ResumableUploadUnavailable,
  uploadLectureVideo,
} from '../api/resumable-upload';
import { LectureMediaSettings } from '../components/LectureMediaSettings';
import { LectureResourcesEditor } from '../components/LectureResourcesEditor';
import { UploadProgress } from '../components/UploadProgress';

/** Said when an upload reported success but the lecture does not have the video. */
const NOT_SAVED = 'The upload finished, but the video was not saved to this lecture. Please upload it again.';

/** /editlecture/{courseId}/{lectureId}: title, video upload with progress, free preview, remove (spec §2). */
export default function EditLecturePage() {
  const { courseId = '', lectureId = '' } = useParams();
  const { data: course, isPending, isError, isFetching, refetch } = useCourseLectures(courseId);
  const lecture = course?.lectures.find((l) => l._id === lectureId);
  return (
    <section className="mx-auto max-w-3xl px-4 py-8">
      <PageHeader title="Update Your Lecture" back={`/createlecture/${courseId}`} backLabel="Back to lectures" />
      {isPending ? (
        <Card className="flex flex-col gap-4 p-6">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </Card>
      ) : lecture ? (
        <LectureForm key={lecture._id} courseId={courseId} lecture={lecture} />
      ) : isError ? (
        <ErrorState
          title="The lecture could not be loaded. Check your connection and try again."
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : (
        <EmptyState title="Lecture not found">It may have been removed.</EmptyState>
      )}
      {lecture && <LectureMediaSettings key={lecture._id} courseId={courseId} lecture={lecture} />}
      {lecture && <LectureResourcesEditor key={lecture._id} courseId={courseId} lecture={lecture} />}
    </section>
  );
}

function LectureForm({ courseId, lecture }: { courseId: string; lecture: Lecture }) {
  const navigate = useNavigate();
  const [lectureTitle, setLectureTitle] = useState(lecture.lectureTitle);
  const [isPreviewFree, setIsPreviewFree] = useState(lecture.isPreviewFree);
  const [video, setVideo] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [offline, setOffline] = useState(false);
  // The upload said it succeeded, but the lecture has no video: said plainly, with a way to send it again.
  const [notSaved, setNotSaved] = useState(false);
  const client = useQueryClient();
  // An upload a reload or a lost connection interrupted: choosing the same file goes on from there.
  const [interrupted] = useState(() => findInterruptedUpload(lecture._id));
  const controller = useRef<AbortController | null>(null);
  const resumable = useRef<ResumableUpload | null>(null);
  const edit = useEditLecture(courseId, lecture._id);
  const remove = useRemoveLecture(courseId, lecture._id);
  const saving = edit.isPending || uploading;
  const busy = saving || remove.isPending;
  const fields = edit.error instanceof ApiError ? edit.error.fields : undefined;
  const back = `/createlecture/${courseId}`;

  // Leaving the page stops an upload still running: a form upload is lost, a resumable one waits
  // on the server (until PARTIAL_UPLOAD_MAX_AGE_MS) for the same file to be chosen again.
  useEffect(
    () => () => {
      controller.current?.abort();
      resumable.current?.pause();
    },
    [],
  );

  const pickVideo = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0] ?? null;
    if (file && !file.type.startsWith('video/')) {
      toast.error('Please choose a video file');
      e.target.value = '';
      setVideo(null);
      return;
    }
    setVideo(file);
  };

  /**
   * The video goes first, resumably (tus); then the title and free preview are saved. Without tus
   * (it could not be loaded), the video goes with the form as one upload, as before.
   */
  const sendVideo = async (file: File): Promise<'sent' | 'fallback' | 'stopped'> => {
    const upload = uploadLectureVideo(lecture._id, file, {
      onProgress: setProgress,
      onConnection: (on) => setOffline(!on),
    });
    resumable.current = upload;
    setUploading(true);
    try {
      const answered = await upload.done;
      if (!(await hasVideo(answered))) {
        setProgress(null);
        setNotSaved(true);
        return 'stopped';
      }
      return 'sent';
    } catch (err) {
      if (err instanceof ResumableUploadUnavailable) return 'fallback';
      setProgress(null);
      if ((err as Error).name === 'AbortError') toast.info('Upload cancelled');
      else toast.error(errorMessage(err));
      return 'stopped';
    } finally {
      resumable.current = null;
      setUploading(false);
      setOffline(false);
    }
  };

  /**
   * Whether the lecture has the video now. The last chunk's answer carries the lecture; a success
   * without it (tus-js-client heard "complete" from HEAD, for an upload finished before) is not
   * taken on trust: the lecture is read again.
   */
  const hasVideo = async (answered: Lecture | null) => {
    if (answered?.videoUrl) return true;
    try {
      const course = await client.fetchQuery({ ...courseLecturesQuery(courseId), staleTime: 0 });
      return !!course.lectures.find((l) => l._id === lecture._id)?.videoUrl;
    } catch {
      return false;
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void save();
  };

  const save = async () => {
    setNotSaved(false);
    if (!video && !lecture.videoUrl) {
      toast.error('Please choose a video to upload');
      return;
    }
    setProgress(video ? 0 : null);
    const sent = video ? await sendVideo(video) : 'sent';
    if (sent === 'stopped') return;
    const abort = new AbortController();
    controller.current = abort;
    const formVideo = sent === 'fallback' ? video : null;
    edit.mutate(
      { lectureTitle, isPreviewFree, video: formVideo, signal: abort.signal, onProgress: setProgress },
      {
        onSuccess: () => {
          toast.success(MESSAGES.lectureUpdated);
          navigate(back);
        },
        onError: (err) => {
          if ((err as Error).name === 'AbortError') toast.info('Upload cancelled');
          else toast.error(errorMessage(err));
        },
        onSettled: () => {
          controller.current = null;
          setProgress(null);
        },
      },
    );
  };

  const doRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.success(MESSAGES.lectureRemoved);
        navigate(back, { replace: true });
      },
      onError: () => {
        setConfirmRemove(false);
        toast.error(MESSAGES.lectureRemoveError);
      },
    });

  return (
    <Card className="p-5 sm:p-6">
      <div className="mb-6 flex flex-col gap-3 border-b border-line pb-5 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-lg font-semibold text-ink">Edit Lecture</h2>
          <p className="text-sm text-muted">Make changes and click Update Lecture when you're done.</p>
        </div>
        <Button
          variant="danger"
          icon={<Trash2 size={16} aria-hidden="true" />}
          onClick={() => setConfirmRemove(true)}
          disabled={busy}
        >
          Remove Lecture
        </Button>
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
          onChange={pickVideo}
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
        {notSaved && (
          <div role="alert" className="flex flex-col gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-sm">
            <p className="text-red-800">{NOT_SAVED}</p>
            <div>
              <Button size="sm" variant="secondary" onClick={() => void save()} disabled={saving}>
                Upload again
              </Button>
            </div>
          </div>
        )}
        {progress !== null && (
          <UploadProgress
            percent={progress}
            onCancel={() => {
              void resumable.current?.cancel();
              controller.current?.abort();
            }}
            fileName={video?.name}
            status={offline ? 'Connection lost. The upload will continue when you are back online.' : undefined}
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
      <ConfirmDialog
        open={confirmRemove}
        title="Remove this lecture?"
        confirmLabel="Remove Lecture"
        onConfirm={doRemove}
        onCancel={() => setConfirmRemove(false)}
        busy={remove.isPending}
      >
        <p>“{lecture.lectureTitle}” and its video will be removed. This cannot be undone.</p>
      </ConfirmDialog>
    </Card>
  );
}
