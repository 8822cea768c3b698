import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOTICE_MS, useNotice } from './useNotice';

afterEach(() => {
  vi.useRealTimers();
});

describe('useNotice', () => {
  it('clears a notice a while after the last one', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useNotice());
    act(() => result.current[1]('Paused'));
    expect(result.current[0]).toBe('Paused');
    act(() => vi.advanceTimersByTime(NOTICE_MS - 100));
    act(() => result.current[1]('Playing'));
    // A new notice starts the wait again.
    act(() => vi.advanceTimersByTime(NOTICE_MS - 100));
    expect(result.current[0]).toBe('Playing');
    act(() => vi.advanceTimersByTime(100));
    expect(result.current[0]).toBe('');
  });
});
