import { act, render } from '@testing-library/react';
import { useRef } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type PlaybackSample, usePlaybackSamples } from './usePlaybackSamples';

function Player({ onPlayback }: { onPlayback: (sample: PlaybackSample) => void }) {
  const ref = useRef<HTMLVideoElement>(null);
  usePlaybackSamples(ref, onPlayback, () => '720p');
  return (
    <video ref={ref} data-testid="video">
      <track kind="captions" />
    </video>
  );
}

let now = 0;
let video: HTMLVideoElement;
let samples: PlaybackSample[];
const state = { paused: true, seeking: false, ended: false, currentTime: 0 };

function setup() {
  samples = [];
  const result = render(<Player onPlayback={(s) => samples.push(s)} />);
  video = result.getByTestId('video') as HTMLVideoElement;
  for (const name of Object.keys(state) as (keyof typeof state)[]) {
    Object.defineProperty(video, name, { configurable: true, get: () => state[name] });
  }
  return result;
}
const fire = (type: string) => act(() => void video.dispatchEvent(new Event(type)));
/** Plays `seconds` of video as a browser does: a timeupdate every quarter second. */
function play(seconds: number, rate = 1) {
  for (let i = 0; i < seconds * 4; i++) {
    now += 250;
    state.currentTime += 0.25 * rate;
    fire('timeupdate');
  }
}

beforeEach(() => {
  now = 0;
  Object.assign(state, { paused: true, seeking: false, ended: false, currentTime: 0 });
  vi.spyOn(performance, 'now').mockImplementation(() => now);
});

describe('the player’s playback samples (analytics heartbeats)', () => {
  it('reports the first play, a heartbeat every 15 s played, and the rest at a pause', () => {
    setup();
    state.paused = false;
    fire('playing');
    expect(samples).toEqual([{ kind: 'play', position: 0, played: 0, rendition: '720p' }]);
    play(31);
    expect(samples.slice(1)).toEqual([
      { kind: 'heartbeat', position: 15, played: 15, rendition: '720p' },
      { kind: 'heartbeat', position: 30, played: 15, rendition: '720p' },
    ]);
    state.paused = true;
    fire('pause');
    expect(samples.at(-1)).toEqual({ kind: 'heartbeat', position: 31, played: 1, rendition: '720p' });
    // Played again: no second `play`.
    state.paused = false;
    fire('playing');
    expect(samples.filter((s) => s.kind === 'play')).toHaveLength(1);
  });

  it('counts the clock, not the timeline: paused time, seeking and a throttled tab do not count', () => {
    setup();
    state.paused = false;
    fire('playing');
    play(10, 2); // at 2× speed: 10 s played, 20 s of video
    state.paused = true;
    fire('pause');
    expect(samples.at(-1)).toMatchObject({ kind: 'heartbeat', position: 20, played: 10 });
    now += 60_000; // a minute paused
    state.paused = false;
    fire('playing');
    state.seeking = true;
    fire('seeking');
    now += 5000;
    state.currentTime = 100;
    state.seeking = false;
    fire('timeupdate');
    play(4);
    now += 30_000; // a background tab's timer slept 30 s: one second at most
    fire('timeupdate');
    state.paused = true;
    fire('pause');
    expect(samples.at(-1)).toMatchObject({ kind: 'heartbeat', position: 104, played: 5 });
  });

  it('reports what was played when the page is hidden or the lecture goes away', () => {
    const { unmount } = setup();
    state.paused = false;
    fire('playing');
    play(6);
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    Reflect.deleteProperty(document, 'visibilityState');
    expect(samples.at(-1)).toMatchObject({ kind: 'heartbeat', played: 6 });
    play(3);
    unmount();
    expect(samples.at(-1)).toMatchObject({ kind: 'heartbeat', position: 9, played: 3 });
  });
});
