import { clsx } from 'clsx';
import {
  createContext,
  useContext,
  type AnchorHTMLAttributes,
  type ComponentType,
  type ReactNode,
} from 'react';

/** A link to a page of the site: its path, with its query string and hash. */
export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  children?: ReactNode;
}

/** A link of a menu of pages, marked as the current page when the visitor is on it. */
export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** Current only on this exact path, not on the paths below it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
}

/**
 * How the site's shell (header, booking module, assistant) moves between pages. The app provides
 * its router's (app/router-navigation.tsx). A page the server rendered whose only interactive
 * parts are hydrated as islands (islands.tsx) has no router: its links load the next page as
 * a document, which the server renders in turn. So the shell never imports the router, and the
 * first load of such a page leaves it out.
 */
export interface Navigation {
  Link: ComponentType<LinkProps>;
  NavLink: ComponentType<NavLinkProps>;
  /**
   * Goes to `to`; resolves once the page shown is that one. Going where the visitor already is
   * resolves at once and changes nothing.
   */
  navigate: (to: string) => Promise<void>;
}

/** The path part of a link (no query string, no hash). */
function pathOf(to: string): string {
  return new URL(to, 'http://site.invalid').pathname;
}

/** A NavLink's state, as the router computes it: the same path, or a path below it. */
export function isActivePath(to: string, pathname: string, end = false): boolean {
  const target = pathOf(to).replace(/(.)\/$/, '$1');
  if (pathname === target) return true;
  return !end && (target === '/' ? false : pathname.startsWith(`${target}/`));
}

function DocumentLink({ to, children, ...props }: LinkProps) {
  return (
    <a href={to} {...props}>
      {children}
    </a>
  );
}

function DocumentNavLink({ to, end, className, children, ...props }: NavLinkProps) {
  const isActive = isActivePath(to, window.location.pathname, end);
  return (
    <a
      href={to}
      aria-current={isActive ? 'page' : undefined}
      className={
        typeof className === 'function'
          ? className({ isActive })
          : clsx(className, isActive && 'active')
      }
      {...props}
    >
      {children}
    </a>
  );
}

/** Page to page as documents: each link loads the next page from the server. */
export const documentNavigation: Navigation = {
  Link: DocumentLink,
  NavLink: DocumentNavLink,
  navigate(to) {
    const target = new URL(to, window.location.href);
    const here = new URL(window.location.href);
    if (target.pathname === here.pathname && target.search === here.search) {
      // The same page: at most another place in it.
      if (target.hash !== here.hash) window.location.hash = target.hash;
      return Promise.resolve();
    }
    window.location.assign(target.href);
    // The document is being replaced: nothing after this runs in it.
    return new Promise<void>(() => undefined);
  },
};

const NavigationContext = createContext<Navigation>(documentNavigation);

export function NavigationProvider({
  navigation,
  children,
}: {
  navigation: Navigation;
  children: ReactNode;
}) {
  return <NavigationContext.Provider value={navigation}>{children}</NavigationContext.Provider>;
}

export function useNavigation(): Navigation {
  return useContext(NavigationContext);
}

export function Link(props: LinkProps) {
  const { Link: Implementation } = useNavigation();
  return <Implementation {...props} />;
}

export function NavLink(props: NavLinkProps) {
  const { NavLink: Implementation } = useNavigation();
  return <Implementation {...props} />;
}
