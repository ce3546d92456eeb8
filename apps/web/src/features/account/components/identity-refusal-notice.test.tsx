import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { MyIdentity } from '@vroum/core/rental-steps';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/responses';
import { AccountStatusBadge } from './account-status-badge';
import { IdentityRefusalNotice } from './identity-refusal-notice';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const BOOKING_ID = '7f1f3a52-4a7e-4d55-9a8e-3f0c1d2b6e10';
const REASON = 'Document illisible ou incomplet : Le verso du permis est flou';

function renderNotice(answer: MyIdentity) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(jsonResponse(answer))),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <AccountStatusBadge status="rejected" />
        <IdentityRefusalNotice fallbackReason={REASON} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('a refused identity on the profile', () => {
  it('says calmly what was refused and why, and leads to sending new documents', async () => {
    renderNotice({
      refusal: { bookingId: BOOKING_ID, reason: REASON, refusedFiles: ['licence_back'] },
    });
    const notice = screen.getByRole('region', { name: 'Vos documents d’identité sont à renvoyer' });
    expect(notice).toHaveTextContent(`Notre équipe n’a pas pu valider votre identité : ${REASON}.`);
    expect(
      await screen.findByRole('link', { name: 'Envoyer de nouveaux documents' }),
    ).toHaveAttribute('href', `/reservation/${BOOKING_ID}/identite`);
    expect(notice).toHaveTextContent('À renvoyer : permis de conduire — verso.');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Documents à renvoyer')).toBeVisible();
    expect(document.body.textContent).not.toMatch(/rejeté/i);
  });
});
