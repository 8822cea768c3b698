import type { LectureCaption } from '@kaksha/contracts';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { translate } from '@/i18n';

export const speedLabel = (rate: number) => `${rate}×`;

type Announce = (text: string) => void;

/**
 * The player's speed, captions and full screen: what the menus and keys change, kept in step with
 * the browser's own controls (its speed and captions menus, Esc out of full screen).
 * Each change is announced.
 */
export function usePlayerSettings({
  videoRef,
  boxRef,
  captions,
  announce,
}: {
  videoRef: RefObject<HTMLVideoElement | null>;
  boxRef: RefObject<HTMLDivElement | null>;
  captions: LectureCaption[];
  announce: Announce;
}) {
  const [speed, setSpeed] = useState(1);
  const [caption, setCaption] = useState('');
  const [fullscreen, setFullscreen] = useState(false);
  /** The captions C turns back on. */
  const lastCaption = useRef<string | null>(null);

  // Keep the menus in step with the browser's own controls (its speed and captions menus).
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const tracks = video.textTracks;
    const onTracks = () => {
      const showing = Array.from(tracks ?? []).find((t) => t.mode === 'showing');
      setCaption(showing?.language ?? '');
      if (showing) lastCaption.current = showing.language;
    };
    const onRate = () => setSpeed(video.playbackRate);
    const onFullscreen = () => setFullscreen(document.fullscreenElement === boxRef.current);
    tracks?.addEventListener?.('change', onTracks);
    video.addEventListener('ratechange', onRate);
    document.addEventListener('fullscreenchange', onFullscreen);
    return () => {
      tracks?.removeEventListener?.('change', onTracks);
      video.removeEventListener('ratechange', onRate);
      document.removeEventListener('fullscreenchange', onFullscreen);
    };
  }, [videoRef, boxRef]);

  const chooseSpeed = (rate: number) => {
    const video = videoRef.current;
    if (!video) return;
    // The default rate too: loading another source (a fallback) keeps the chosen speed.
    video.defaultPlaybackRate = rate;
    video.playbackRate = rate;
    setSpeed(rate);
    announce(translate('player.speedIs', { speed: speedLabel(rate) }));
  };

  const chooseCaption = (lang: string) => {
    const video = videoRef.current;
    if (!video) return;
    for (const track of Array.from(video.textTracks ?? [])) {
      track.mode = lang && track.language === lang ? 'showing' : 'disabled';
    }
    if (lang) lastCaption.current = lang;
    setCaption(lang);
    const chosen = captions.find((c) => c.lang === lang);
    announce(chosen ? translate('player.captionsIs', { label: chosen.label }) : translate('player.captionsOff'));
  };

  /** Off when on; else the captions last shown, or the first. */
  const toggleCaptions = () => {
    if (captions.length === 0) announce(translate('player.noCaptions'));
    else if (caption) chooseCaption('');
    else chooseCaption(captions.find((c) => c.lang === lastCaption.current)?.lang ?? captions[0].lang);
  };

  const toggleFullscreen = () => {
    const box = boxRef.current;
    if (!box) return;
    if (document.fullscreenElement) {
      void document.exitFullscreen?.();
      announce(translate('player.exitedFullScreen'));
    } else if (box.requestFullscreen) {
      box.requestFullscreen().then(
        () => announce(translate('player.fullScreen')),
        () => announce(translate('player.noFullScreen')),
      );
    }
  };

  return { speed, caption, fullscreen, chooseSpeed, chooseCaption, toggleCaptions, toggleFullscreen };
}
