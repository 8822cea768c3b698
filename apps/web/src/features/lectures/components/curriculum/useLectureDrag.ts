import { type DragEvent, useRef, useState } from 'react';
import type { Place } from './places';

/**
 * Native drag and drop of lectures: the place under the pointer (`target`) is shown by a bar and
 * taken on drop (`onMove`, with the index it has once the lecture is taken out of its old place).
 * Keyboard users have the move buttons instead.
 */
export function useLectureDrag({
  groupSize,
  locate,
  onMove,
}: {
  /** How many lectures a group shows: a drop on its free space puts the lecture last. */
  groupSize: (group: number) => number;
  /** Where a lecture is now. */
  locate: (lectureId: string) => Place | null | undefined;
  onMove: (lectureId: string, place: Place) => void;
}) {
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

  const start = (e: DragEvent<HTMLElement>, lectureId: string) => {
    e.dataTransfer.effectAllowed = 'move';
    e.dataTransfer.setData('text/plain', lectureId);
    dragging.current = lectureId;
    // Changing the page inside dragstart can cancel the drag in Chrome.
    setTimeout(() => setDragId(lectureId), 0);
  };
  /** Over a lecture: before it in its upper half, after it in its lower half. */
  const overItem = (e: DragEvent<HTMLElement>, group: number, index: number) => {
    if (!dragging.current) return;
    e.preventDefault();
    e.stopPropagation();
    e.dataTransfer.dropEffect = 'move';
    const box = e.currentTarget.getBoundingClientRect();
    setTarget({ group, index: e.clientY > box.top + box.height / 2 ? index + 1 : index });
  };
  const overGroup = (e: DragEvent<HTMLElement>, group: number) => {
    if (!dragging.current) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
    setTarget({ group, index: groupSize(group) });
  };
  const drop = (e: DragEvent<HTMLElement>) => {
    e.preventDefault();
    const lectureId = dragging.current;
    dragging.current = null;
    const place = targetRef.current;
    setDragId(null);
    setTarget(null);
    if (!lectureId || !place) return;
    const from = locate(lectureId);
    // Taking the lecture out first shifts the later places of its own group by one.
    const index = from && from.group === place.group && from.index < place.index ? place.index - 1 : place.index;
    onMove(lectureId, { group: place.group, index });
  };
  const end = () => {
    dragging.current = null;
    setDragId(null);
    setTarget(null);
  };

  return { dragId, target, start, overItem, overGroup, drop, end };
}

export type LectureDrag = ReturnType<typeof useLectureDrag>;
