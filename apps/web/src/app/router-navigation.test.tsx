import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NavLink } from '../lib/navigation';
import { RouterNavigation } from './router-navigation';

describe('links inside the app', () => {
  it('move between pages through the router, without loading a document', async () => {
    function Page({ name }: { name: string }) {
      const { pathname } = useLocation();
      return (
        <RouterNavigation>
          <h1>{`${name} ${pathname}`}</h1>
          <NavLink to="/flotte">Flotte</NavLink>
        </RouterNavigation>
      );
    }
    const router = createMemoryRouter([
      { path: '/', element: <Page name="Accueil" /> },
      { path: '/flotte', element: <Page name="Flotte" /> },
    ]);
    render(<RouterProvider router={router} />);
    await userEvent.click(screen.getByRole('link', { name: 'Flotte' }));
    expect(await screen.findByRole('heading', { name: 'Flotte /flotte' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Flotte' })).toHaveAttribute('aria-current', 'page');
  });
});
