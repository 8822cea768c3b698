import type { Lecture } from '@kaksha/contracts';
import { CirclePlay } from 'lucide-react';
import type { ReactNode } from 'react';
import { useT } from '@/i18n';
import { mediaUrl } from '@/lib/media-url';

/**
 * The course page's preview of a free lecture: its video, or `locked` in its place (a visitor,
 * whom the server does not let watch), or a note that the course has no free preview.
 */
export function CoursePreview({ lecture, locked }: { lecture: Lecture | null; locked?: ReactNode }) {
  const t = useT();
  return (
    <section aria-labelledby="preview-title" className="rounded-card border border-line bg-white p-5 shadow-sm">
      <h2 id="preview-title" className="mb-4 text-xl font-bold text-ink">
        {lecture ? t('course.previewOf', { title: lecture.lectureTitle }) : t('course.preview')}
      </h2>
      {lecture?.videoUrl && locked ? (
        <div className="flex aspect-video w-full flex-col items-center justify-center gap-3 rounded-lg bg-slate-100 p-4 text-center text-muted">
          {locked}
        </div>
      ) : lecture?.videoUrl ? (
        // biome-ignore lint/a11y/useMediaCaption: lectures have no caption files yet (educators upload the video only)
        <video
          key={lecture._id}
          src={mediaUrl(lecture.videoUrl)}
          controls
          playsInline
          // Nothing downloads until the learner presses play: the preview sits below the fold
          // and phones on metered data should not pay for a video they may never watch.
          preload="none"
          width={640}
          height={360}
          className="aspect-video w-full rounded-lg bg-black"
          aria-label={t('course.previewVideo', { title: lecture.lectureTitle })}
        />
      ) : (
        <div className="flex aspect-video w-full flex-col items-center justify-center gap-2 rounded-lg bg-slate-100 text-center text-muted">
          <CirclePlay size={40} aria-hidden="true" />
          <p className="text-sm">{t('course.noPreview')}</p>
        </div>
      )}
    </section>
  );
}
