import { useEffect, useMemo, type CSSProperties, type ReactNode } from 'react';
import { Drawer, useDirection } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { visibleFor } from '../../../commands';
import { keepAlive } from '../api/auth.api';
import { StatusLine } from '../commands/StatusLine';
import { CommandHotkeys } from '../hotkeys/CommandHotkeys';
import { currentLang } from '../intl/lang';
import { useT } from '../intl/useT';
import { CommandPalette } from '../palette/CommandPalette';
import { screenForPath } from '../router/paths';
import { MOBILE_BREAKPOINT, SIDEBAR_COLLAPSED_WIDTH, layout, setDevice, sidebarWidth } from '../state/layout';
import { session } from '../state/session';
import { settings } from '../state/settings';
import { refreshSystemInfo } from '../state/system';
import { syncViews, tags } from '../state/tags';
import { SettingsDrawer } from './SettingsDrawer';
import { ShellCommandHandlers } from './ShellCommandHandlers';
import { Sidebar } from './Sidebar';
import { TagsView } from './TagsView';
import { TopBar } from './TopBar';
import { useDocumentTitle } from './useDocumentTitle';
import { installCopyAudit } from '../lib/copy';
import { preloadDataGrid } from '../../ui/DataGrid';
import { preloadHotkeyScreens } from '../hotkeys/preloadScreens';

/** Spec §7/§9: the keep-alive call runs every hour while signed in. */
export const KEEP_ALIVE_MS = 60 * 60 * 1000;

/**
 * The signed-in layout (spec §2): sidebar (drawer below 992 px), top bar, tabs of visited pages, the screen;
 * the settings panel, the command palette and hotkeys. Flex layout with logical properties, so Arabic puts the
 * sidebar on the right.
 */
/** Runs `fn` when the browser is idle (at the latest after 2 s); the returned function cancels it. */
function whenIdle(fn: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(fn, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(fn, 1000);
  return () => window.clearTimeout(id);
}

export default function Shell({ children }: { children: ReactNode }) {
  const t = useT();
  const { sidebarOpened, device, mobileNavOpen } = useSnapshot(layout);
  const s = useSnapshot(settings);
  const { nodes } = useSnapshot(session);
  const { views } = useSnapshot(tags);
  const [location] = useLocation();
  const { dir } = useDirection();
  const isMobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`, window.innerWidth < MOBILE_BREAKPOINT, {
    getInitialValueInEffect: false,
  });

  useEffect(() => setDevice(isMobile ? 'mobile' : 'desktop'), [isMobile]);

  // Mobile: the drawer closes once a page is chosen.
  useEffect(() => {
    layout.mobileNavOpen = false;
  }, [location]);

  // The tabs follow the session: affix tabs first, tabs for screens it can't open dropped.
  useEffect(() => syncViews(visibleFor(nodes)), [nodes]);

  // Spec §3 copy/cut audit: the signed-in console reports what staff copy out of it.
  useEffect(() => installCopyAudit(), []);

  // Nearly every screen is a grid: its chunks are fetched while the console is idle after sign-in, not on the
  // first screen opened, and so are the screens a hotkey opens (docs/performance.md).
  useEffect(() => whenIdle(preloadDataGrid), []);
  useEffect(() => whenIdle(() => preloadHotkeyScreens(nodes as string[])), [nodes]);

  useEffect(() => {
    void refreshSystemInfo();
    const id = window.setInterval(() => {
      keepAlive().catch(() => undefined);
    }, KEEP_ALIVE_MS);
    return () => window.clearInterval(id);
  }, []);

  const cmd = screenForPath(location);
  const label = views.find((v) => v.path === location)?.label;
  useDocumentTitle(cmd ? label || t(cmd.title) : null);

  const width = sidebarWidth(currentLang().code);
  const mobile = device === 'mobile';
  const collapsed = !mobile && !sidebarOpened;
  const style = useMemo(
    () => ({ '--shell-sidebar-width': `${collapsed ? SIDEBAR_COLLAPSED_WIDTH : width}px` }) as CSSProperties,
    [collapsed, width],
  );

  return (
    <div className="shell" style={style} data-mobile={mobile || undefined} data-collapsed={collapsed || undefined}>
      {!mobile && (
        <aside className="shell-sidebar" data-testid="sidebar">
          <Sidebar collapsed={collapsed} />
        </aside>
      )}
      {mobile && (
        <Drawer
          opened={mobileNavOpen}
          onClose={() => {
            layout.mobileNavOpen = false;
          }}
          position="left"
          size={width}
          withCloseButton={false}
          padding={0}
          classNames={{ body: 'shell-drawer-body' }}
          data-dir={dir}
        >
          <div className="shell-sidebar shell-sidebar--drawer" data-testid="sidebar">
            <Sidebar collapsed={false} onNavigate={() => (layout.mobileNavOpen = false)} />
          </div>
        </Drawer>
      )}
      <div className="shell-main">
        <header className="shell-header" data-fixed={s.fixedHeader || undefined}>
          <TopBar />
          {s.tagsView && <TagsView />}
        </header>
        <main className="shell-content" data-testid="screen">
          {children}
        </main>
        <StatusLine />
      </div>
      <SettingsDrawer />
      <ShellCommandHandlers />
      <CommandPalette />
      <CommandHotkeys />
    </div>
  );
}
