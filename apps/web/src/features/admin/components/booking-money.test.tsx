import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AdminBooking } from '@vroum/core/admin';
import { ledgerTotals, type BookingLedger, type LedgerMovement } from '@vroum/core/ledger';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/responses';
import { MoneyMovements, MoneySummary } from './booking-money';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Intl and formatEuros put no-break spaces in amounts: compare on normal spaces.
const plain = (element: HTMLElement) =>
  (element.textContent ?? '').replace(/[\u202f\u00a0]/g, ' ').replace(/\s+/g, ' ');

const BOOKING = {
  id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  reference: 'A1B2C3D4',
  paidCents: 95_559,
  refundedCents: 1_050,
  depositHeldCents: 0,
  depositCapturedCents: 0,
  balanceDueCents: 12_000,
} as AdminBooking;

const movement = (overrides: Partial<LedgerMovement>): LedgerMovement => ({
  id: 1,
  kind: 'rental_capture',
  amountCents: 95_559,
  state: 'done',
  provider: 'sandbox',
  providerRef: 'pi_sandbox_123',
  note: null,
  createdAt: '2026-07-14T08:05:00.000Z',
  ...overrides,
});

const MOVEMENTS = [
  movement({}),
  movement({
    id: 2,
    kind: 'rental_refund',
    amountCents: 1_050,
    state: 'pending',
    createdAt: '2026-12-05T09:30:00.000Z',
  }),
  movement({
    id: 3,
    kind: 'balance_payment',
    amountCents: 12_000,
    provider: 'outside',
    providerRef: null,
    note: 'Virement reçu le 4 décembre',
    createdAt: '2026-12-06T16:45:00.000Z',
  }),
];
const LEDGER: BookingLedger = {
  bookingId: BOOKING.id,
  movements: MOVEMENTS,
  totals: ledgerTotals(MOVEMENTS),
};

function renderMovements(answer: () => Response) {
  const fetchMock = vi.fn((_input: RequestInfo | URL) => Promise.resolve(answer()));
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MoneyMovements booking={BOOKING} />
    </QueryClientProvider>,
  );
  return { fetchMock, user: userEvent.setup() };
}

describe('MoneySummary', () => {
  it('shows the amounts that are not zero, each with its name', () => {
    render(<MoneySummary booking={BOOKING} />);
    const terms = screen.getAllByRole('term').map((term) => plain(term));
    expect(terms).toEqual(['Payé :', 'Remboursé :', 'Reste dû :']);
    const amounts = screen.getAllByRole('definition').map((amount) => plain(amount));
    expect(amounts).toEqual(['955,59 €', '10,50 €', '120,00 €']);
    // Read or copied, each line says its name then its amount.
    expect(plain(screen.getAllByRole('term')[0]!.parentElement!)).toBe('Payé : 955,59 €');
  });

  it('shows nothing for a booking without money', () => {
    const { container } = render(
      <MoneySummary booking={{ ...BOOKING, paidCents: 0, refundedCents: 0, balanceDueCents: 0 }} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});

describe('MoneyMovements', () => {
  it('reads the ledger only once opened, then lists each movement in Paris time', async () => {
    const { fetchMock, user } = renderMovements(() => jsonResponse(LEDGER));
    const toggle = screen.getByRole('button', { name: /Mouvements d’argent/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const table = await screen.findByRole('table', { name: /réservation A1B2C3D4/ });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain(
      `/api/v1/admin/bookings/${BOOKING.id}/ledger`,
    );

    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map(plain);
    const [, capture, refund, payment] = within(table).getAllByRole('row');
    // 08:05 UTC in July is 10:05 in Paris; 09:30 UTC in December, 10:30.
    expect(cells(capture!)).toEqual([
      '14 juil. 2026, 10:05',
      'Location encaissée',
      '955,59 €',
      'Processeur de test · pi_sandbox_123',
    ]);
    expect(cells(refund!)).toEqual([
      '05 déc. 2026, 10:30',
      'Remboursementen cours',
      '10,50 €',
      'Processeur de test · pi_sandbox_123',
    ]);
    expect(within(refund!).getByText('en cours')).toBeInTheDocument();
    expect(cells(payment!)).toEqual([
      '06 déc. 2026, 17:45',
      'Règlement reçuVirement reçu le 4 décembre',
      '120,00 €',
      'Hors carte',
    ]);

    // The same movements, stacked for a phone.
    const stacked = screen.getByRole('list', { name: /réservation A1B2C3D4/ });
    const entries = within(stacked).getAllByRole('listitem');
    expect(entries).toHaveLength(3);
    for (const text of ['Remboursement', 'en cours', '05 déc. 2026, 10:30', 'pi_sandbox_123']) {
      expect(within(entries[1]!).getByText(text)).toBeInTheDocument();
    }
    expect(plain(entries[1]!)).toContain('10,50 €');
    expect(within(entries[2]!).getByText('Virement reçu le 4 décembre')).toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when the booking has no movement yet', async () => {
    const { user } = renderMovements(() =>
      jsonResponse({ ...LEDGER, movements: [], totals: ledgerTotals([]) }),
    );
    await user.click(screen.getByRole('button', { name: /Mouvements d’argent/ }));
    expect(
      await screen.findByText('Aucun mouvement d’argent pour cette réservation.'),
    ).toBeInTheDocument();
  });

  it('shows the server’s refusal with a way to try again', async () => {
    const { fetchMock, user } = renderMovements(() =>
      jsonResponse({ error: { code: 'not_found', message: 'Réservation introuvable.' } }, 404),
    );
    await user.click(screen.getByRole('button', { name: /Mouvements d’argent/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Réservation introuvable.');
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
