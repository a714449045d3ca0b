import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles/shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { installRequestUi } from './api/requestUi';
import { installErrorReporting } from './errorReporting';
import { initIntl } from './intl/intl';
import { currentLang } from './intl/lang';
import { loadMessages } from './intl/messages';
import { loadShell } from './router/AppRouter';
import { session } from './state/session';
import { refreshSystemInfo } from './state/system';

/**
 * Boot: pick the language (stored, browser, else Vietnamese), set lang/dir on <html>, fetch only that language's
 * catalogue (and, with a token, the layout chunk in parallel), then render.
 */
async function boot(): Promise<void> {
  const lang = currentLang();
  const html = document.documentElement;
  html.lang = lang.intl;
  html.dir = lang.dir;
  html.dataset.lang = lang.code;
  if (session.token) void loadShell();
  void refreshSystemInfo();
  const messages = await loadMessages(lang.code);
  initIntl(lang, messages);
  installRequestUi();
  installErrorReporting();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App lang={lang} />
    </StrictMode>,
  );
}

void boot();
