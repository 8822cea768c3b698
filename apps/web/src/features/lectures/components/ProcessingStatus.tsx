import type { Lecture } from '@kaksha/contracts';
import { CircleAlert, CircleCheck, RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { translate, useT } from '@/i18n';
import { errorMessage, serverMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useLectureMedia, useRetryProcessing } from '../api/lecture-media';

/**
 * Where the lecture's uploaded video is in its conversion to streaming renditions: queued or
 * processing (asked for again every few seconds until it settles), ready, or failed with the
 * reason and a Retry processing button. Nothing before a video is uploaded, nor on a server
 * that does not process videos (the original file plays).
 */
export function ProcessingStatus({ courseId, lecture: initial }: { courseId: string; lecture: Lecture }) {
  const t = useT();
  const lecture = useLectureMedia(courseId, initial);
  const retry = useRetryProcessing(courseId, lecture._id);
  const state = lecture.videoUrl ? lecture.processing : null;
  if (!state) return null;

  const doRetry = () =>
    retry.mutate(undefined, {
      onSuccess: (answer) => toast.success(serverMessage(answer.message)),
      onError: (error) => toast.error(errorMessage(error)),
    });

  return (
    <section aria-labelledby="processing-title" className="flex flex-col gap-3">
      <h2 id="processing-title" className="text-lg font-semibold text-ink">
        {t('lectures.processing.title')}
      </h2>
      <div
        className={`flex flex-col gap-3 rounded-lg border p-4 text-sm sm:flex-row sm:items-center sm:justify-between ${
          state === 'failed' ? 'border-red-300 bg-red-50' : 'border-line bg-surface'
        }`}
      >
        {/* Announced as it changes: the page asks for the state again while it is not settled. */}
        <div role="status" className="flex items-start gap-3">
          {state === 'queued' || state === 'processing' ? (
            <>
              <span className="mt-0.5 text-ink">
                <Spinner className="size-5" label={null} />
              </span>
              <div>
                <p className="font-semibold text-ink">
                  {state === 'queued' ? t('lectures.processing.queued') : t('lectures.processing.running')}
                </p>
                <p className="text-muted">{t('lectures.processing.meanwhile')}</p>
              </div>
            </>
          ) : state === 'ready' ? (
            <>
              <CircleCheck size={20} aria-hidden="true" className="mt-0.5 shrink-0 text-green-700" />
              <div>
                <p className="font-semibold text-ink">{t('lectures.processing.ready')}</p>
                <p className="text-muted">
                  {lecture.duration
                    ? t('lectures.processing.readyLong', { length: formatDuration(lecture.duration) })
                    : t('lectures.processing.readyText')}
                </p>
              </div>
            </>
          ) : (
            <>
              <CircleAlert size={20} aria-hidden="true" className="mt-0.5 shrink-0 text-red-700" />
              <div>
                <p className="font-semibold text-red-800">{t('lectures.processing.failed')}</p>
                <p className="text-ink">
                  {lecture.processingError ?? t('lectures.processing.notConverted')}{' '}
                  {t('lectures.processing.asUploaded')}
                </p>
              </div>
            </>
          )}
        </div>
        {state === 'failed' && (
          <Button
            variant="secondary"
            size="sm"
            busy={retry.isPending}
            icon={<RotateCw size={16} aria-hidden="true" />}
            onClick={doRetry}
            className="shrink-0"
          >
            {t('lectures.processing.retry')}
          </Button>
        )}
      </div>
    </section>
  );
}

/** 75 → '1 min 15 s'; 42 → '42 s'. */
const formatDuration = (seconds: number) => {
  const s = Math.round(seconds);
  const m = Math.floor(s / 60);
  if (!m) return translate('lectures.processing.seconds', { s });
  return s % 60
    ? translate('lectures.processing.minutesSeconds', { m, s: s % 60 })
    : translate('lectures.processing.minutes', { m });
};
