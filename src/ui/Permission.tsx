import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { hasAnyRole } from '../../commands/permissions';
import { session } from '../app/state/session';

/**
 * Spec §6 permission directive: true when the user holds any of `roles` (permission node keys; holding an
 * ancestor group or admin_y counts). An empty or missing list logs 'need roles!' and returns false.
 */
export function usePermission(roles: readonly string[] | null | undefined): boolean {
  const { nodes } = useSnapshot(session);
  return hasAnyRole(nodes as string[], roles);
}

export interface PermissionProps {
  roles: readonly string[] | null | undefined;
  children: ReactNode;
  /** Shown instead when the user may not (default nothing: the element is removed). */
  fallback?: ReactNode;
}

export function Permission({ roles, children, fallback = null }: PermissionProps) {
  return <>{usePermission(roles) ? children : fallback}</>;
}
