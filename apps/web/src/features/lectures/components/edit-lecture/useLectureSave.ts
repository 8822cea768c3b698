import type { Lecture } from '@kaksha/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { translate } from '@/i18n';
import { ApiError, errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { courseLecturesQuery } from '../../api/course-lectures';
import { useEditLecture } from '../../api/edit-lecture';
import { type ResumableUpload, ResumableUploadUnavailable, uploadLectureVideo } from '../../api/resumable-upload';

/**
 * Saving the edit-lecture form: the chosen video goes first, resumably (tus), with its progress
 * and connection; then the title and free preview are saved. Without tus (it could not be
 * loaded), the video goes with the form as one upload, as before. `onSaved` after the toast.
 */
export function useLectureSave(courseId: string, lecture: Lecture, onSaved: () => void) {
  const [video, setVideo] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploading, setUploading] = useState(false);
  const [offline, setOffline] = useState(false);
  // The upload said it succeeded, but the lecture has no video: said plainly, with a way to send it again.
  const [notSaved, setNotSaved] = useState(false);
  const client = useQueryClient();
  const controller = useRef<AbortController | null>(null);
  const resumable = useRef<ResumableUpload | null>(null);
  const edit = useEditLecture(courseId, lecture._id);

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
      toast.error(translate('lectures.edit.chooseVideoFile'));
      e.target.value = '';
      setVideo(null);
      return;
    }
    setVideo(file);
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
      if ((err as Error).name === 'AbortError') toast.info(translate('lectures.edit.cancelled'));
      else toast.error(errorMessage(err));
      return 'stopped';
    } finally {
      resumable.current = null;
      setUploading(false);
      setOffline(false);
    }
  };

  const save = async (values: { lectureTitle: string; isPreviewFree: boolean }) => {
    setNotSaved(false);
    if (!video && !lecture.videoUrl) {
      toast.error(translate('lectures.edit.chooseVideo'));
      return;
    }
    setProgress(video ? 0 : null);
    const sent = video ? await sendVideo(video) : 'sent';
    if (sent === 'stopped') return;
    const abort = new AbortController();
    controller.current = abort;
    const formVideo = sent === 'fallback' ? video : null;
    edit.mutate(
      { ...values, video: formVideo, signal: abort.signal, onProgress: setProgress },
      {
        onSuccess: () => {
          toast.success(translate('messages.lectureUpdated'));
          onSaved();
        },
        onError: (err) => {
          if ((err as Error).name === 'AbortError') toast.info(translate('lectures.edit.cancelled'));
          else toast.error(errorMessage(err));
        },
        onSettled: () => {
          controller.current = null;
          setProgress(null);
        },
      },
    );
  };

  const cancel = () => {
    void resumable.current?.cancel();
    controller.current?.abort();
  };

  return {
    video,
    pickVideo,
    save,
    cancel,
    /** Percent of the video sent, while it is being sent. */
    progress,
    offline,
    notSaved,
    saving: edit.isPending || uploading,
    fields: edit.error instanceof ApiError ? edit.error.fields : undefined,
  };
}
