import { useEffect } from 'react';
import { useMantineColorScheme } from '@mantine/core';
import { LANGS } from '../../schemas/i18n';
import { registerClientHandler } from '../commands/clientHandlers';
import { switchLanguage } from '../intl/switchLanguage';
import { openSettingsPanel } from '../state/settings';
import { clearCache, logoutToLogin } from './shellActions';

/**
 * Client handlers of the global commands in commands/auth.commands.ts, so the palette and the hotkeys run them:
 * settings.language.<code>, settings.theme.toggle, settings.panel, auth.clearCache, auth.logout.
 * A component because the theme toggle needs Mantine's colour-scheme hook.
 */
export function ShellCommandHandlers() {
  const { toggleColorScheme } = useMantineColorScheme();
  useEffect(() => {
    const off = [
      ...LANGS.map((l) => registerClientHandler(`settings.language.${l.code}`, () => switchLanguage(l.code))),
      registerClientHandler('settings.theme.toggle', () => toggleColorScheme()),
      registerClientHandler('settings.panel', () => openSettingsPanel()),
      registerClientHandler('auth.clearCache', () => clearCache()),
      registerClientHandler('auth.logout', () => logoutToLogin()),
    ];
    return () => off.forEach((f) => f());
  }, [toggleColorScheme]);
  return null;
}
