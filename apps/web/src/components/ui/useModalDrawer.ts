import { type RefObject, useEffect } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * While `open`, the drawer in `ref` is the only thing on the page: everything else is `inert`
 * (no focus, hidden from screen readers), the page behind does not scroll, focus moves to the
 * drawer's first control and Tab cycles inside it. Left alone: the toasts' live region (class
 * `Toastify`, Toasts.tsx), so they are still announced, and `aria-hidden` layers such as the
 * backdrop, which still takes the click that closes the drawer.
 */
export function useModalDrawer(open: boolean, ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const drawer = ref.current;
    if (!open || !drawer) return;
    const made: HTMLElement[] = [];
    for (let node: HTMLElement | null = drawer; node && node !== document.body; node = node.parentElement) {
      for (const sibling of Array.from(node.parentElement?.children ?? [])) {
        if (sibling === node || !(sibling instanceof HTMLElement) || sibling.hasAttribute('inert')) continue;
        if (sibling.classList.contains('Toastify') || sibling.getAttribute('aria-hidden') === 'true') continue;
        sibling.setAttribute('inert', '');
        made.push(sibling);
      }
    }
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    drawer.querySelector<HTMLElement>(FOCUSABLE)?.focus();

    // The rest of the page is inert, but Tab from the last control would still leave for the
    // browser's own toolbar: it wraps around instead, as in any modal dialog.
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Tab') return;
      const controls = Array.from(drawer.querySelectorAll<HTMLElement>(FOCUSABLE));
      const first = controls[0];
      const last = controls[controls.length - 1];
      if (!first || !last) return;
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    };
    drawer.addEventListener('keydown', onKey);
    return () => {
      drawer.removeEventListener('keydown', onKey);
      for (const el of made) el.removeAttribute('inert');
      document.body.style.overflow = overflow;
    };
  }, [open, ref]);
}
