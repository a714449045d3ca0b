import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import type { Lang } from '../../schemas/i18n';

/**
 * The one IntlShape of the page. The language never changes without a reload (spec §4), so it is created once
 * in main.tsx and read by React (RawIntlProvider) and by non-React code (request layer, command handlers).
 */
let current: IntlShape | null = null;
const cache = createIntlCache();

export function initIntl(lang: Lang, messages: Record<string, string>): IntlShape {
  current = createIntl(
    {
      locale: lang.intl,
      defaultLocale: 'en-US',
      messages,
      onError: (err) => {
        // A missing message shows its id; say so once in development, stay quiet in production.
        if (import.meta.env.DEV && err.code === 'MISSING_TRANSLATION') console.warn(err.message);
        else if (err.code !== 'MISSING_TRANSLATION') console.error(err);
      },
    },
    cache,
  );
  return current;
}

export function getIntl(): IntlShape {
  if (!current) throw new Error('intl used before initIntl');
  return current;
}

/** Translates a message id outside React. */
export function t(id: string, values?: Record<string, string | number>): string {
  return current ? current.formatMessage({ id }, values) : id;
}
