import { Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense, type ComponentType } from 'react';
import type { GridRow } from './columns';
import type { DataGridProps } from './DataGrid';

/**
 * Entry point for screens: the grid (and glide, ~300 KB) load on first use, in the 'grid' chunk, so the first
 * load never carries them. Types and the pure helpers come from here without loading the grid.
 * See DataGrid.tsx for the props and a usage example.
 */
/** The grid's module once fetched: rendered directly then, without a Suspense boundary. */
let loaded: ComponentType<DataGridProps<GridRow>> | null = null;
const load = () => import('./DataGrid').then((m) => {
  loaded = m.default as unknown as ComponentType<DataGridProps<GridRow>>;
  return m;
});
const Impl = lazy(load) as unknown as ComponentType<DataGridProps<GridRow>>;

/**
 * Fetches the grid's chunks ahead of the first grid screen (the signed-in shell calls it once the browser is idle):
 * opening a list then waits for its rows, not for two waves of chunks.
 */
export function preloadDataGrid(): void {
  void load().catch(() => undefined);
}

export function DataGrid<R extends GridRow>(props: DataGridProps<R>) {
  // React holds a Suspense boundary's content back for 300 ms after showing its fallback (to avoid flicker): a
  // module already here must not go through one, or every list opens 300 ms late.
  if (loaded) {
    const Grid = loaded;
    return <Grid {...(props as unknown as DataGridProps<GridRow>)} />;
  }
  const fallback = (
    <Stack gap={6} data-testid="grid-loading">
      <Skeleton height={26} width="40%" radius="sm" />
      <Skeleton height={typeof props.height === 'number' ? props.height : 360} radius="sm" />
    </Stack>
  );
  return (
    <Suspense fallback={fallback}>
      <Impl {...(props as unknown as DataGridProps<GridRow>)} />
    </Suspense>
  );
}

export type { DataGridProps } from './DataGrid';
export type { ColumnKind, GridColumnDef, GridRow, PermissionMode } from './columns';
export { cellText, columnVisible, permissionList, visibleColumns } from './columns';
export type { ExportFormat } from './ExportButton';
