import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import type { CommandDef } from '../../../commands';
import { can } from '../../../commands/permissions';
import { notifyError } from '../api/requestUi';
import { t } from '../intl/intl';
import { FullPageLoader, ScreenBoundary, ScreenLoader, ScreenUnavailable } from '../pages/StatePanels';
import { ProfileError, authFlow, ensureProfile } from '../state/auth';
import { session } from '../state/session';
import { addView, setViewLabel } from '../state/tags';
import { HOME_PATH, PUBLIC_PATHS, REDIRECT_PREFIX, ROUTED_SCREENS, currentFullPath, loginUrl } from './paths';
import { SCREENS } from './screens';

const LoginPage = lazy(() => import('../pages/LoginPage'));
const NotFoundPage = lazy(() => import('../pages/NotFoundPage'));
const SipPage = lazy(() => import('../pages/SipPage'));
const AuthRedirectPage = lazy(() => import('../pages/AuthRedirectPage'));
/** The signed-in layout is its own chunk; main.tsx starts fetching it at boot when a token is present. */
export const loadShell = () => import('../layout/Shell');
const Shell = lazy(loadShell);

/**
 * The route table (spec §2), derived from the registry only:
 * public routes; then, behind the session, / → /dashboard, /redirect/* (refresh), one route per screen command
 * (each gated by its permission), and /404 for anything else.
 */
export function AppRouter() {
  return (
    <Suspense fallback={<FullPageLoader />}>
      <Switch>
        <Route path={PUBLIC_PATHS.login} component={LoginRoute} />
        <Route path={PUBLIC_PATHS.authRedirect} component={AuthRedirectPage} />
        <Route path={PUBLIC_PATHS.sip} component={SipPage} />
        <Route path={PUBLIC_PATHS.notFound} component={NotFoundPage} />
        <Route>
          <RequireSession>
            <Shell>
              <ShellRoutes />
            </Shell>
          </RequireSession>
        </Route>
      </Switch>
    </Suspense>
  );
}

/** With a session, /login goes to the root path (spec §2). */
function LoginRoute() {
  const { token } = useSnapshot(session);
  const { signingIn } = useSnapshot(authFlow);
  if (token && !signingIn) return <Redirect to="/" replace />;
  return <LoginPage />;
}

/**
 * No token: /login?redirect=<wanted path>. With a token: load the profile once (spec §4); a failed load resets the
 * token (so this redirects to login with the path) and shows the error, or "Has Error".
 */
function RequireSession({ children }: { children: ReactNode }) {
  const { token, status } = useSnapshot(session);
  useEffect(() => {
    if (!token || status === 'ready') return;
    ensureProfile().catch((e: unknown) => {
      if (e instanceof ProfileError && e.shown) return;
      notifyError(e instanceof Error && e.message ? e.message : t('shell.auth.hasError'));
    });
  }, [token, status]);
  if (!token) return <Redirect to={loginUrl(currentFullPath())} replace />;
  if (status !== 'ready') return <FullPageLoader />;
  return <>{children}</>;
}

function ShellRoutes() {
  return (
    <Switch>
      <Route path="/">
        <Redirect to={HOME_PATH} replace />
      </Route>
      <Route path={`${REDIRECT_PREFIX}/*`}>{(params) => <RefreshRoute rest={params['*'] ?? ''} />}</Route>
      {ROUTED_SCREENS.map((c) => (
        <Route key={c.id} path={c.route!}>
          <ScreenRoute command={c} />
        </Route>
      ))}
      <Route>
        <Redirect to={PUBLIC_PATHS.notFound} replace />
      </Route>
    </Switch>
  );
}

/**
 * A screen behind its permission. A screen the session may not open is treated like an unknown path (/404):
 * the route table is built from the session's permissions (spec §4), so it is not there for this session.
 */
function ScreenRoute({ command }: { command: CommandDef }) {
  const { nodes } = useSnapshot(session);
  const [location] = useLocation();
  const search = useSearch();
  const allowed = can(nodes, command.permission);
  const fullPath = search ? `${location}?${search}` : location;
  useEffect(() => {
    if (!allowed) return;
    addView(command, fullPath);
    // Detail pages (hidden screens) take their tab and page title from the query `name` (spec §2 orderDetails).
    if (command.hidden) setViewLabel(location, new URLSearchParams(search).get('name') || undefined);
  }, [allowed, command, fullPath, location, search]);
  if (!allowed) return <Redirect to={PUBLIC_PATHS.notFound} replace />;
  const Screen = SCREENS[command.id];
  return (
    <ScreenBoundary key={command.id}>
      <Suspense fallback={<ScreenLoader />}>{Screen ? <Screen /> : <ScreenUnavailable command={command} />}</Suspense>
    </ScreenBoundary>
  );
}

/** /redirect/<path>: goes straight back to /<path> (with its query), so the screen mounts afresh (tab refresh). */
function RefreshRoute({ rest }: { rest: string }) {
  const [, navigate] = useLocation();
  const search = useSearch();
  useEffect(() => {
    navigate(`/${rest}${search ? `?${search}` : ''}`, { replace: true });
  }, [navigate, rest, search]);
  return null;
}
