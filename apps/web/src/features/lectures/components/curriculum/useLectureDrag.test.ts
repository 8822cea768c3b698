import { act, renderHook } from '@testing-library/react';
import type { DragEvent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLectureDrag } from './useLectureDrag';

afterEach(() => {
  vi.useRealTimers();
});

/** A drag event over a 40 px high row at the top of the page, the pointer at `clientY`. */
const dragEvent = (clientY = 0) =>
  ({
    clientY,
    preventDefault: vi.fn(),
    stopPropagation: vi.fn(),
    dataTransfer: { setData: vi.fn(), effectAllowed: '', dropEffect: '' },
    currentTarget: { getBoundingClientRect: () => ({ top: 0, height: 40 }) },
  }) as unknown as DragEvent<HTMLElement> & { preventDefault: ReturnType<typeof vi.fn> };

// Group 0: l1, l2, l3; group 1: l4.
const where: Record<string, { group: number; index: number }> = {
  l1: { group: 0, index: 0 },
  l2: { group: 0, index: 1 },
  l3: { group: 0, index: 2 },
  l4: { group: 1, index: 0 },
};
const setup = () => {
  vi.useFakeTimers();
  const onMove = vi.fn();
  const hook = renderHook(() =>
    useLectureDrag({ groupSize: (g) => (g === 0 ? 3 : 1), locate: (id) => where[id], onMove }),
  );
  return { ...hook, onMove };
};

describe('useLectureDrag', () => {
  it('takes a dragged lecture to the place under the pointer, counting without the lecture itself', () => {
    const { result, onMove } = setup();
    const start = dragEvent();
    act(() => result.current.start(start, 'l1'));
    expect(start.dataTransfer.setData).toHaveBeenCalledWith('text/plain', 'l1');
    act(() => vi.runAllTimers());
    expect(result.current.dragId).toBe('l1');

    // The lower half of the third row: after it.
    act(() => result.current.overItem(dragEvent(30), 0, 2));
    expect(result.current.target).toEqual({ group: 0, index: 3 });
    act(() => result.current.drop(dragEvent()));
    expect(onMove).toHaveBeenCalledWith('l1', { group: 0, index: 2 });
    expect(result.current.dragId).toBeNull();
    expect(result.current.target).toBeNull();
  });

  it("puts a lecture dropped on a group's free space at its end, and another group's places as they are", () => {
    const { result, onMove } = setup();
    act(() => result.current.start(dragEvent(), 'l4'));
    act(() => result.current.overGroup(dragEvent(), 0));
    expect(result.current.target).toEqual({ group: 0, index: 3 });
    // The upper half of the first row: before it.
    act(() => result.current.overItem(dragEvent(10), 0, 0));
    act(() => result.current.drop(dragEvent()));
    expect(onMove).toHaveBeenCalledWith('l4', { group: 0, index: 0 });
  });

  it('leaves drags that are not a lecture alone (a file from the desktop), and forgets an ended drag', () => {
    const { result, onMove } = setup();
    const file = dragEvent();
    act(() => result.current.overGroup(file, 0));
    expect(file.preventDefault).not.toHaveBeenCalled();
    expect(result.current.target).toBeNull();

    act(() => result.current.start(dragEvent(), 'l2'));
    act(() => vi.runAllTimers());
    act(() => result.current.overItem(dragEvent(10), 1, 0));
    act(() => result.current.end());
    expect(result.current.dragId).toBeNull();
    act(() => result.current.drop(dragEvent()));
    expect(onMove).not.toHaveBeenCalled();
  });
});
