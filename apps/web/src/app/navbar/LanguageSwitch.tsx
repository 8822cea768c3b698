import type { User } from '@kaksha/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Languages } from 'lucide-react';
import { LOCALES, type Locale, localeName, useLocale, useT } from '@/i18n';
import { api } from '@/lib/api';
import { useCurrentUser } from '@/lib/current-user';
import { queryKeys } from '@/lib/query-keys';

/**
 * The interface's language, each by its own name (English, हिन्दी). A visitor's choice is kept
 * in a cookie; a signed-in user's also with the account, so every device follows it.
 */
export function LanguageSwitch({
  id,
  className = '',
  focusIfHidden,
}: {
  id: string;
  className?: string;
  /**
   * The element (its id) that takes the focus when this switch cannot after the interface is
   * drawn anew: the phone menu's switch is gone with the menu, which a new drawing closes.
   */
  focusIfHidden?: string;
}) {
  const t = useT();
  const { locale, switchLocale } = useLocale();
  const { user } = useCurrentUser();
  const client = useQueryClient();

  async function choose(next: Locale) {
    if (user) {
      // Said before the interface is drawn anew, so the account's old language does not switch it back.
      client.setQueryData(queryKeys.currentUser, { ...user, locale: next } as User);
      // The cookie keeps the choice on this device whatever the answer; the account's copy is a
      // convenience. Once it is saved, notifications are worded anew in the new language (server).
      api.put('/api/user/locale', { locale: next }).then(
        () => client.invalidateQueries({ queryKey: queryKeys.notifications }),
        () => {},
      );
    }
    await switchLocale(next);
    // The interface was drawn anew (the switch too): focus returns to it, unless it is in the
    // phone menu, which the new drawing closed (inert): then to the button that opens the menu,
    // the dialog pattern's return point, rather than lost to the page's start.
    requestAnimationFrame(() => {
      const own = document.getElementById(id);
      const hidden = !own || own.closest('[inert]') !== null;
      (hidden && focusIfHidden ? document.getElementById(focusIfHidden) : own)?.focus();
    });
  }

  return (
    <div className={`flex items-center gap-1.5 ${className}`}>
      <Languages size={18} aria-hidden="true" className="shrink-0 text-muted" />
      <select
        id={id}
        aria-label={t('nav.language')}
        value={locale}
        onChange={(event) => void choose(event.target.value)}
        className="min-h-11 min-w-0 flex-1 rounded-lg border border-line bg-white px-2 text-sm text-ink hover:bg-surface"
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {localeName(code)}
          </option>
        ))}
      </select>
    </div>
  );
}
