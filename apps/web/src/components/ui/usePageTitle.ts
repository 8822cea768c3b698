import { useEffect } from 'react';

/**
 * Sets the tab title for a page: "All Courses · Kaksha". The layout already titles every route;
 * pages call this to be more precise (a course's name). Nothing happens while `title` is empty.
 */
export function usePageTitle(title?: string | null) {
  useEffect(() => {
    if (title) document.title = `${title} · Kaksha`;
  }, [title]);
}
