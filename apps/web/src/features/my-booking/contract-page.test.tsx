import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ContractView, RentalSteps } from '@vroum/core/rental-steps';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/responses';
import { ContractPage } from './contract-page';

vi.mock('../../lib/toast', () => ({
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const BOOKING_ID = '7f1f3a52-4a7e-4d55-9a8e-3f0c1d2b6e10';
const SHA = 'a3f1c2d4e5b6978812345678901234567890abcdef1234567890abcdef123456';

const UNSIGNED: ContractView = {
  version: 1,
  status: 'draft',
  documentSha256: SHA,
  signedSha256: null,
  signedAt: null,
  signingUrl: null,
};
const SIGNED: ContractView = {
  ...UNSIGNED,
  status: 'signed',
  signedSha256: SHA.replace('a3', 'b4'),
  signedAt: '2026-12-01T09:05:00.000Z',
};

function renderContract(contract: ContractView) {
  const steps: RentalSteps = {
    bookingId: BOOKING_ID,
    identity: { state: 'done', provider: 'builtin', reason: null, refusedFiles: [] },
    contract: {
      state: contract.status === 'signed' ? 'done' : 'todo',
      provider: 'builtin',
      version: 1,
      signedAt: contract.signedAt,
    },
    ready: contract.status === 'signed',
  };
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      Promise.resolve(jsonResponse(url.endsWith('/steps') ? steps : contract)),
    ),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={[`/reservation/${BOOKING_ID}/contrat`]}>
      <QueryClientProvider client={client}>
        <Routes>
          <Route path="/reservation/:id/contrat" element={<ContractPage />} />
        </Routes>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('the contract page', () => {
  it('invites the customer to read the contract before signing, without its raw fingerprint', async () => {
    renderContract(UNSIGNED);
    expect(await screen.findByRole('link', { name: 'Lire le contrat (PDF)' })).toHaveAttribute(
      'href',
      `/api/v1/bookings/${BOOKING_ID}/contract/document`,
    );
    expect(screen.getByText(/Lisez-le avant de signer\./)).toBeInTheDocument();
    expect(screen.queryByText(/SHA-256|empreinte/i)).toBeNull();
    expect(document.body.textContent).not.toContain(SHA);
    expect(screen.getByRole('button', { name: 'Signer le contrat' })).toBeInTheDocument();
  });

  it('once signed, opens on the signed contract, worded as signed, and offers no unsigned copy', async () => {
    renderContract(SIGNED);
    const signedCard = (await screen.findByText(/^Contrat signé le/)).closest('[role="status"]');
    expect(signedCard).toHaveTextContent('Contrat signé le mardi 1er décembre 2026 à 10:05');
    const links = screen.getAllByRole('link').filter((link) => link.textContent !== '');
    const download = screen.getByRole('link', { name: 'Télécharger le contrat signé' });
    expect(download).toHaveAttribute(
      'href',
      `/api/v1/bookings/${BOOKING_ID}/contract/document?signed=true`,
    );
    // The way back to the booking, then the signed contract: nothing unsigned before it.
    expect(links.map((link) => link.textContent)).toEqual([
      'Retour à la réservation',
      'Télécharger le contrat signé',
    ]);
    expect(screen.queryByRole('link', { name: 'Lire le contrat (PDF)' })).toBeNull();
    expect(screen.queryByText(/Lisez-le avant de signer/)).toBeNull();
    expect(screen.queryByText(/SHA-256|empreinte/i)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Signer le contrat' })).toBeNull();
  });
});
