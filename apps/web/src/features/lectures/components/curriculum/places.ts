import { translate } from '@/i18n';
import type { LayoutGroup } from '../../api/curriculum-layout';

/** The implicit group's name, when the course has sections. */
export const noSection = () => translate('lectures.noSection');

/** A place in the curriculum: the group's index in the layout, and the index within it. */
export interface Place {
  group: number;
  index: number;
}

/** A group's key in the section menus and focus scopes ('none' for the implicit group). */
export const groupKey = (g: LayoutGroup) => g._id ?? 'none';

/** Where a lecture is now, in words: "section Basics, position 2". */
export function placeText(groups: LayoutGroup[], { group, index }: Place) {
  const position = translate('lectures.place.position', { position: index + 1 });
  if (groups.length === 1) return position;
  const g = groups[group];
  return g._id === null
    ? `${noSection()}, ${position}`
    : translate('lectures.place.inSection', { section: g.title ?? '', position });
}
