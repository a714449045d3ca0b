import { useEffect, useMemo, useState, type MouseEvent } from 'react';
import { Box, Image, Menu, NavLink, ScrollArea, Text, Tooltip, UnstyledButton, useDirection } from '@mantine/core';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import type { CommandDef } from '../../../commands';
import { useT } from '../intl/useT';
import { screenForPath } from '../router/paths';
import { session } from '../state/session';
import { settings } from '../state/settings';
import { systemInfo } from '../state/system';
import { AREA_ICONS, Icon } from './icons';
import { buildMenu, type MenuGroup } from './menu';
import { useOpenPath } from '../router/openPath';

/** Follows a link inside the SPA on a plain click; modified clicks (new tab, new window) stay native. */
function useLinkClick(onNavigate?: () => void) {
  const openPath = useOpenPath();
  return (e: MouseEvent<HTMLElement>, to: string) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    openPath(to);
    onNavigate?.();
  };
}

function SidebarBrand({ collapsed }: { collapsed: boolean }) {
  const t = useT();
  const sys = useSnapshot(systemInfo);
  const name = sys.name || t('shell.systemName.default');
  return (
    <Box className="sidebar-brand" data-collapsed={collapsed || undefined}>
      {sys.logo ? (
        <Image src={sys.logo} alt="" w={28} h={28} fit="contain" />
      ) : (
        <Box className="brand-mark brand-mark--sm" aria-hidden>{name.slice(0, 1).toUpperCase()}</Box>
      )}
      {!collapsed && <Text fw={600} size="sm" truncate="end" title={name}>{name}</Text>}
    </Box>
  );
}

/**
 * The sidebar (spec §2), from the registry for the session's permission nodes: the dashboard first, then one
 * group per permission group (title `menu.<area>`), pages ordered by `sidebar.order`; hidden screens excluded.
 * Collapsed, it is a rail of group icons whose pages open in a flyout menu.
 */
export function Sidebar({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const t = useT();
  const { nodes } = useSnapshot(session);
  const { sidebarLogo } = useSnapshot(settings);
  const [location] = useLocation();
  const menu = useMemo(() => buildMenu(nodes), [nodes]);
  const active = screenForPath(location);
  const activeGroup = active?.sidebar?.group ?? '';
  const [opened, setOpened] = useState<Set<string>>(() => new Set(activeGroup ? [activeGroup] : []));
  const follow = useLinkClick(onNavigate);
  const { dir } = useDirection();

  // The group of the page being shown opens itself (navigation from the search, palette or tabs).
  useEffect(() => {
    if (activeGroup) setOpened((s) => (s.has(activeGroup) ? s : new Set(s).add(activeGroup)));
  }, [activeGroup]);

  const toggle = (key: string, open: boolean) =>
    setOpened((s) => {
      const next = new Set(s);
      if (open) next.add(key);
      else next.delete(key);
      return next;
    });

  const item = (c: CommandDef, nested: boolean) => (
    <NavLink
      key={c.id}
      component="a"
      href={c.route}
      label={t(c.title)}
      active={active?.id === c.id}
      onClick={(e: MouseEvent<HTMLElement>) => follow(e, c.route!)}
      leftSection={nested ? undefined : <Icon name={AREA_ICONS[c.area] ?? 'dashboard'} />}
      className={nested ? 'sidebar-item sidebar-item--nested' : 'sidebar-item'}
      data-testid={`nav-${c.id}`}
    />
  );

  if (collapsed) {
    const side = dir === 'rtl' ? 'left-start' : 'right-start';
    return (
      <Box className="sidebar sidebar--collapsed" component="nav" aria-label={t('shell.sidebar.label')}>
        {sidebarLogo && <SidebarBrand collapsed />}
        <ScrollArea className="sidebar-scroll" type="never">
          {menu.top.map((c) => (
            <Tooltip key={c.id} label={t(c.title)} position={dir === 'rtl' ? 'left' : 'right'} withArrow>
              <UnstyledButton
                component="a"
                href={c.route}
                className="rail-button"
                data-active={active?.id === c.id || undefined}
                onClick={(e: MouseEvent<HTMLElement>) => follow(e, c.route!)}
                aria-label={t(c.title)}
                data-testid={`nav-${c.id}`}
              >
                <Icon name={AREA_ICONS[c.area] ?? 'dashboard'} size={20} />
              </UnstyledButton>
            </Tooltip>
          ))}
          {menu.groups.map((g) => (
            <RailGroup key={g.key} group={g} activeId={active?.id} position={side} follow={follow} />
          ))}
        </ScrollArea>
      </Box>
    );
  }

  return (
    <Box className="sidebar" component="nav" aria-label={t('shell.sidebar.label')}>
      {sidebarLogo && <SidebarBrand collapsed={false} />}
      <ScrollArea className="sidebar-scroll" type="hover" scrollbarSize={6}>
        <Box py={6}>
          {menu.top.map((c) => item(c, false))}
          {menu.groups.map((g) => (
            <NavLink
              key={g.key}
              label={t(g.title)}
              leftSection={<Icon name={AREA_ICONS[g.area] ?? 'folder'} />}
              opened={opened.has(g.key)}
              onChange={(o) => toggle(g.key, o)}
              active={activeGroup === g.key && !opened.has(g.key)}
              variant="subtle"
              className="sidebar-item sidebar-group"
              childrenOffset={0}
              data-testid={`nav-group-${g.area}`}
            >
              {g.items.map((c) => item(c, true))}
            </NavLink>
          ))}
        </Box>
      </ScrollArea>
    </Box>
  );
}

function RailGroup({ group, activeId, position, follow }: {
  group: MenuGroup;
  activeId: string | undefined;
  position: 'left-start' | 'right-start';
  follow: (e: MouseEvent<HTMLElement>, to: string) => void;
}) {
  const t = useT();
  const isActive = group.items.some((c) => c.id === activeId);
  return (
    <Menu trigger="click-hover" position={position} offset={6} openDelay={60} closeDelay={120} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton className="rail-button" data-active={isActive || undefined} aria-label={t(group.title)} data-testid={`nav-group-${group.area}`}>
          <Icon name={AREA_ICONS[group.area] ?? 'folder'} size={20} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown miw={180}>
        <Menu.Label>{t(group.title)}</Menu.Label>
        {group.items.map((c) => (
          <Menu.Item
            key={c.id}
            component="a"
            href={c.route}
            onClick={(e: MouseEvent<HTMLElement>) => follow(e, c.route!)}
            data-active={c.id === activeId || undefined}
            className="rail-menu-item"
          >
            {t(c.title)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
