import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AdminBooking } from '@vroum/core/admin';
import type { RefundablePayment } from '@vroum/core/refunds';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/responses';
import { RefundDialog } from './refund-dialog';

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

const plain = (text: string | null) => (text ?? '').replace(/[\u202f\u00a0]/g, ' ');

const BOOKING = {
  id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  reference: 'A1B2C3D4',
  refundableCents: 28_500,
} as AdminBooking;

const payment = (overrides: Partial<RefundablePayment>): RefundablePayment => ({
  id: 11,
  kind: 'rental_capture',
  providerRef: 'pi_sandbox_rental',
  capturedCents: 19_000,
  refundedCents: 0,
  refundableCents: 19_000,
  note: null,
  createdAt: '2026-07-14T08:05:00.000Z',
  ...overrides,
});

function renderDialog(payments: RefundablePayment[]) {
  const fetchMock = vi.fn((input: RequestInfo | URL, _init?: RequestInit) =>
    Promise.resolve(
      String(input).endsWith('/payments') ? jsonResponse({ payments }) : jsonResponse(BOOKING),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RefundDialog booking={BOOKING} onClose={() => {}} />
    </QueryClientProvider>,
  );
  return { fetchMock, user: userEvent.setup() };
}

describe('RefundDialog', () => {
  it('lists the booking’s payments with what is refundable on each, and refunds the one chosen', async () => {
    const { fetchMock, user } = renderDialog([
      payment({}),
      payment({
        id: 12,
        kind: 'extension_payment',
        providerRef: 'pi_sandbox_extension',
        capturedCents: 9_500,
        refundableCents: 9_500,
        note: 'Prolongation jusqu’au lundi 12 juin 2028 à 10:00',
      }),
    ]);
    const choice = await screen.findByRole('group', { name: 'Paiement à rembourser' });
    const radios = within(choice).getAllByRole('radio');
    expect(radios.map((radio) => plain(radio.parentElement!.textContent))).toEqual([
      'Tous les paiements, du plus récent au plus ancien · remboursable : 285,00 €',
      'Location · encaissé : 190,00 € · remboursable : 190,00 €',
      'Prolongation jusqu’au lundi 12 juin 2028 à 10:00 · encaissé : 95,00 € · remboursable : 95,00 €',
    ]);
    expect(radios[0]).toBeChecked();

    await user.click(radios[2]!);
    expect(screen.getByLabelText('Montant à rembourser (€)')).toHaveValue('95,00');
    await user.clear(screen.getByLabelText('Montant à rembourser (€)'));
    await user.type(screen.getByLabelText('Montant à rembourser (€)'), '96');
    await user.click(screen.getByRole('button', { name: 'Confirmer le remboursement' }));
    expect(
      plain(
        await screen
          .findByText(/dépasse ce qui reste remboursable sur ce paiement/)
          .then((node) => node.textContent),
      ),
    ).toBe(
      'Le montant du remboursement dépasse ce qui reste remboursable sur ce paiement (95,00 €).',
    );

    await user.clear(screen.getByLabelText('Montant à rembourser (€)'));
    await user.type(screen.getByLabelText('Montant à rembourser (€)'), '40');
    await user.click(screen.getByRole('button', { name: 'Confirmer le remboursement' }));
    // The refund, then the payments read again with what now remains.
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    const [url, init] = fetchMock.mock.calls.find(([, request]) => request?.method === 'POST')!;
    expect(String(url)).toContain(`/api/v1/admin/bookings/${BOOKING.id}/refund`);
    expect(JSON.parse(String(init?.body))).toEqual({ amountCents: 4_000, paymentId: 12 });
  });

  it('keeps the single form of a booking paid once', async () => {
    renderDialog([payment({})]);
    expect(await screen.findByText(/Réservation A1B2C3D4 · encaissé restant/)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Paiement à rembourser' })).toBeNull();
  });
});
