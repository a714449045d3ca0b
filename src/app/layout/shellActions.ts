import { navigate } from 'wouter/use-browser-location';
import { notifySuccess } from '../api/requestUi';
import { t } from '../intl/intl';
import { currentFullPath, loginUrl } from '../router/paths';
import { signOut } from '../state/auth';
import { clearLocalCaches } from '../state/storage';
import { responseCache } from '../lib/dict';
import { clearPageCache } from '../lib/pageCache';

/** Actions shared by the user menu and the registry's global commands (auth.clearCache, auth.logout). */

/** Clears local caches (not the language, token or settings) and says so (spec §2 user menu). */
export function clearCache(): void {
  clearPageCache();
  responseCache.clear();
  clearLocalCaches();
  notifySuccess(t('shell.cache.cleared'));
}

/** Spec §2/§4: sign out on the server, clear the local session, then /login with a redirect back here. */
export async function logoutToLogin(): Promise<void> {
  const back = currentFullPath();
  await signOut();
  navigate(loginUrl(back), { replace: true });
}
