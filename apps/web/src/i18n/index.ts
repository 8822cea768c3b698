export { currentLocale, hasMessage, type MessageValues, translate } from './current';
export { createAppIntl, I18nProvider, type LocaleControl, useLocale } from './I18nProvider';
export {
  browserLocale,
  cookieLocale,
  DEFAULT_LOCALE,
  intlLocale,
  isLocale,
  LOCALE_COOKIE,
  LOCALES,
  type Locale,
  loadMessages,
  localeName,
  type MessageKey,
  type Messages,
  rememberLocale,
} from './locales';
export { Message, type RichValues, useT } from './useT';
