import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

/**
 * The router's newest location, as soon as a navigation starts. React Router renders the new
 * page in a transition, so while a lazy page's code downloads the old page stays on screen and
 * `useLocation()` still answers the old location: the two differ exactly while a page loads.
 */
let latestKey: string | null = null;
const listeners = new Set<() => void>();

export function setLatestLocationKey(key: string) {
  if (key === latestKey) return;
  latestKey = key;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** True while the page being navigated to has not been shown yet (its chunk is downloading). */
export function useRouteLoading() {
  const { key } = useLocation();
  const latest = useSyncExternalStore(subscribe, () => latestKey);
  return latest !== null && latest !== key;
}
