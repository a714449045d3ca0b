import { Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense, type ComponentType } from 'react';
import type { GridRow } from './columns';
import type { DataGridProps } from './DataGrid';

/**
 * Entry point for screens: the grid (and glide, ~300 KB) load on first use, in the 'grid' chunk, so the first
 * load never carries them. Types and the pure helpers come from here without loading the grid.
 * See DataGrid.tsx for the props and a usage example.
 */
const Impl = lazy(() => import('./DataGrid')) as unknown as ComponentType<DataGridProps<GridRow>>;

export function DataGrid<R extends GridRow>(props: DataGridProps<R>) {
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
