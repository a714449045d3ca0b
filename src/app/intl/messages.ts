import type { LangCode } from '../../schemas/i18n';

type Catalogue = Record<string, string>;

/**
 * One chunk per language (locales/<code>.json, flat dotted ICU keys): only the current language is fetched.
 */
const loaders = import.meta.glob<Catalogue>('../../../locales/*.json', { import: 'default' });

export async function loadMessages(code: LangCode): Promise<Catalogue> {
  const load = loaders[`../../../locales/${code}.json`];
  if (!load) return {};
  try {
    return await load();
  } catch (e) {
    console.error(`locale ${code} failed to load`, e);
    return {};
  }
}
