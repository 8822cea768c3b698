import type { LectureCaption } from '@kaksha/contracts';
import type { ReactNode } from 'react';
import { type Level, levelName } from './useHlsSource';
import { speedLabel } from './usePlayerSettings';

/** Playback speeds of the speed menu. */
export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;

const selectClass =
  'rounded-md border border-slate-500 bg-slate-800 px-2 py-1.5 text-sm text-white focus:outline-none focus:ring-2 focus:ring-brand-400';

/** A native select labelled by its wrapping label, styled for the dark bar under the video. */
function Menu<T extends string | number>({
  label,
  value,
  parse,
  onChoose,
  children,
}: {
  label: string;
  value: T;
  parse: (value: string) => T;
  onChoose: (value: T) => void;
  children: ReactNode;
}) {
  return (
    <label className="flex items-center gap-2">
      {label}
      <select className={selectClass} value={value} onChange={(e) => onChoose(parse(e.target.value))}>
        {children}
      </select>
    </label>
  );
}

/** Auto (naming the rendition playing now) and each rendition, highest first. */
export function QualityMenu({
  levels,
  quality,
  activeLevel,
  onChoose,
}: {
  levels: Level[];
  quality: number;
  activeLevel: number;
  onChoose: (index: number) => void;
}) {
  return (
    <Menu label="Quality" value={quality} parse={Number} onChoose={onChoose}>
      <option value={-1}>
        {quality < 0 && activeLevel >= 0 ? `Auto (${levelName(levels, activeLevel)})` : 'Auto'}
      </option>
      {[...levels]
        .sort((a, b) => b.height - a.height)
        .map((level) => (
          <option key={level.index} value={level.index}>
            {level.height}p
          </option>
        ))}
    </Menu>
  );
}

export function SpeedMenu({ speed, onChoose }: { speed: number; onChoose: (rate: number) => void }) {
  return (
    <Menu label="Speed" value={speed} parse={Number} onChoose={onChoose}>
      {SPEEDS.map((rate) => (
        <option key={rate} value={rate}>
          {rate === 1 ? '1× (normal)' : speedLabel(rate)}
        </option>
      ))}
    </Menu>
  );
}

/** Off and each language ('' is off). */
export function CaptionsMenu({
  captions,
  caption,
  onChoose,
}: {
  captions: LectureCaption[];
  caption: string;
  onChoose: (lang: string) => void;
}) {
  return (
    <Menu label="Captions" value={caption} parse={String} onChoose={onChoose}>
      <option value="">Off</option>
      {captions.map((c) => (
        <option key={c.lang} value={c.lang}>
          {c.label}
        </option>
      ))}
    </Menu>
  );
}
