import type { Lecture } from '@kaksha/contracts';
import { CirclePlay, Lock } from 'lucide-react';

/** The curriculum: free-preview lectures can be chosen for the preview player, the rest are locked. */
export function CurriculumList({
  lectures,
  selectedId,
  onSelect,
}: {
  lectures: Lecture[];
  selectedId: string | null;
  onSelect: (lecture: Lecture) => void;
}) {
  if (lectures.length === 0) return <p className="text-sm text-muted">No lectures available.</p>;
  return (
    <ol className="flex flex-col gap-2">
      {lectures.map((lecture, i) => {
        const playable = lecture.isPreviewFree && !!lecture.videoUrl;
        const active = lecture._id === selectedId;
        return (
          <li key={lecture._id}>
            <button
              type="button"
              disabled={!playable}
              aria-pressed={playable ? active : undefined}
              onClick={() => onSelect(lecture)}
              className={`flex w-full items-center gap-3 rounded-lg border px-3 py-3 text-left text-sm transition-colors ${
                active
                  ? 'border-ink bg-ink text-white'
                  : playable
                    ? 'border-line bg-white text-ink hover:border-ink'
                    : 'cursor-not-allowed border-line bg-surface text-slate-500'
              }`}
            >
              <span className="w-6 shrink-0 text-xs font-semibold tabular-nums opacity-70">{i + 1}.</span>
              <span className="flex-1">{lecture.lectureTitle}</span>
              {playable ? (
                <span className="inline-flex items-center gap-1 text-xs font-semibold">
                  <CirclePlay size={18} aria-hidden="true" />
                  Preview
                </span>
              ) : (
                <Lock size={16} role="img" aria-label="Locked" />
              )}
            </button>
          </li>
        );
      })}
    </ol>
  );
}
