import type { LayoutGroup } from '../../api/curriculum-layout';

/** The implicit group's name, when the course has sections. */
export const NO_SECTION = 'No section';

/** A place in the curriculum: the group's index in the layout, and the index within it. */
export interface Place {
  group: number;
  index: number;
}

/** A group's key in the section menus and focus scopes ('none' for the implicit group). */
export const groupKey = (g: LayoutGroup) => g._id ?? 'none';

/** Where a lecture is now, in words: "section Basics, position 2". */
export function placeText(groups: LayoutGroup[], { group, index }: Place) {
  const position = `position ${index + 1}`;
  if (groups.length === 1) return position;
  const g = groups[group];
  return g._id === null ? `${NO_SECTION}, ${position}` : `section ${g.title}, ${position}`;
}
