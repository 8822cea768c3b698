import type { Lecture } from '@kaksha/contracts';
import { Card } from '@/components/ui/Card';
import { LectureCaptionsEditor } from './LectureCaptionsEditor';
import { ProcessingStatus } from './ProcessingStatus';

/** Under the edit-lecture form once a video is uploaded: its processing state and its captions. */
export function LectureMediaSettings({ courseId, lecture }: { courseId: string; lecture: Lecture }) {
  if (!lecture.videoUrl) return null;
  return (
    <Card className="mt-6 flex flex-col gap-8 p-5 sm:p-6">
      <ProcessingStatus courseId={courseId} lecture={lecture} />
      <LectureCaptionsEditor courseId={courseId} lecture={lecture} />
    </Card>
  );
}
