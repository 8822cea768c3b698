import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VideoPlayer } from './VideoPlayer';

type Handler = (event: string, data: unknown) => void;

/** A stand-in for hls.js: records what the player asks of it and lets a test raise its events. */
const fake = vi.hoisted(() => {
  class FakeHls {
    static instances: FakeHls[] = [];
    static supported = true;
    static isSupported = () => FakeHls.supported;
    static Events = { MANIFEST_PARSED: 'manifestParsed', LEVEL_SWITCHED: 'levelSwitched', ERROR: 'error' };
    handlers = new Map<string, Handler>();
    source = '';
    media: HTMLMediaElement | null = null;
    currentLevel = -1;
    destroyed = false;
    constructor(readonly config: Record<string, unknown>) {
      FakeHls.instances.push(this);
    }
    on(event: string, handler: Handler) {
      this.handlers.set(event, handler);
    }
    emit(event: string, data: unknown) {
      this.handlers.get(event)?.(event, data);
    }
    loadSource(url: string) {
      this.source = url;
    }
    attachMedia(media: HTMLMediaElement) {
      this.media = media;
    }
    destroy() {
      this.destroyed = true;
    }
  }
  return { FakeHls };
});
vi.mock('hls.js/light', () => ({ default: fake.FakeHls }));
const { FakeHls } = fake;

/** jsdom has no text tracks: each <track> gets one whose mode the player sets. */
function fakeTextTracks(video: HTMLVideoElement) {
  const tracks = Array.from(video.querySelectorAll('track')).map((t) => ({
    language: t.srclang,
    label: t.label,
    mode: 'disabled' as TextTrackMode,
  }));
  Object.defineProperty(video, 'textTracks', { value: Object.assign(tracks, { addEventListener() {} }) });
  return tracks;
}

const captions = [
  { lang: 'en', label: 'English', url: '/media/lectures/l1/captions/en.vtt' },
  { lang: 'hi', label: 'हिन्दी', url: '/media/lectures/l1/captions/hi.vtt' },
];
const processed = {
  title: 'Closures',
  videoUrl: '/media/lectures/l1',
  hlsUrl: '/media/lectures/l1/hls/master.m3u8',
  processing: 'ready' as const,
  posterUrl: '/media/lectures/l1/poster.jpg',
  captions,
};

const video = () => screen.getByLabelText('Lecture video: Closures') as HTMLVideoElement;

