import { proxy } from 'valtio';
import { readCookie, writeCookie } from './storage';

/** Spec §4: the sidebar open state persists in a cookie (1 open, 0 closed); device type defaults to desktop. */
const SIDEBAR_COOKIE = 'sidebarStatus';
/** Spec §9: mobile breakpoint. */
export const MOBILE_BREAKPOINT = 992;

/** Spec §9: sidebar 220 px for zh and zhTW, 240 px otherwise. */
export function sidebarWidth(langCode: string): number {
  return langCode === 'zh' || langCode === 'zhTW' ? 220 : 240;
}
export const SIDEBAR_COLLAPSED_WIDTH = 60;

export interface LayoutState {
  sidebarOpened: boolean;
  device: 'desktop' | 'mobile';
  /** The mobile drawer, separate from the desktop collapse state. */
  mobileNavOpen: boolean;
}

export const layout = proxy<LayoutState>({
  sidebarOpened: readCookie(SIDEBAR_COOKIE) !== '0',
  device: 'desktop',
  mobileNavOpen: false,
});

export function toggleSidebar(): void {
  if (layout.device === 'mobile') {
    layout.mobileNavOpen = !layout.mobileNavOpen;
    return;
  }
  layout.sidebarOpened = !layout.sidebarOpened;
  writeCookie(SIDEBAR_COOKIE, layout.sidebarOpened ? '1' : '0');
}

export function setDevice(device: LayoutState['device']): void {
  layout.device = device;
  if (device === 'desktop') layout.mobileNavOpen = false;
}
