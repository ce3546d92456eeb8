import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { MissionDetail } from '@vroum/core/operations';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../lib/auth/auth-provider';
import { serveWithHeldSession, SIGNED_IN } from '../../test/held-session';
import { jsonResponse } from '../../test/responses';
import { MissionPage } from './mission-page';

vi.mock('../../lib/toast', () => ({
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const DEPART = /^Je pars\s: prévenir le client$/;
const BOOKING_ID = '7f1f3a52-4a7e-4d55-9a8e-3f0c1d2b6e10';

const MISSION: MissionDetail = {
  bookingId: BOOKING_ID,
  reference: '7F1F3A52',
  kind: 'delivery',
  at: '2026-12-01T09:00:00.000Z',
  windowStart: '2026-12-01T08:30:00.000Z',
  windowEnd: '2026-12-01T09:30:00.000Z',
  address: '10 rue de Rivoli, 75001 Paris',
  returnMode: 'address',
  customerName: 'Camille Lefèvre',
  customerPhone: '0612345678',
  vehicleName: 'Porsche Panamera',
  vehicleCategory: 'Luxe',
  bookingStatus: 'confirmed',
  identityState: 'in_review',
  contractState: 'todo',
  depositStatus: 'scheduled',
  handoverBlockers: ['identity', 'contract', 'deposit'],
  status: 'planned',
  agent: null,
  driver: {
    firstName: 'Camille',
    lastName: 'Lefèvre',
    dateOfBirth: '1985-03-12',
    licenseNumber: '12AB34567',
    licenseIssueDate: '2005-06-01',
  },
  handover: null,
};

function renderMission(mission: MissionDetail) {
  const answers = vi.fn(() => jsonResponse(mission));
  const server = serveWithHeldSession((url) =>
    url.includes('/agent/missions/') ? answers() : jsonResponse({}),
  );
  server.answerSession(SIGNED_IN);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={[`/equipe/mission/${BOOKING_ID}/delivery`]}>
      <QueryClientProvider client={client}>
        <AuthProvider>
          <Routes>
            <Route path="/equipe/mission/:bookingId/:kind" element={<MissionPage />} />
          </Routes>
        </AuthProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { answers };
}

describe('the agent’s mission page', () => {
  it('says at the top what the handover waits for, and offers neither « Je pars » nor the report', async () => {
    renderMission(MISSION);
    const blockers = await screen.findByRole('region', { name: 'Remise pas encore possible' });
    const missing = within(blockers)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(missing).toEqual([
      'Identité du conducteur\u00a0: en cours de vérification par l’équipe.',
      'Contrat\u00a0: pas encore signé par le client.',
      'Caution\u00a0: pas encore retenue sur la carte du client.',
    ]);
    // Above the mission's facts, where the agent looks first.
    const facts = screen.getByText('Camille Lefèvre', { selector: 'span' });
    expect(blockers.compareDocumentPosition(facts) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const depart = screen.getByRole('button', { name: DEPART });
    expect(depart).toBeDisabled();
    expect(depart).toHaveAccessibleDescription('Remise pas encore possible');
    expect(screen.queryByRole('form', { name: 'Remise du véhicule' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Valider la remise' })).toBeNull();
  });

  it('asks the server again on demand, and opens the handover once nothing is missing', async () => {
    const { answers } = renderMission(MISSION);
    await screen.findByRole('region', { name: 'Remise pas encore possible' });
    answers.mockImplementation(() =>
      jsonResponse({
        ...MISSION,
        identityState: 'done',
        contractState: 'done',
        depositStatus: 'held',
        handoverBlockers: [],
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Vérifier à nouveau' }));
    expect(await screen.findByRole('form', { name: 'Remise du véhicule' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Remise pas encore possible' })).toBeNull();
    expect(screen.getByRole('button', { name: DEPART })).toBeEnabled();
  });

  it('shows the mission’s steps in agreeing French and the customer’s number in pairs', async () => {
    renderMission({
      ...MISSION,
      identityState: 'done',
      contractState: 'done',
      depositStatus: 'held',
      handoverBlockers: [],
    });
    expect(await screen.findByText('Identité : Terminée', { normalizer: plain })).toBeVisible();
    expect(screen.getByText('Contrat : Signé', { normalizer: plain })).toBeVisible();
    const phone = screen.getByRole('link', { name: /06\s12\s34\s56\s78/ });
    expect(phone).toHaveAttribute('href', 'tel:0612345678');
    expect(phone.textContent).toBe('06\u00a012\u00a034\u00a056\u00a078');
    expect(screen.getByText(/^mardi 1er décembre, entre 09:30 et 10:30$/i)).toBeVisible();
  });
});

function plain(text: string) {
  return text.replace(/\s+/g, ' ').trim();
}
