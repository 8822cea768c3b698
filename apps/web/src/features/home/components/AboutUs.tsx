import { CircleCheck } from 'lucide-react';
import { API_URL } from '../../../lib/api';
import { SectionHeading } from './SectionHeading';

const POINTS = ['Simplified Learning', 'Expert Trainers', 'Big Experience', 'Lifetime Access'];

/** About Us with a muted, looping, inline video (served publicly by the server: /media/site/about.mp4). */
export function AboutUs() {
  // Moving pictures only for those who have not asked the system for less motion.
  const reduceMotion =
    typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  return (
    <section aria-labelledby="about-title" className="mx-auto max-w-7xl px-4 py-16">
      <div className="grid items-center gap-10 lg:grid-cols-2">
        <video
          className="aspect-video w-full rounded-card bg-slate-900 object-cover shadow-md"
          src={`${API_URL}/media/site/about.mp4`}
          width={640}
          height={360}
          autoPlay={!reduceMotion}
          controls={reduceMotion}
          muted
          loop
          playsInline
          preload="metadata"
          aria-label="A short video about Kaksha"
        />
        <div>
          <SectionHeading
            id="about-title"
            eyebrow="About Us"
            title="We Are Maximizing Your Learning Growth"
            align="left"
          >
            Kaksha brings working engineers, designers and analysts into one classroom. Every course is built around
            projects you can show, explained in simple language, and yours for life.
          </SectionHeading>
          <ul className="grid gap-3 sm:grid-cols-2">
            {POINTS.map((p) => (
              <li key={p} className="flex items-center gap-2 font-medium text-ink">
                <CircleCheck size={20} className="text-green-700" aria-hidden="true" />
                {p}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
