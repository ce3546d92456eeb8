import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/responses';
import { FleetBlockFormDialog } from './fleet-block-form-dialog';

vi.mock('../../../lib/toast', () => ({
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
}));

beforeAll(() => {
  // jsdom has the <dialog> element but not its modal opening.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const URUS = '0a61f51e-3e9a-425f-a145-05d643a28bb2';
const CLAIM = '5b1c3a9e-2f4d-4c8b-9a7e-1d2c3b4a5f60';
const REFUSAL =
  'Ce véhicule est réservé sur cette période\u00a0: VP-7K2M9Q (du 3\u00a0déc. 2026, 10:00 au 5\u00a0déc. 2026, 10:00). Déplacez ou annulez ces réservations avant de l’immobiliser.';

/** The form as a damage claim opens it, against a server that refuses the block over a booking. */
function renderRepairBlock() {
  const fetchMock = vi.fn((url: string) =>
    Promise.resolve(
      url.includes('/admin/vehicles')
        ? jsonResponse({ vehicles: [{ id: URUS, name: 'Lamborghini Urus' }] })
        : jsonResponse({ error: { code: 'vehicle_booked', message: REFUSAL } }, 409),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <FleetBlockFormDialog
        open
        block={null}
        draft={{
          vehicleId: URUS,
          kind: 'repair',
          reason: 'Réparation des dommages constatés au retour de la réservation VP-4H8T2C.',
          damageClaimId: CLAIM,
        }}
        onClose={() => {}}
      />
    </QueryClientProvider>,
  );
  return { fetchMock, user: userEvent.setup() };
}

describe('the console’s fleet block form', () => {
  it('opens a damage claim’s repair block filled in, sends it with the claim, and keeps a refusal over bookings in view', async () => {
    const { fetchMock, user } = renderRepairBlock();
    const vehicle = screen.getByRole('combobox', { name: 'Véhicule *' });
    await screen.findByRole('option', { name: 'Lamborghini Urus' });
    expect(vehicle).toHaveValue(URUS);
    expect(screen.getByRole('combobox', { name: 'Type *' })).toHaveValue('repair');
    expect(screen.getByLabelText('Motif *')).toHaveValue(
      'Réparation des dommages constatés au retour de la réservation VP-4H8T2C.',
    );

    await user.click(screen.getByRole('button', { name: 'Immobiliser' }));
    const sent = fetchMock.mock.calls.find(([url]) => url.includes('/admin/fleet-blocks'));
    const init = (sent as unknown as [string, RequestInit])[1];
    expect(JSON.parse(init.body as string)).toMatchObject({
      vehicleId: URUS,
      kind: 'repair',
      damageClaimId: CLAIM,
    });
    expect((await screen.findByRole('alert')).textContent).toBe(REFUSAL);
  });

  it('refuses an end before the start under the end, without asking the server', async () => {
    const { fetchMock, user } = renderRepairBlock();
    const end = screen.getByLabelText('Fin (heure de Paris) *');
    await user.clear(end);
    await user.type(end, '2020-01-01T10:00');
    await user.click(screen.getByRole('button', { name: 'Immobiliser' }));
    expect(end).toHaveAccessibleDescription(
      expect.stringContaining('La fin de l’immobilisation doit suivre son début.'),
    );
    expect(fetchMock.mock.calls.some(([url]) => url.includes('/admin/fleet-blocks'))).toBe(false);
  });
});
