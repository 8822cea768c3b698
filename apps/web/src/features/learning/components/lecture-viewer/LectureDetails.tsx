import type { Lecture } from '@kaksha/contracts';
import type { ReactNode } from 'react';
import { useT } from '@/i18n';
import { LectureResources } from './LectureResources';
import { LectureTabs } from './LectureTabs';
import type { PlayerControl } from './usePlayerControl';

/** A tab another feature adds under the player (Q&A), drawn for the lecture shown. */
export interface ViewerTab {
  label: string;
  render: (lecture: Lecture, player: PlayerControl) => ReactNode;
}

/**
 * Under the player: the lecture's files and, when a feature adds a tab, that tab beside them
 * ("Resources" | "Q&A", `tabOpen` choosing the added one), or the tab alone when there are no files.
 */
export function LectureDetails({
  lecture,
  canOpen,
  player,
  tab,
  tabOpen,
  onTabOpenChange,
}: {
  lecture: Lecture;
  canOpen: boolean;
  player: PlayerControl;
  tab?: ViewerTab;
  tabOpen: boolean;
  onTabOpenChange?: (open: boolean) => void;
}) {
  const t = useT();
  const resources = canOpen && <LectureResources resources={lecture.resources} />;
  if (!tab) return resources;
  const added = (
    <div className="rounded-card border border-line bg-white p-4 shadow-sm sm:p-5">{tab.render(lecture, player)}</div>
  );
  if (!canOpen || !lecture.resources?.length) return added;
  return (
    <LectureTabs
      label={t('lectureTabs.label')}
      tabs={[
        { id: 'resources', label: t('lectureTabs.resources', { count: lecture.resources.length }), content: resources },
        { id: 'added', label: tab.label, content: added },
      ]}
      active={tabOpen ? 'added' : 'resources'}
      onChange={(id) => onTabOpenChange?.(id === 'added')}
    />
  );
}
