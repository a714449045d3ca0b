import { useEffect, useMemo } from 'react';
import { DirectionProvider, MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { RawIntlProvider } from 'react-intl';
import { useSnapshot } from 'valtio';
import type { Lang } from '../schemas/i18n';
import { notifySuccess } from './api/requestUi';
import { getIntl, t } from './intl/intl';
import { consumeLanguageSwitched } from './intl/switchLanguage';
import { Watermark } from './layout/Watermark';
import { AppRouter } from './router/AppRouter';
import { settings } from './state/settings';
import { STORAGE_KEYS } from './state/storage';
import { shellTheme } from './styles/theme';

const colorSchemeManager = localStorageColorSchemeManager({ key: STORAGE_KEYS.colorScheme });

/**
 * Providers around the router: direction (Arabic is right to left), Mantine (light/dark, primary colour from the
 * settings panel), the page's intl (one language per page load), modals and notifications; the watermark sits
 * above the router so it outlives the layout after logout.
 */
export function App({ lang }: { lang: Lang }) {
  const { themeColor } = useSnapshot(settings);
  const theme = useMemo(() => shellTheme(themeColor), [themeColor]);

  useEffect(() => {
    if (consumeLanguageSwitched()) notifySuccess(t('shell.lang.switched'));
  }, []);

  return (
    <DirectionProvider initialDirection={lang.dir} detectDirection={false}>
      <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme="light">
        <RawIntlProvider value={getIntl()}>
          <ModalsProvider>
            <Notifications position="top-center" zIndex={1000} limit={5} />
            <AppRouter />
            <Watermark />
          </ModalsProvider>
        </RawIntlProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
