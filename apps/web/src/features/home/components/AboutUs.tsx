import { CircleCheck, Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { SectionHeading } from '@/components/ui/SectionHeading';
import { useT } from '@/i18n';
import { API_URL } from '@/lib/api';

const POINTS = [
  'home.about.simplified',
  'home.about.expertTrainers',
  'home.about.bigExperience',
  'home.badges.lifetimeAccess',
] as const;

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/**
 * About Us with a muted, looping, inline video (served publicly by the server: /media/site/about.mp4).
 * Nothing is downloaded until the video is on screen (preload="none", a tiny static poster); it
 * plays only while in view, never on its own for those who asked for less motion, and a visible
 * Pause/Play button stops it at any time (WCAG 2.2.2).
 */
export function AboutUs() {
  const t = useT();
  const videoRef = useRef<HTMLVideoElement>(null);
  // The visitor's choice: wants it playing (starts true unless reduced motion is asked for).
  const [wanted, setWanted] = useState(() => !prefersReducedMotion());
  const [inView, setInView] = useState(false);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setInView(entry.isIntersecting), { threshold: 0.25 });
    observer.observe(video);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (wanted && inView) {
      video.play()?.catch(() => setPlaying(false));
    } else if (!video.paused) {
      // Only a playing video: pause() on an unloaded one would start selecting its source.
      video.pause();
    }
  }, [wanted, inView]);

  return (
    <section aria-labelledby="about-title" className="mx-auto max-w-7xl px-4 py-16">
      <div className="grid items-center gap-10 lg:grid-cols-2">
        <div className="relative">
          <video
            ref={videoRef}
            className="aspect-video w-full rounded-card bg-slate-900 object-cover shadow-md"
            src={`${API_URL}/media/site/about.mp4`}
            poster="/about-poster.webp"
            width={640}
            height={360}
            muted
            loop
            playsInline
            preload="none"
            aria-label={t('home.about.video')}
            onPlay={() => setPlaying(true)}
            onPause={() => setPlaying(false)}
          />
          <button
            type="button"
            onClick={() => setWanted(!playing)}
            aria-label={playing ? t('home.about.pause') : t('home.about.play')}
            className="absolute bottom-3 left-3 inline-flex size-11 items-center justify-center rounded-full bg-black/70 text-white shadow hover:bg-black/85 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400"
          >
            {playing ? <Pause size={20} aria-hidden="true" /> : <Play size={20} aria-hidden="true" />}
          </button>
        </div>
        <div>
          <SectionHeading id="about-title" eyebrow={t('home.about.eyebrow')} title={t('home.about.title')} align="left">
            {t('home.about.text')}
          </SectionHeading>
          <ul className="grid gap-3 sm:grid-cols-2">
            {POINTS.map((p) => (
              <li key={p} className="flex items-center gap-2 font-medium text-ink">
                <CircleCheck size={20} className="text-green-700" aria-hidden="true" />
                {t(p)}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
