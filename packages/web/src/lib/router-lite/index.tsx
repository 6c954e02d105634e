/**
 * The part of React Router's API the prerendered public pages use, for the client build that
 * hydrates them without the router (decision 033; `vite.public.config.ts` puts this module in
 * place of 'react-router' there). A prerendered page is a document of its own: a link is a plain
 * `<a>` that loads the next page, and the location, params and loader data are the ones the page
 * was rendered with. The app screens keep React Router itself.
 *
 * Links render the same markup as React Router's (including `data-discover`), so the page
 * hydrates over its prerendered HTML without a difference.
 */
import { type AnchorHTMLAttributes, createContext, type CSSProperties, type ReactNode, useContext, useEffect } from 'react';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

/** What one rendered route sees: its params, its loader's data and what its `<Outlet />` shows. */
export interface RouteContextValue {
  location: Location;
  params: Record<string, string | undefined>;
  loaderData: unknown;
  outlet: ReactNode;
}

const RouteContext = createContext<RouteContextValue | null>(null);

/** Provides one route level; nested routes are nested providers (the page's outlet chain). */
export const RouteProvider = RouteContext.Provider;

function useRoute(): RouteContextValue {
  const route = useContext(RouteContext);
  if (!route) throw new Error('router-lite: a route hook outside a RouteProvider');
  return route;
}

export function useLocation(): Location {
  return useRoute().location;
}

export function useParams<T extends Record<string, string | undefined> = Record<string, string | undefined>>(): T {
  return useRoute().params as T;
}

export function useLoaderData<T>(): T {
  return useRoute().loaderData as T;
}

/** A prerendered page only renders when its loader succeeded: there is no route error here. */
export function useRouteError(): unknown {
  return undefined;
}

export function Outlet(): ReactNode {
  return useRoute().outlet;
}

export interface NavigateOptions {
  replace?: boolean;
}

/** Moving to another page is a document load; a number goes through the session history. */
export function navigateTo(to: string | number, options?: NavigateOptions): void {
  if (typeof to === 'number') window.history.go(to);
  else if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
}

export function useNavigate(): (to: string | number, options?: NavigateOptions) => Promise<void> {
  return async (to, options) => navigateTo(to, options);
}

export function Navigate({ to, replace }: { to: string } & NavigateOptions): null {
  useEffect(() => navigateTo(to, { replace }), [to, replace]);
  return null;
}

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  /** React Router's navigation options have no meaning for a document load. */
  replace?: boolean;
  prefetch?: string;
  viewTransition?: boolean;
  state?: unknown;
  preventScrollReset?: boolean;
};

export function Link({ to, replace: _replace, prefetch: _prefetch, viewTransition: _vt, state: _state, preventScrollReset: _psr, ...rest }: AnchorProps) {
  // The content comes with the props (children), like React Router's own <a>.
  // eslint-disable-next-line jsx-a11y/anchor-has-content
  return <a {...rest} href={to} data-discover="true" />;
}

interface NavLinkState {
  isActive: boolean;
  isPending: boolean;
  isTransitioning: boolean;
}

type NavLinkProps = Omit<AnchorProps, 'className' | 'style' | 'children'> & {
  end?: boolean;
  caseSensitive?: boolean;
  className?: string | ((state: NavLinkState) => string | undefined);
  style?: CSSProperties | ((state: NavLinkState) => CSSProperties | undefined);
  children?: ReactNode | ((state: NavLinkState) => ReactNode);
};

/** React Router's rule: the same path, or (without `end`) a path below it. */
export function isActivePath(locationPathname: string, toPathname: string, end = false, caseSensitive = false): boolean {
  const here = caseSensitive ? locationPathname : locationPathname.toLowerCase();
  const to = caseSensitive ? toPathname : toPathname.toLowerCase();
  const endSlash = to !== '/' && to.endsWith('/') ? to.length - 1 : to.length;
  return here === to || (!end && here.startsWith(to) && here.charAt(endSlash) === '/');
}

export function NavLink({ to, end, caseSensitive, className, style, children, ...rest }: NavLinkProps) {
  const { pathname } = useLocation();
  const state: NavLinkState = { isActive: isActivePath(pathname, to.split(/[?#]/)[0]!, end, caseSensitive), isPending: false, isTransitioning: false };
  const classes = typeof className === 'function' ? className(state) : [className, state.isActive ? 'active' : null].filter(Boolean).join(' ');
  return (
    <Link
      {...rest}
      to={to}
      aria-current={state.isActive ? 'page' : undefined}
      className={classes || undefined}
      style={typeof style === 'function' ? style(state) : style}
    >
      {typeof children === 'function' ? children(state) : children}
    </Link>
  );
}

/** A loader's answer with a status (only thrown at build time: prerendering stops on it). */
export function data<T>(value: T, init?: number | ResponseInit) {
  return { type: 'DataWithResponseInit' as const, data: value, init: typeof init === 'number' ? { status: init } : (init ?? null) };
}

export function isRouteErrorResponse(error: unknown): error is { status: number; statusText: string; data: unknown } {
  return error != null && typeof (error as { status?: unknown }).status === 'number' && 'internal' in (error as object);
}
