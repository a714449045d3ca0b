import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { ActionIcon, Box, Menu, Tooltip, useDirection } from '@mantine/core';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { useT } from '../intl/useT';
import { refreshUrl } from '../router/paths';
import { closeAllViews, closeOtherViews, closeView, tags, type VisitedView } from '../state/tags';
import { Icon } from './icons';
import { useOpenPath } from '../router/openPath';

/** Spec §9: tab menu about 105 px. */
const TAB_MENU_WIDTH = 105;

/**
 * Tabs of visited pages (spec §2): click to switch, refresh (via /redirect), close, close others, close all;
 * affix tabs can't close; the mouse wheel scrolls them horizontally; right-click or the ⋯ button for the menu.
 */
export function TagsView() {
  const t = useT();
  const { views } = useSnapshot(tags);
  const [location] = useLocation();
  const openPath = useOpenPath();
  const { dir } = useDirection();
  const scroller = useRef<HTMLDivElement>(null);
  const [ctx, setCtx] = useState<{ x: number; y: number; view: VisitedView } | null>(null);
  const active = views.find((v) => v.path === location);

  // The wheel scrolls the strip sideways; React's wheel listener is passive, so this one is attached by hand.
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      if (Math.abs(e.deltaY) <= Math.abs(e.deltaX) || el.scrollWidth <= el.clientWidth) return;
      e.preventDefault();
      el.scrollLeft += (dir === 'rtl' ? -1 : 1) * e.deltaY;
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [dir]);

  // Keep the active tab in view (with the 4 px scroll margin of spec §9, set in CSS).
  useEffect(() => {
    scroller.current?.querySelector<HTMLElement>('[data-active]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [location, views.length]);

  const titleOf = (v: VisitedView) => v.label || t(v.title);
  const open = (e: MouseEvent, v: VisitedView) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    if (v.path !== location) openPath(v.fullPath);
  };
  const refresh = (v: VisitedView) => openPath(refreshUrl(v.fullPath), { replace: true });
  const close = (v: VisitedView) => {
    const next = closeView(v.path, location);
    if (next) openPath(next);
  };
  const closeOthers = (v: VisitedView) => {
    closeOtherViews(v.path);
    if (v.path !== location) openPath(v.fullPath);
  };
  const closeAll = () => {
    const first = closeAllViews();
    if (!active?.affix) openPath(first);
  };

  const menuItems = (v: VisitedView) => (
    <>
      <Menu.Item leftSection={<Icon name="refresh" size={14} />} onClick={() => refresh(v)} data-testid="tab-refresh">
        {t('shell.tags.refresh')}
      </Menu.Item>
      {!v.affix && (
        <Menu.Item leftSection={<Icon name="close" size={14} />} onClick={() => close(v)} data-testid="tab-close">
          {t('shell.tags.close')}
        </Menu.Item>
      )}
      <Menu.Item onClick={() => closeOthers(v)} data-testid="tab-close-others">{t('shell.tags.closeOthers')}</Menu.Item>
      <Menu.Item onClick={closeAll} data-testid="tab-close-all">{t('shell.tags.closeAll')}</Menu.Item>
    </>
  );

  return (
    <Box className="tags-view" data-testid="tags-view">
      <div className="tags-scroll" ref={scroller} role="tablist" aria-label={t('shell.tags.label')}>
        {views.map((v) => {
          const isActive = v.path === location;
          return (
            <div
              key={v.path}
              className="tag"
              data-active={isActive || undefined}
              data-affix={v.affix || undefined}
              onContextMenu={(e) => {
                e.preventDefault();
                setCtx({ x: e.clientX, y: e.clientY, view: v });
              }}
              onMouseUp={(e) => {
                // Middle click closes, as in browsers.
                if (e.button === 1 && !v.affix) close(v);
              }}
            >
              <a href={v.fullPath} role="tab" aria-selected={isActive} onClick={(e) => open(e, v)} className="tag__link" data-testid={`tab-${v.name}`}>
                {isActive && <span className="tag__dot" aria-hidden />}
                {titleOf(v)}
              </a>
              {!v.affix && (
                <button
                  type="button"
                  className="tag__close"
                  aria-label={`${t('shell.tags.close')} ${titleOf(v)}`}
                  onClick={(e) => {
                    e.stopPropagation();
                    close(v);
                  }}
                >
                  <Icon name="close" size={11} stroke={2.25} />
                </button>
              )}
            </div>
          );
        })}
      </div>
      {active && (
        <Menu position="bottom-end" shadow="md" withinPortal>
          <Menu.Target>
            <Tooltip label={t('shell.tags.more')} withArrow>
              <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('shell.tags.more')} data-testid="tab-menu">
                <Icon name="dots" size={16} stroke={2.5} />
              </ActionIcon>
            </Tooltip>
          </Menu.Target>
          <Menu.Dropdown miw={TAB_MENU_WIDTH}>{menuItems(active)}</Menu.Dropdown>
        </Menu>
      )}
      <Menu opened={!!ctx} onChange={(o) => !o && setCtx(null)} position="bottom-start" offset={2} shadow="md" withinPortal>
        <Menu.Target>
          <div className="context-anchor" style={{ left: ctx?.x ?? 0, top: ctx?.y ?? 0 }} />
        </Menu.Target>
        <Menu.Dropdown miw={TAB_MENU_WIDTH} data-testid="tab-context-menu">{ctx && menuItems(ctx.view)}</Menu.Dropdown>
      </Menu>
    </Box>
  );
}
