import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReconciliationDifference } from '@vroum/core/ledger';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/responses';
import { ReconciliationSection } from './reconciliation-section';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const plain = (element: HTMLElement) => (element.textContent ?? '').replace(/[\u202f\u00a0]/g, ' ');

const difference = (overrides: Partial<ReconciliationDifference>): ReconciliationDifference => ({
  id: 1,
  bookingId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  reference: 'A1B2C3D4',
  provider: 'stripe',
  providerRef: 'pi_3Px1',
  measure: 'refunded',
  ledgerCents: 10_000,
  processorCents: 0,
  detectedAt: '2026-12-05T09:00:00.000Z',
  checkedAt: '2026-12-05T10:15:00.000Z',
  ...overrides,
});

function renderSection(answer: () => Response) {
  const fetchMock = vi.fn((_input: RequestInfo | URL) => Promise.resolve(answer()));
  vi.stubGlobal('fetch', fetchMock);
  const onShowBooking = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ReconciliationSection onShowBooking={onShowBooking} />
    </QueryClientProvider>,
  );
  return { fetchMock, onShowBooking, user: userEvent.setup() };
}

describe('ReconciliationSection', () => {
  it('lists each open difference: what was measured, both amounts, the gap in words, the dates', async () => {
    const { fetchMock } = renderSection(() =>
      jsonResponse({
        differences: [
          difference({}),
          difference({
            id: 2,
            reference: 'E5F6G7H8',
            provider: 'sandbox',
            providerRef: 'pi_sandbox_9',
            measure: 'held',
            ledgerCents: 150_000,
            processorCents: 200_000,
          }),
        ],
      }),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Chargement du rapprochement...');
    const list = await screen.findByRole('list', { name: 'Écarts de rapprochement' });
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/v1/admin/reconciliation');
    const section = screen.getByRole('region', { name: 'Rapprochement' });
    expect(section).toHaveTextContent('2 écarts à examiner');

    const [refunded, held] = within(list).getAllByRole('listitem');
    const facts = (item: HTMLElement) =>
      Object.fromEntries(
        within(item)
          .getAllByRole('term')
          .map((term) => [plain(term), plain(term.nextElementSibling as HTMLElement)]),
      );
    expect(refunded).toHaveTextContent('Montant remboursé');
    expect(refunded).toHaveTextContent('Stripe · pi_3Px1');
    expect(facts(refunded!)).toEqual({
      Registre: '100,00 €',
      Prestataire: '0,00 €',
      Écart: '100,00 € de moins chez le prestataire',
    });
    // 09:00 and 10:15 UTC in December: 10:00 and 11:15 in Paris.
    expect(refunded).toHaveTextContent(
      'Détecté le 05 déc. 2026, 10:00 · vérifié le 05 déc. 2026, 11:15',
    );
    expect(held).toHaveTextContent('Caution retenue');
    expect(held).toHaveTextContent('Processeur de test · pi_sandbox_9');
    expect(facts(held!)).toEqual({
      Registre: '1 500,00 €',
      Prestataire: '2 000,00 €',
      Écart: '500,00 € de plus chez le prestataire',
    });
  });

  it('shows the booking of a difference in the list when its reference is chosen', async () => {
    const { onShowBooking, user } = renderSection(() =>
      jsonResponse({ differences: [difference({})] }),
    );
    const reference = await screen.findByRole('button', {
      name: 'Afficher la réservation A1B2C3D4',
    });
    expect(reference).toHaveTextContent('A1B2C3D4');
    expect(screen.getByRole('region', { name: 'Rapprochement' })).toHaveTextContent(
      '1 écart à examiner',
    );
    await user.click(reference);
    expect(onShowBooking).toHaveBeenCalledWith('A1B2C3D4');
  });

  it('says so when the ledger and the processor agree', async () => {
    renderSection(() => jsonResponse({ differences: [] }));
    expect(
      await screen.findByText('Aucun écart entre le registre et le prestataire de paiement.'),
    ).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Rapprochement' });
    expect(within(section).queryByRole('list')).toBeNull();
    expect(section).not.toHaveTextContent('à examiner');
  });

  it('shows a failure with a way to try again', async () => {
    const { fetchMock, user } = renderSection(() =>
      jsonResponse({ error: { code: 'internal', message: 'Service indisponible.' } }, 503),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Service indisponible.');
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
