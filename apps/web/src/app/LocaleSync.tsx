import { useEffect } from 'react';
import { isLocale, useLocale } from '@/i18n';
import { useCurrentUser } from '@/lib/current-user';

/**
 * A signed-in user's language is the one kept with their account (`user.locale`), on every
 * device: once the user is known, the interface follows it (and the cookie with it). A server
 * that does not tell one leaves the visitor's choice.
 */
export function LocaleSync() {
  const { user } = useCurrentUser();
  const { locale, switchLocale } = useLocale();
  const saved = user?.locale;
  useEffect(() => {
    if (isLocale(saved) && saved !== locale) void switchLocale(saved);
  }, [saved, locale, switchLocale]);
  return null;
}
