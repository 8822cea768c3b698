import { useCallback, useEffect, useState } from 'react';

/** How long a change stays written over the video (screen readers hear it from the same live region). */
export const NOTICE_MS = 1800;

/** A short message for a live region that clears itself `NOTICE_MS` after the last one. */
export function useNotice() {
  const [notice, setNotice] = useState('');
  const announce = useCallback((text: string) => setNotice(text), []);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(''), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  return [notice, announce] as const;
}
