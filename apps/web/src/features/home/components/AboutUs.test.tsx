import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AboutUs } from './AboutUs';

let reportVisible: (visible: boolean) => void = () => {};

beforeEach(() => {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(cb: (entries: { isIntersecting: boolean }[]) => void) {
        reportVisible = (visible) => cb([{ isIntersecting: visible }]);
      }
      observe() {}
      disconnect() {}
    },
  );
  const playing = new WeakSet<HTMLMediaElement>();
  vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return !playing.has(this);
  });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    playing.add(this);
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    playing.delete(this);
    this.dispatchEvent(new Event('pause'));
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('About Us video', () => {
  it('downloads nothing up front, plays only in view, and has a Pause/Play button', async () => {
    render(<AboutUs />);
    const video = document.querySelector('video') as HTMLVideoElement;
    expect(video).toHaveAttribute('preload', 'none');
    expect(video).toHaveAttribute('poster', '/about-poster.webp');
    expect(video).not.toHaveAttribute('autoplay');
    expect(HTMLMediaElement.prototype.play).not.toHaveBeenCalled();

    act(() => reportVisible(true));
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(1);
    const pause = await screen.findByRole('button', { name: 'Pause the video' });

    await userEvent.click(pause);
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalled();
    const play = await screen.findByRole('button', { name: 'Play the video' });
    // Scrolling away and back does not restart a video the visitor paused.
    act(() => reportVisible(false));
    act(() => reportVisible(true));
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(1);
    await userEvent.click(play);
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(2);
  });
});
