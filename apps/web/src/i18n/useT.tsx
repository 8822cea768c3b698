import { type ReactNode, useCallback, useContext } from 'react';
import { IntlContext, type IntlShape } from 'react-intl';
import { currentIntl, type MessageValues } from './current';
import type { MessageKey } from './locales';

/** The provider's language; outside one (a component test rendering a part alone), the current one. */
const useIntlShape = (): IntlShape => useContext(IntlContext) ?? currentIntl();

/** `t('nav.allCourses')`, `t('course.lectures', {count})`: a message of the interface's language. */
export function useT() {
  const intl = useIntlShape();
  return useCallback((id: MessageKey, values?: MessageValues) => intl.formatMessage({ id }, values) as string, [intl]);
}

export type RichValues = Record<string, ReactNode | ((chunks: ReactNode[]) => ReactNode)>;

/** A message with markup in it (`Read the <link>refund policy</link>`): its tags are drawn by `values`. */
export function Message({ id, values }: { id: MessageKey; values?: RichValues }) {
  const intl = useIntlShape();
  return <>{intl.formatMessage({ id }, values as Parameters<IntlShape['formatMessage']>[1])}</>;
}
