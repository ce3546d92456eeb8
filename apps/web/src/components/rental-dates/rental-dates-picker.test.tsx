import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Span } from './calendar-model';
import { RentalDatesPicker } from './rental-dates-picker';

const at = (iso: string) => Date.parse(iso);
// 3 March 2027, 10:00 in Paris; the car is taken from 10 March 10:00 to 14 March 10:00.
const NOW = at('2027-03-03T09:00:00Z');
const TAKEN: Span[] = [{ start: at('2027-03-10T09:00:00Z'), end: at('2027-03-14T09:00:00Z') }];

function renderPicker(taken = TAKEN, chosen = { start: '', end: '' }) {
  const onApply = vi.fn();
  render(
    <RentalDatesPicker
      start={chosen.start}
      end={chosen.end}
      editing="start"
      taken={taken}
      takenStatus="ready"
      now={NOW}
      until={NOW + 365 * 86_400_000}
      onApply={onApply}
    />,
  );
  return { onApply, user: userEvent.setup() };
}

const day = (name: string | RegExp) => screen.getByRole('button', { name });

describe('the rental calendar', () => {
  it('is a grid of French days moved through with the keyboard', async () => {
    const { user } = renderPicker([]);
    const grid = screen.getByRole('grid', { name: 'mars 2027' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['lu', 'ma', 'me', 'je', 've', 'sa', 'di']);
    // Today is the one day in the tab order.
    const today = day('mercredi 3 mars 2027');
    expect(today).toHaveAttribute('tabindex', '0');
    today.focus();
    const moves: [string, string][] = [
      ['{ArrowRight}', 'jeudi 4 mars 2027'],
      ['{ArrowDown}', 'jeudi 11 mars 2027'],
      ['{End}', 'dimanche 14 mars 2027'],
      ['{Home}', 'lundi 8 mars 2027'],
      ['{ArrowUp}', 'lundi 1er mars 2027, passé'],
      ['{ArrowLeft}', 'lundi 1er mars 2027, passé'],
      ['{PageDown}', 'jeudi 1er avril 2027'],
    ];
    for (const [keys, name] of moves) {
      await user.keyboard(keys);
      expect(day(name)).toHaveFocus();
    }
    expect(screen.getByRole('grid', { name: 'avril 2027' })).toBeInTheDocument();
    await user.keyboard('{PageUp}{ArrowRight}{ArrowRight}{Enter}');
    expect(day('mercredi 3 mars 2027, début de la location')).toHaveFocus();
    expect(screen.getByText(/Choisissez maintenant la date de fin/)).toBeInTheDocument();
    await user.keyboard('{ArrowRight}{ArrowRight} ');
    expect(day('vendredi 5 mars 2027, fin de la location')).toHaveFocus();
    expect(day(/^jeudi 4 mars 2027/).closest('td')).toHaveAttribute('aria-selected', 'true');
  }, 20_000);

  it('marks the past and the taken days, and offers times every half hour', async () => {
    const { user } = renderPicker();
    expect(day('mardi 2 mars 2027, passé')).toHaveAttribute('aria-disabled', 'true');
    // A taken day says so; pressed, it says why and what is free (below).
    expect(day('vendredi 12 mars 2027, déjà pris')).not.toHaveAttribute('aria-disabled');
    expect(day('mercredi 10 mars 2027, en partie pris')).not.toHaveAttribute('aria-disabled');
    expect(day('dimanche 14 mars 2027, en partie pris')).not.toHaveAttribute('aria-disabled');
    // A past day cannot be chosen.
    await user.click(day('mardi 2 mars 2027, passé'));
    expect(screen.getByText(/Choisissez la date de début, puis celle de fin/)).toBeInTheDocument();

    // On the first day of the booking, the times from 10:00 are taken.
    await user.click(day('mercredi 10 mars 2027, en partie pris'));
    const startTime = screen.getByRole('combobox', { name: 'Heure de début' });
    const times = within(startTime).getAllByRole<HTMLOptionElement>('option');
    expect(times[0]).toHaveTextContent('08:00');
    expect(times.at(-1)).toHaveTextContent('20:00');
    expect(times).toHaveLength(25);
    expect(times.filter((option) => !option.disabled).map((option) => option.text)).toEqual([
      '08:00',
      '08:30',
      '09:00',
      '09:30',
    ]);
    expect(startTime).toHaveValue('480');
  });

  it('refuses a start inside a taken period and proposes the nearest free one', async () => {
    const { user, onApply } = renderPicker();
    await user.click(day('vendredi 12 mars 2027, déjà pris'));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Le véhicule est déjà pris le vendredi 12 mars 2027.');
    expect(alert).toHaveTextContent(
      'Période libre la plus proche, de même durée : du dimanche 14 mars 2027 à 10:00 au lundi 15 mars 2027 à 10:00.',
    );
    await user.click(within(alert).getByRole('button', { name: 'Choisir ces dates' }));
    expect(onApply).toHaveBeenCalledWith({
      start: '2027-03-14T09:00:00.000Z',
      end: '2027-03-15T09:00:00.000Z',
    });
  });

  it('refuses a period over a taken one with the nearest free period of the same length', async () => {
    const { user, onApply } = renderPicker();
    await user.click(day('lundi 8 mars 2027'));
    await user.click(day('vendredi 12 mars 2027, déjà pris'));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Le véhicule est déjà pris pendant une partie de ces dates.');
    expect(alert).toHaveTextContent(
      'du samedi 6 mars 2027 à 10:00 au mercredi 10 mars 2027 à 10:00',
    );
    await user.click(screen.getByRole('button', { name: 'Valider ces dates' }));
    expect(onApply).not.toHaveBeenCalled();

    // Moved before the booking by hand, the period is free and taken.
    await user.click(day(/^mercredi 3 mars 2027/));
    await user.click(day(/^vendredi 5 mars 2027/));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Heure de fin' }), '18:00');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Valider ces dates' }));
    expect(onApply).toHaveBeenCalledWith({
      start: '2027-03-03T09:00:00.000Z',
      end: '2027-03-05T17:00:00.000Z',
    });
  }, 20_000);

  it('opened over a taken period, says so at once with the nearest free one', () => {
    renderPicker(TAKEN, { start: '2027-03-11T09:00:00.000Z', end: '2027-03-13T09:00:00.000Z' });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Le véhicule est déjà pris le jeudi 11 mars 2027 à 10:00.');
    expect(alert).toHaveTextContent(
      'du dimanche 14 mars 2027 à 10:00 au mardi 16 mars 2027 à 10:00',
    );
    expect(day('jeudi 11 mars 2027, déjà pris, début de la location')).toHaveAttribute(
      'tabindex',
      '0',
    );
  });
});
