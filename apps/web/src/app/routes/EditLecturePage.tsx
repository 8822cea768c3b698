import { useParams } from 'react-router';
import { LectureRetention } from '@/features/analytics';
import { EditLecturePage as EditLecture } from '@/features/lectures';

/**
 * /editlecture/{courseId}/{lectureId}: the lecture's edit screen (spec §2) and, under it, how far
 * its viewers watch (issue #33's retention curve).
 */
export default function EditLecturePage() {
  const { lectureId = '' } = useParams();
  return (
    <>
      <EditLecture />
      <div className="mx-auto max-w-3xl px-4 pb-8">
        <LectureRetention key={lectureId} lectureId={lectureId} />
      </div>
    </>
  );
}
