import { useMemo, type ReactNode } from 'react';
import { Link as RouterLink, NavLink as RouterNavLink, useNavigate } from 'react-router';
import {
  NavigationProvider,
  type LinkProps,
  type Navigation,
  type NavLinkProps,
} from '../lib/navigation';

// Without the attribute the router adds for discovering routes, which this app does not use: the
// links render as islands render them (lib/navigation.tsx), so they hydrate alike.
const Link = (props: LinkProps) => <RouterLink discover="none" {...props} />;
const NavLink = (props: NavLinkProps) => <RouterNavLink discover="none" {...props} />;

/** The shell's links and moves between pages, through the app's router: no page is reloaded. */
export function RouterNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const navigation = useMemo<Navigation>(
    () => ({ Link, NavLink, navigate: (to) => Promise.resolve(navigate(to)) }),
    [navigate],
  );
  return <NavigationProvider navigation={navigation}>{children}</NavigationProvider>;
}
