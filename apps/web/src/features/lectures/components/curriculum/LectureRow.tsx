import type { Lecture } from '@kaksha/contracts';
import { ArrowDown, ArrowUp, FilePenLine, GripVertical } from 'lucide-react';
import type { DragEvent } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/Card';
import { Chip } from '@/components/ui/Chip';
import { useT } from '@/i18n';
import type { LayoutGroup } from '../../api/curriculum-layout';
import { IconButton } from './IconButton';
import { groupKey, noSection } from './places';

/**
 * A lecture of the curriculum: dragged by the row, or moved by Move up / Move down and its
 * section menu; a bar before or after it shows where a dragged lecture would go.
 */
export function LectureRow({
  courseId,
  lecture,
  number,
  at,
  groups,
  groupKey: currentGroup,
  canMoveUp,
  canMoveDown,
  dragging,
  barBefore,
  barAfter,
  onStep,
  onSection,
  onDragStart,
  onDragEnd,
  onDragOver,
}: {
  courseId: string;
  lecture: Lecture;
  number: number;
  at: string;
  /** The groups to choose from (null: the course has no sections). */
  groups: LayoutGroup[] | null;
  groupKey: string;
  canMoveUp: boolean;
  canMoveDown: boolean;
  dragging: boolean;
  barBefore: boolean;
  barAfter: boolean;
  onStep: (direction: -1 | 1) => void;
  onSection: (groupKey: string) => void;
  onDragStart: (e: DragEvent<HTMLLIElement>) => void;
  onDragEnd: () => void;
  onDragOver: (e: DragEvent<HTMLLIElement>) => void;
}) {
  const t = useT();
  const title = lecture.lectureTitle;
  return (
    <li
      draggable
      data-focus-scope={`lecture:${lecture._id}`}
      data-at={at}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragOver={onDragOver}
      className={`relative ${dragging ? 'opacity-50' : ''}`}
    >
      {barBefore && <span aria-hidden="true" className="absolute inset-x-0 -top-1.5 h-1 rounded bg-brand-500" />}
      <Card className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-3 sm:px-4">
        <span className="flex min-w-0 flex-1 basis-52 items-center gap-2">
          <GripVertical size={18} aria-hidden="true" className="shrink-0 cursor-grab text-slate-400" />
          <span className="min-w-0 flex-1 break-words text-sm text-ink">
            <span className="font-semibold">{t('lectures.row.number', { number })}</span> {title}
          </span>
        </span>
        <span className="hidden gap-2 sm:flex">
          {lecture.isPreviewFree && <Chip tone="brand">{t('lectures.row.freePreview')}</Chip>}
          {lecture.videoUrl ? (
            <Chip tone="green">{t('lectures.row.video')}</Chip>
          ) : (
            <Chip>{t('lectures.row.noVideo')}</Chip>
          )}
        </span>
        <span className="flex flex-1 items-center gap-1 sm:flex-none">
          <IconButton
            label={t('lectures.row.moveUp', { title })}
            control="up"
            disabled={!canMoveUp}
            onClick={() => onStep(-1)}
          >
            <ArrowUp size={18} aria-hidden="true" />
          </IconButton>
          <IconButton
            label={t('lectures.row.moveDown', { title })}
            control="down"
            disabled={!canMoveDown}
            onClick={() => onStep(1)}
          >
            <ArrowDown size={18} aria-hidden="true" />
          </IconButton>
          {groups && (
            <select
              aria-label={t('lectures.row.sectionOf', { title })}
              data-control="section"
              value={currentGroup}
              onChange={(e) => onSection(e.target.value)}
              className="h-9 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-2 text-sm text-ink focus:border-ink focus:outline-none focus:ring-2 focus:ring-brand-400 sm:w-40 sm:flex-none"
            >
              {groups.map((g) => (
                <option key={groupKey(g)} value={groupKey(g)}>
                  {g._id === null ? noSection() : g.title}
                </option>
              ))}
            </select>
          )}
          <Link
            to={`/editlecture/${courseId}/${lecture._id}`}
            draggable={false}
            aria-label={t('lectures.row.edit', { number, title })}
            title={t('lectures.row.editTitle')}
            className="rounded-full p-2 text-ink hover:bg-surface"
          >
            <FilePenLine size={20} aria-hidden="true" />
          </Link>
        </span>
      </Card>
      {barAfter && <span aria-hidden="true" className="absolute inset-x-0 -bottom-1.5 h-1 rounded bg-brand-500" />}
    </li>
  );
}
