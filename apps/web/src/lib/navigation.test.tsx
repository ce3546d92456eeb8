import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isActivePath, Link, NavLink } from './navigation';

describe('isActivePath', () => {
  it('marks a link current on its page and the pages below it, as the router does', () => {
    expect(isActivePath('/flotte', '/flotte')).toBe(true);
    expect(isActivePath('/flotte', '/flotte/luxe')).toBe(true);
    expect(isActivePath('/flotte', '/flotte-bis')).toBe(false);
    expect(isActivePath('/flotte', '/flotte/luxe', true)).toBe(false);
    expect(isActivePath('/#reserver', '/')).toBe(true);
    expect(isActivePath('/', '/flotte')).toBe(false);
  });
});

describe('links without a router (a page of islands)', () => {
  it('are plain links to their page, the current one marked', () => {
    window.history.replaceState(null, '', '/flotte');
    render(
      <nav>
        <NavLink to="/flotte" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Flotte
        </NavLink>
        <NavLink to="/" end>
          Accueil
        </NavLink>
        <Link to="/conditions">Conditions</Link>
      </nav>,
    );
    const fleet = screen.getByRole('link', { name: 'Flotte' });
    expect(fleet).toHaveAttribute('href', '/flotte');
    expect(fleet).toHaveAttribute('aria-current', 'page');
    expect(fleet).toHaveClass('on');
    expect(screen.getByRole('link', { name: 'Accueil' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Conditions' })).toHaveAttribute('href', '/conditions');
  });
});
