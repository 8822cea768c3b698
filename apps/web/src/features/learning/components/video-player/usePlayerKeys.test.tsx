import { render } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { usePlayerKeys } from './usePlayerKeys';

/** A player box with a video and a menu, wired to the hook with spies. */
function Player(props: { announce: (t: string) => void; toggleFullscreen: () => void; toggleCaptions: () => void }) {
  const boxRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  usePlayerKeys({ boxRef, videoRef, ...props });
  return (
    <div ref={boxRef}>
      <video ref={videoRef} data-testid="video">
        <track kind="captions" />
      </video>
      <select aria-label="Speed" />
    </div>
  );
}

const press = (target: Element, init: KeyboardEventInit) => {
  const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
};

describe('usePlayerKeys', () => {
  it('handles its keys and only those, leaving modified keys and menus alone', () => {
    const spies = { announce: vi.fn(), toggleFullscreen: vi.fn(), toggleCaptions: vi.fn() };
    const { getByTestId, getByLabelText } = render(<Player {...spies} />);
    const video = getByTestId('video');

    expect(press(video, { key: 'F' }).defaultPrevented).toBe(true);
    expect(spies.toggleFullscreen).toHaveBeenCalledOnce();
    expect(press(video, { key: 'c' }).defaultPrevented).toBe(true);
    expect(spies.toggleCaptions).toHaveBeenCalledOnce();

    // Not a shortcut, a browser shortcut (Ctrl+F) and a key in a menu: the browser's to handle.
    expect(press(video, { key: 'x' }).defaultPrevented).toBe(false);
    expect(press(video, { key: 'f', ctrlKey: true }).defaultPrevented).toBe(false);
    expect(press(getByLabelText('Speed'), { key: 'f' }).defaultPrevented).toBe(false);
    expect(spies.toggleFullscreen).toHaveBeenCalledOnce();
    expect(spies.announce).not.toHaveBeenCalled();
  });
});
