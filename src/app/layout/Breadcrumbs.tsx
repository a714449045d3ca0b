import { useMemo, type MouseEvent } from 'react';
import { Anchor, Breadcrumbs as MBreadcrumbs, Text } from '@mantine/core';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { byId } from '../../../commands';
import { useT } from '../intl/useT';
import { screenForPath } from '../router/paths';
import { tags } from '../state/tags';
import { breadcrumbsFor } from './menu';
import { useOpenPath } from '../router/openPath';

/** Spec §2: breadcrumbs always start with the dashboard (dashboard › group › page). */
export function Breadcrumbs() {
  const t = useT();
  const [location] = useLocation();
  const navigate = useOpenPath();
  const { views } = useSnapshot(tags);
  const cmd = screenForPath(location);
  const label = views.find((v) => v.path === location)?.label;
  const crumbs = useMemo(() => breadcrumbsFor(cmd, byId.get('dashboard.home'), label), [cmd, label]);
  return (
    <MBreadcrumbs separator="›" separatorMargin={6} className="breadcrumbs" data-testid="breadcrumbs">
      {crumbs.map((c, i) => {
        const text = c.literal ? c.title : t(c.title);
        return c.href ? (
          <Anchor
            key={i}
            href={c.href}
            size="sm"
            c="dimmed"
            onClick={(e: MouseEvent) => {
              e.preventDefault();
              navigate(c.href!);
            }}
          >
            {text}
          </Anchor>
        ) : (
          <Text key={i} size="sm" c={i === crumbs.length - 1 ? undefined : 'dimmed'} fw={i === crumbs.length - 1 ? 500 : undefined}>
            {text}
          </Text>
        );
      })}
    </MBreadcrumbs>
  );
}
