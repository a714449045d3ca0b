import type { LangCode } from '../../schemas/i18n';
import { currentLang, storeLang } from './lang';

const SWITCHED_FLAG = 'shell.langSwitched';

/**
 * Spec §2/§4: choosing a language stores it, shows "Switch Language Success" and reloads the page.
 * The message is shown after the reload, in the new language (a toast shown before a reload would vanish).
 */
export function switchLanguage(code: LangCode): void {
  if (code === currentLang().code) return;
  storeLang(code);
  try {
    sessionStorage.setItem(SWITCHED_FLAG, '1');
  } catch {
    // no session storage: the reload still switches
  }
  window.location.reload();
}

/** True once after a language switch reload. */
export function consumeLanguageSwitched(): boolean {
  try {
    if (sessionStorage.getItem(SWITCHED_FLAG) !== '1') return false;
    sessionStorage.removeItem(SWITCHED_FLAG);
    return true;
  } catch {
    return false;
  }
}
