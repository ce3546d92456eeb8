import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useScrollToHash } from './use-scroll-to-hash';

// jsdom lays nothing out and has no scrollIntoView: the test gives one and takes it back.
const { scrollIntoView } = Element.prototype;
afterEach(() => {
  cleanup();
  Element.prototype.scrollIntoView = scrollIntoView;
});

function List({ ready }: { ready: boolean }) {
  useScrollToHash(ready);
  return ready ? (
    <ul>
      <li id="dommages-A1B2C3D4" tabIndex={-1}>
        Dommages A1B2C3D4
      </li>
    </ul>
  ) : (
    <p>Chargement...</p>
  );
}

describe('a link to an item of a list that loads later', () => {
  it('brings the item the hash names into view and focuses it once the list is there', () => {
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    const at = (ready: boolean) => (
      <MemoryRouter initialEntries={['/admin?tab=reservations&vue=dommages#dommages-A1B2C3D4']}>
        <List ready={ready} />
      </MemoryRouter>
    );
    const { rerender } = render(at(false));
    expect(scroll).not.toHaveBeenCalled();
    rerender(at(true));
    expect(scroll).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Dommages A1B2C3D4')).toHaveFocus();
  });
});
