import { type Course, type Lecture, MESSAGES, SECTION_TITLE_MAX } from '@kaksha/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, FilePenLine, GripVertical, Pencil, Trash2 } from 'lucide-react';
import { type DragEvent, type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Chip } from '../../../components/ui/Chip';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { TextInput } from '../../../components/ui/Field';
import { errorMessage } from '../../../lib/api';
import { lectureCountLabel } from '../../../lib/curriculum';
import { queryKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';
import { type LayoutGroup, layoutOf, locate, moveLecture, stepLecture } from '../api/curriculum-layout';
import { useEditSection, useRemoveSection, useReorderLectures } from '../api/sections';

/** The implicit group's name, when the course has sections. */
export const NO_SECTION = 'No section';

interface Place {
  group: number;
  index: number;
}

/** What to focus once the list shows a moved item where it went (it may be drawn anew there). */
interface FocusRequest {
  scope: string;
  at: string;
  controls: string[];
}

const groupKey = (g: LayoutGroup) => g._id ?? 'none';

/** Where a lecture is now, in words: "section Basics, position 2". */
function placeText(groups: LayoutGroup[], { group, index }: Place) {
  const position = `position ${index + 1}`;
  if (groups.length === 1) return position;
  const g = groups[group];
  return g._id === null ? `${NO_SECTION}, ${position}` : `section ${g.title}, ${position}`;
}

/**
 * The course's lectures grouped by section, for its creator: lectures move by drag and drop or by
 * their Move up / Move down buttons and section menu (each change sends the whole layout to
 * `reorderlectures`, and a status line says where the lecture went); sections can be renamed,
 * moved and removed.
 */
export function CurriculumEditor({ courseId, course }: { courseId: string; course: Course }) {
  const client = useQueryClient();
  const reorder = useReorderLectures(courseId);
  const editSection = useEditSection(courseId);
  const removeSection = useRemoveSection(courseId);
  const [status, setStatus] = useState('');
  // The lecture being dragged: in a ref for the drag events at once, in state for the drawing.
  const [dragId, setDragId] = useState<string | null>(null);
  const dragging = useRef<string | null>(null);
  const [target, setTargetState] = useState<Place | null>(null);
  const targetRef = useRef<Place | null>(null);
  const setTarget = (place: Place | null) => {
    const now = targetRef.current;
    if (now?.group === place?.group && now?.index === place?.index) return;
    targetRef.current = place;
    setTargetState(place);
  };
  const [renaming, setRenaming] = useState<string | null>(null);
  const [removing, setRemoving] = useState<LayoutGroup | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const focusRequest = useRef<FocusRequest | null>(null);

  const groups = layoutOf(course);
  const hasSections = groups.length > 1;
  const numbers = new Map(course.lectures.map((l, i) => [l._id, i + 1]));
  const lectures = new Map(course.lectures.map((l) => [l._id, l]));

  // After a move, the moved item's control gets the focus back where the item is drawn now.
  useEffect(() => {
    const request = focusRequest.current;
    if (!request || !root.current) return;
    const item = root.current.querySelector<HTMLElement>(`[data-focus-scope="${CSS.escape(request.scope)}"]`);
    if (item?.dataset.at !== request.at) return;
    focusRequest.current = null;
    for (const control of request.controls) {
      const el = item.querySelector<HTMLButtonElement>(`[data-control="${control}"]`);
      if (el && !el.disabled) {
        el.focus();
        return;
      }
    }
  });

  /** The layout as cached now (a change made a moment ago may not be drawn yet). */
  const currentGroups = () => {
    const cached = client.getQueryData<Course>(queryKeys.courseLectures(courseId));
    return layoutOf(cached ?? course);
  };

  const moveTo = (lectureId: string, place: Place, controls: string[]) => {
    const before = currentGroups();
    const from = locate(before, lectureId);
    if (!from || (from.group === place.group && from.index === place.index)) return;
    const next = moveLecture(before, lectureId, place.group, place.index);
    const at = locate(next, lectureId) ?? place;
    const title = lectures.get(lectureId)?.lectureTitle ?? '';
    focusRequest.current = { scope: `lecture:${lectureId}`, at: `${groupKey(next[at.group])}:${at.index}`, controls };
    setStatus(`Lecture ${title} moved to ${placeText(next, at)}.`);
    reorder.mutate(next, {
      onError: (err) => {
        setStatus(`Lecture ${title} could not be moved.`);
        toast.error(errorMessage(err));
      },
    });
  };

  const step = (lectureId: string, direction: -1 | 1) => {
    const place = stepLecture(currentGroups(), lectureId, direction);
    if (place) moveTo(lectureId, place, direction === -1 ? ['up', 'down'] : ['down', 'up']);
  };

  const toSection = (lectureId: string, sectionKey: string) => {
    const now = currentGroups();
    const group = now.findIndex((g) => groupKey(g) === sectionKey);
    if (group !== -1) moveTo(lectureId, { group, index: now[group].lectureIds.length }, ['section']);
  };

  const moveSection = (section: LayoutGroup, direction: -1 | 1) => {
    if (!section._id) return;
    const position = groups.indexOf(section) - 1 + direction;
    focusRequest.current = {
      scope: `section:${section._id}`,
      at: String(position),
      controls: direction === -1 ? ['section-up', 'section-down'] : ['section-down', 'section-up'],
    };
    editSection.mutate(
      { sectionId: section._id, position },
      {
        onSuccess: () => {
          setStatus(`Section ${section.title} moved to position ${position + 1}.`);
          toast.success(MESSAGES.sectionUpdated);
        },
        onError: (err) => toast.error(errorMessage(err)),
      },
    );
  };

  const confirmRemove = () => {
    if (!removing?._id) return;
    const section = removing;
    removeSection.mutate(section._id as string, {
      onSuccess: () => {
        // The focus goes to the section before, which received the lectures.
        const at = groups.findIndex((g) => g._id === section._id) - 1;
        const previous = groups[at];
        if (previous?._id) {
          focusRequest.current = { scope: `section:${previous._id}`, at: String(at - 1), controls: ['rename'] };
        }
        setRemoving(null);
        setStatus(`Section ${section.title} removed.`);
        toast.success(MESSAGES.sectionRemoved);
      },
      onError: (err) => toast.error(errorMessage(err)),
    });
  };

  // Native drag and drop: the place under the pointer is shown by a bar and taken on drop.
  const dragOverItem = (e: DragEvent<HTMLLIElement>, group: number, index: number) => {
    if (!dragging.current) return;
    e.preventDefault();
    e.stopPropagation();
    e.dataTransfer.dropEffect = 'move';
    const box = e.currentTarget.getBoundingClientRect();
    const place = { group, index: e.clientY > box.top + box.height / 2 ? index + 1 : index };
    setTarget(place);
  };
  const dragOverGroup = (e: DragEvent<HTMLElement>, group: number) => {
    if (!dragging.current) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
    const place = { group, index: groups[group].lectureIds.length };
    setTarget(place);
  };
  const drop = (e: DragEvent<HTMLElement>) => {
    e.preventDefault();
    const lectureId = dragging.current;
    dragging.current = null;
    const place = targetRef.current;
    setDragId(null);
    setTarget(null);
    if (!lectureId || !place) return;
    const from = locate(currentGroups(), lectureId);
    // Taking the lecture out first shifts the later places of its own group by one.
    const index = from && from.group === place.group && from.index < place.index ? place.index - 1 : place.index;
    moveTo(lectureId, { group: place.group, index }, ['up', 'down']);
  };
  const endDrag = () => {
    dragging.current = null;
    setDragId(null);
    setTarget(null);
  };

  const renderGroup = (group: LayoutGroup, g: number) => {
    const dropHere = dragId !== null && target?.group === g;
    const items = group.lectureIds.flatMap((id) => lectures.get(id) ?? []);
    return (
      // biome-ignore lint/a11y/noStaticElementInteractions: a drop zone for pointer users; keyboard users have the move buttons
      <div
        onDragOver={(e) => dragOverGroup(e, g)}
        onDrop={drop}
        className={`rounded-lg ${dropHere && items.length === 0 ? 'bg-brand-50 outline-2 outline-dashed outline-brand-500' : ''}`}
      >
        {items.length === 0 ? (
          <p className="px-3 py-4 text-center text-sm text-muted">
            No lectures in this section yet. Drag one here, or choose this section in a lecture’s menu.
          </p>
        ) : (
          <ol className="flex flex-col gap-2">
            {items.map((lecture, i) => (
              <LectureRow
                key={lecture._id}
                courseId={courseId}
                lecture={lecture}
                number={numbers.get(lecture._id) ?? 0}
                at={`${groupKey(group)}:${i}`}
                groups={hasSections ? groups : null}
                groupKey={groupKey(group)}
                canMoveUp={stepLecture(groups, lecture._id, -1) !== null}
                canMoveDown={stepLecture(groups, lecture._id, 1) !== null}
                dragging={dragId === lecture._id}
                barBefore={dropHere && target?.index === i}
                barAfter={dropHere && i === items.length - 1 && target?.index === items.length}
                onStep={(direction) => step(lecture._id, direction)}
                onSection={(key) => toSection(lecture._id, key)}
                onDragStart={(e) => {
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData('text/plain', lecture._id);
                  dragging.current = lecture._id;
                  // Changing the page inside dragstart can cancel the drag in Chrome.
                  setTimeout(() => setDragId(lecture._id), 0);
                }}
                onDragEnd={endDrag}
                onDragOver={(e) => dragOverItem(e, g, i)}
              />
            ))}
          </ol>
        )}
      </div>
    );
  };

  return (
    <div ref={root} className="flex flex-col gap-4">
      <p role="status" aria-live="polite" className="min-h-5 text-sm text-muted">
        {status}
      </p>
      {!hasSections
        ? course.lectures.length > 0 && renderGroup(groups[0], 0)
        : groups.map((group, g) => {
            if (group._id === null) {
              // The lectures outside any section, when there are some (the section menu puts one
              // there). No drop zone for it while dragging: the list would jump under the pointer.
              if (group.lectureIds.length === 0) return null;
              return (
                <GroupBox key="none" title={NO_SECTION} count={group.lectureIds.length}>
                  {renderGroup(group, g)}
                </GroupBox>
              );
            }
            const position = g - 1;
            const id = group._id;
            return (
              <GroupBox
                key={id}
                title={group.title ?? ''}
                count={group.lectureIds.length}
                focusScope={`section:${id}`}
                at={String(position)}
                editing={
                  renaming === id ? (
                    <RenameSection
                      title={group.title ?? ''}
                      busy={editSection.isPending}
                      onCancel={() => {
                        setRenaming(null);
                        focusRequest.current = { scope: `section:${id}`, at: String(position), controls: ['rename'] };
                      }}
                      onSave={(title) =>
                        editSection.mutate(
                          { sectionId: id, title },
                          {
                            onSuccess: () => {
                              setRenaming(null);
                              focusRequest.current = {
                                scope: `section:${id}`,
                                at: String(position),
                                controls: ['rename'],
                              };
                              toast.success(MESSAGES.sectionUpdated);
                            },
                            onError: (err) => toast.error(errorMessage(err)),
                          },
                        )
                      }
                    />
                  ) : null
                }
                actions={
                  <>
                    <IconButton
                      label={`Rename section: ${group.title}`}
                      control="rename"
                      onClick={() => setRenaming(id)}
                    >
                      <Pencil size={16} aria-hidden="true" />
                    </IconButton>
                    <IconButton
                      label={`Move section up: ${group.title}`}
                      control="section-up"
                      disabled={position === 0}
                      onClick={() => moveSection(group, -1)}
                    >
                      <ArrowUp size={16} aria-hidden="true" />
                    </IconButton>
                    <IconButton
                      label={`Move section down: ${group.title}`}
                      control="section-down"
                      disabled={g === groups.length - 1}
                      onClick={() => moveSection(group, 1)}
                    >
                      <ArrowDown size={16} aria-hidden="true" />
                    </IconButton>
                    <IconButton
                      label={`Remove section: ${group.title}`}
                      control="remove"
                      onClick={() => setRemoving(group)}
                    >
                      <Trash2 size={16} aria-hidden="true" />
                    </IconButton>
                  </>
                }
              >
                {renderGroup(group, g)}
              </GroupBox>
            );
          })}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this section?"
        confirmLabel="Remove section"
        busy={removeSection.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={confirmRemove}
      >
        {removing && <RemoveText groups={groups} section={removing} />}
      </ConfirmDialog>
    </div>
  );
}

/** What removing a section does to its lectures: nothing is lost, they join the group before. */
function RemoveText({ groups, section }: { groups: LayoutGroup[]; section: LayoutGroup }) {
  const at = groups.findIndex((g) => g._id === section._id);
  const previous = groups[at - 1];
  const count = section.lectureIds.length;
  return (
    <p>
      The section <strong className="text-ink">{section.title}</strong> will be removed.{' '}
      {count === 0
        ? 'It has no lectures.'
        : `Its ${lectureCountLabel(count)} will move to the end of ${
            previous?._id ? `the previous section, ${previous.title}` : 'the lectures without a section'
          }; no lecture is deleted.`}
    </p>
  );
}

function GroupBox({
  title,
  count,
  actions,
  editing,
  focusScope,
  at,
  children,
}: {
  title: string;
  count: number;
  actions?: ReactNode;
  editing?: ReactNode;
  focusScope?: string;
  at?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      data-focus-scope={focusScope}
      data-at={at}
      className="rounded-card border border-line bg-white"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-t-card border-b border-line bg-surface px-3 py-2">
        {editing ?? (
          <>
            <h3 id={headingId} className="min-w-0 flex-1 break-words text-sm font-semibold text-ink">
              {title} <span className="font-normal text-muted">({lectureCountLabel(count)})</span>
            </h3>
            {actions && <div className="flex gap-1">{actions}</div>}
          </>
        )}
        {editing && (
          <h3 id={headingId} className="sr-only">
            {title}
          </h3>
        )}
      </div>
      <div className="p-2">{children}</div>
    </section>
  );
}

function RenameSection({
  title,
  busy,
  onSave,
  onCancel,
}: {
  title: string;
  busy: boolean;
  onSave: (title: string) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState(title);
  const [error, setError] = useState<string>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!value.trim()) return setError('Section title is required');
    if (value.trim() === title) return onCancel();
    onSave(value.trim());
  };
  return (
    <form
      onSubmit={submit}
      onKeyDown={(e) => e.key === 'Escape' && onCancel()}
      className="flex w-full flex-col gap-2 py-1 sm:flex-row sm:items-end"
      noValidate
    >
      <div className="flex-1">
        <TextInput
          label="New section title"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          maxLength={SECTION_TITLE_MAX}
          error={error}
          autoFocus
        />
      </div>
      <div className="flex gap-2">
        <Button type="submit" size="sm" busy={busy}>
          Save
        </Button>
        <Button size="sm" variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function IconButton({
  label,
  control,
  disabled,
  onClick,
  children,
}: {
  label: string;
  control: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label.split(':')[0]}
      data-control={control}
      disabled={disabled}
      onClick={onClick}
      className="inline-flex size-9 items-center justify-center rounded-lg text-ink hover:bg-slate-200 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent"
    >
      {children}
    </button>
  );
}

function LectureRow({
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
            <span className="font-semibold">Lecture - {number}:</span> {title}
          </span>
        </span>
        <span className="hidden gap-2 sm:flex">
          {lecture.isPreviewFree && <Chip tone="brand">Free preview</Chip>}
          {lecture.videoUrl ? <Chip tone="green">Video</Chip> : <Chip>No video</Chip>}
        </span>
        <span className="flex flex-1 items-center gap-1 sm:flex-none">
          <IconButton label={`Move up: ${title}`} control="up" disabled={!canMoveUp} onClick={() => onStep(-1)}>
            <ArrowUp size={18} aria-hidden="true" />
          </IconButton>
          <IconButton label={`Move down: ${title}`} control="down" disabled={!canMoveDown} onClick={() => onStep(1)}>
            <ArrowDown size={18} aria-hidden="true" />
          </IconButton>
          {groups && (
            <select
              aria-label={`Section of ${title}`}
              data-control="section"
              value={currentGroup}
              onChange={(e) => onSection(e.target.value)}
              className="h-9 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-2 text-sm text-ink focus:border-ink focus:outline-none focus:ring-2 focus:ring-brand-400 sm:w-40 sm:flex-none"
            >
              {groups.map((g) => (
                <option key={groupKey(g)} value={groupKey(g)}>
                  {g._id === null ? NO_SECTION : g.title}
                </option>
              ))}
            </select>
          )}
          <Link
            to={`/editlecture/${courseId}/${lecture._id}`}
            draggable={false}
            aria-label={`Edit lecture ${number}: ${title}`}
            title="Edit lecture"
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