beforeEach(() => {
  FakeHls.instances = [];
  FakeHls.supported = true;
  vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('');
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('VideoPlayer', () => {
  it('plays the original file while the video is not processed, with no hls.js', async () => {
    render(<VideoPlayer {...processed} processing="processing" hlsUrl={null} posterUrl={null} captions={[]} />);
    expect(video()).toHaveAttribute('src', '/media/lectures/l1');
    expect(video()).not.toHaveAttribute('poster');
    await act(() => Promise.resolve());
    expect(FakeHls.instances).toHaveLength(0);
    expect(screen.queryByLabelText('Quality')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Captions')).not.toBeInTheDocument();
  });

  it('streams HLS through hls.js with a quality menu from its levels', async () => {
    render(<VideoPlayer {...processed} />);
    await waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    const hls = FakeHls.instances[0];
    expect(hls.source).toBe('/media/lectures/l1/hls/master.m3u8');
    expect(hls.media).toBe(video());
    // Same origin: no credentials mode needed.
    expect(hls.config.xhrSetup).toBeUndefined();
    expect(video()).not.toHaveAttribute('src');
    expect(video()).toHaveAttribute('poster', '/media/lectures/l1/poster.jpg');

    act(() => hls.emit('manifestParsed', { levels: [{ height: 240 }, { height: 360 }, { height: 720 }] }));
    act(() => hls.emit('levelSwitched', { level: 2 }));
    const quality = screen.getByLabelText('Quality');
    expect(Array.from((quality as HTMLSelectElement).options).map((o) => o.text)).toEqual([
      'Auto (720p)',
      '720p',
      '360p',
      '240p',
    ]);
    await userEvent.selectOptions(quality, '240p');
    expect(hls.currentLevel).toBe(0);
    expect(screen.getByRole('status')).toHaveTextContent('Quality: 240p');
    await userEvent.selectOptions(quality, 'Auto');
    expect(hls.currentLevel).toBe(-1);
  });

  it('falls back to the original file, at the same position, when HLS fails', async () => {
    const onLoadedMetadata = vi.fn();
    render(<VideoPlayer {...processed} onLoadedMetadata={onLoadedMetadata} />);
    await waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    const hls = FakeHls.instances[0];
    video().currentTime = 42;
    act(() => hls.emit('error', { fatal: false }));
    expect(hls.destroyed).toBe(false);
    act(() => hls.emit('error', { fatal: true }));
    expect(hls.destroyed).toBe(true);
    expect(video()).toHaveAttribute('src', '/media/lectures/l1');
    video().currentTime = 0;
    fireEvent.loadedMetadata(video());
    expect(onLoadedMetadata).toHaveBeenCalledOnce();
    expect(video().currentTime).toBe(42);
  });

  it('plays HLS natively where there is no Media Source for hls.js (older iPhones)', async () => {
    // jsdom, like those, has no MediaSource.
    expect('MediaSource' in window).toBe(false);
    vi.mocked(HTMLMediaElement.prototype.canPlayType).mockReturnValue('maybe');
    render(<VideoPlayer {...processed} />);
    await waitFor(() => expect(video()).toHaveAttribute('src', '/media/lectures/l1/hls/master.m3u8'));
    await act(() => Promise.resolve());
    expect(FakeHls.instances).toHaveLength(0);
  });

  it('prefers hls.js where both work (Safari, Chromium): it offers the quality menu', async () => {
    vi.stubGlobal('MediaSource', class {});
    vi.mocked(HTMLMediaElement.prototype.canPlayType).mockReturnValue('maybe');
    render(<VideoPlayer {...processed} />);
    await waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    expect(video()).not.toHaveAttribute('src');
  });

  it('plays the original where neither hls.js nor the browser can play HLS', async () => {
    FakeHls.supported = false;
    render(<VideoPlayer {...processed} />);
    await waitFor(() => expect(video()).toHaveAttribute('src', '/media/lectures/l1'));
    expect(FakeHls.instances).toHaveLength(0);
  });

  it('changes speed and captions from the menus', async () => {
    render(<VideoPlayer {...processed} />);
    const tracks = fakeTextTracks(video());
    expect(video().querySelectorAll('track')).toHaveLength(2);
    expect(video().querySelector('track')).toHaveAttribute('kind', 'subtitles');

    await userEvent.selectOptions(screen.getByLabelText('Speed'), '1.5×');
    expect(video().playbackRate).toBe(1.5);
    expect(screen.getByRole('status')).toHaveTextContent('Speed 1.5×');

    await userEvent.selectOptions(screen.getByLabelText('Captions'), 'हिन्दी');
    expect(tracks.map((t) => t.mode)).toEqual(['disabled', 'showing']);
    expect(screen.getByRole('status')).toHaveTextContent('Captions: हिन्दी');
    await userEvent.selectOptions(screen.getByLabelText('Captions'), 'Off');
    expect(tracks.map((t) => t.mode)).toEqual(['disabled', 'disabled']);
  });

  it('answers keyboard shortcuts while it has focus and announces each change', async () => {
    render(<VideoPlayer {...processed} />);
    const tracks = fakeTextTracks(video());
    Object.defineProperty(video(), 'duration', { value: 100 });
    const status = screen.getByRole('status');
    video().focus();

    await userEvent.keyboard(' ');
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledOnce();
    expect(status).toHaveTextContent('Playing');

    video().currentTime = 10;
    await userEvent.keyboard('{ArrowRight}');
    expect(video().currentTime).toBe(15);
    expect(status).toHaveTextContent('Forward 5 seconds: 0:15');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(video().currentTime).toBe(0);

    video().volume = 0.5;
    await userEvent.keyboard('{ArrowUp}');
    expect(video().volume).toBeCloseTo(0.6);
    expect(status).toHaveTextContent('Volume 60%');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(video().volume).toBeCloseTo(0.4);

    await userEvent.keyboard('c');
    expect(tracks.map((t) => t.mode)).toEqual(['showing', 'disabled']);
    expect(status).toHaveTextContent('Captions: English');
    expect(screen.getByLabelText('Captions')).toHaveValue('en');
    await userEvent.keyboard('c');
    expect(tracks.map((t) => t.mode)).toEqual(['disabled', 'disabled']);
    expect(status).toHaveTextContent('Captions off');

    // The menus keep their own keys.
    screen.getByLabelText('Speed').focus();
    video().currentTime = 20;
    await userEvent.keyboard('{ArrowRight}');
    expect(video().currentTime).toBe(20);
  });

  it('toggles full screen for the whole player with F', async () => {
    const requestFullscreen = vi.fn().mockResolvedValue(undefined);
    const exitFullscreen = vi.fn().mockResolvedValue(undefined);
    Object.assign(HTMLElement.prototype, { requestFullscreen });
    Object.assign(document, { exitFullscreen });
    render(<VideoPlayer {...processed} />);
    video().focus();
    await userEvent.keyboard('f');
    expect(requestFullscreen).toHaveBeenCalledOnce();
    expect(requestFullscreen.mock.contexts[0]).toBe(video().parentElement);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Full screen'));
    Object.defineProperty(document, 'fullscreenElement', { value: video().parentElement, configurable: true });
    await userEvent.keyboard('f');
    expect(exitFullscreen).toHaveBeenCalledOnce();
    expect(screen.getByRole('status')).toHaveTextContent('Exited full screen');
    Object.defineProperty(document, 'fullscreenElement', { value: null, configurable: true });
  });

  it('sends cookies with hls.js requests when the media is on another origin', async () => {
    render(<VideoPlayer {...processed} hlsUrl="https://api.example.com/media/lectures/l1/hls/master.m3u8" />);
    await waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    const xhr = { withCredentials: false };
    (FakeHls.instances[0].config.xhrSetup as (x: typeof xhr) => void)(xhr);
    expect(xhr.withCredentials).toBe(true);
    expect(video()).toHaveAttribute('crossorigin', 'use-credentials');
  });
});

describe('VideoPlayer playback samples (analytics)', () => {
  it('reports the play and names the rendition hls.js plays, or the original file', async () => {
    const samples: unknown[] = [];
    const { unmount } = render(<VideoPlayer {...processed} onPlayback={(s) => samples.push(s)} />);
    await waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    const hls = FakeHls.instances[0]!;
    act(() => {
      hls.emit('manifestParsed', { levels: [{ height: 720 }, { height: 480 }] });
      hls.emit('levelSwitched', { level: 1 });
    });
    fireEvent(video(), new Event('playing'));
    expect(samples).toEqual([{ kind: 'play', position: 0, played: 0, rendition: '480p' }]);
    unmount();

    samples.length = 0;
    render(<VideoPlayer {...processed} processing="processing" onPlayback={(s) => samples.push(s)} />);
    fireEvent(video(), new Event('playing'));
    expect(samples).toEqual([{ kind: 'play', position: 0, played: 0, rendition: 'original' }]);
  });
});
