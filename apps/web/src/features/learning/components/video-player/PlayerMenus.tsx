import type { LectureCaption } from '@kaksha/contracts';
import type { ReactNode } from 'react';
import { useT } from '@/i18n';
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
  const t = useT();
  return (
    <Menu label={t('player.quality')} value={quality} parse={Number} onChoose={onChoose}>
      <option value={-1}>
        {quality < 0 && activeLevel >= 0
          ? t('player.autoAt', { quality: levelName(levels, activeLevel) })
          : t('player.auto')}
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
  const t = useT();
  return (
    <Menu label={t('player.speed')} value={speed} parse={Number} onChoose={onChoose}>
      {SPEEDS.map((rate) => (
        <option key={rate} value={rate}>
          {rate === 1 ? t('player.normalSpeed') : speedLabel(rate)}
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
  const t = useT();
  return (
    <Menu label={t('player.captions')} value={caption} parse={String} onChoose={onChoose}>
      <option value="">{t('player.off')}</option>
      {captions.map((c) => (
        <option key={c.lang} value={c.lang}>
          {c.label}
        </option>
      ))}
    </Menu>
  );
}
