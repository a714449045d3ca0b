import { ROLE_TEMPLATES } from '../../../commands/roles';
import type { Lang } from '../../schemas/i18n';
import { translate } from '../i18n';

const TEMPLATE_NAME = new Map(ROLE_TEMPLATES.map((t) => [t.identifier, t.name]));

/** Message id of a role template's name. */
export const roleNameId = (identifier: string) => `role.template.${identifier}`;

/**
 * A role's name in the reader's language: a template role that still has the template's (English) name is shown by
 * its message id; a role an administrator named or renamed keeps the name they typed.
 */
export function roleDisplayName(r: { name: string; identifier: string; isTemplate?: boolean | null }, lang: Lang): string {
  if (!r.isTemplate || TEMPLATE_NAME.get(r.identifier) !== r.name) return r.name;
  const id = roleNameId(r.identifier);
  const text = translate(lang, id);
  return text === id ? r.name : text;
}
