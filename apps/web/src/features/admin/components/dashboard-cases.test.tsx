import type { BusinessDashboard } from '@vroum/core/business-dashboard';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DashboardCases } from './dashboard-cases';

const booking = (reference: string) => ({
  bookingId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  reference,
  customerName: 'Camille Martin',
});

const cases: BusinessDashboard['cases'] = {
  identities: {
    count: 1,
    items: [
      {
        ...booking('AAAA1111'),
        checkId: '1a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
        submittedAt: '2026-12-05T09:00:00.000Z',
      },
    ],
  },
  damages: {
    count: 12,
    items: [
      {
        ...booking('BBBB2222'),
        claimId: '2a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
        vehicleName: 'Porsche Panamera',
        chargeableCents: 123_456,
        step: 'decide',
        recordedByYou: true,
      },
    ],
  },
  disputes: {
    count: 1,
    items: [
      {
        ...booking('CCCC3333'),
        disputeId: '3a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
        contestedCents: 45_000,
        openedAt: '2026-12-05T09:00:00.000Z',
      },
    ],
  },
  balancesDue: { count: 1, items: [{ ...booking('DDDD4444'), dueCents: 7_000 }] },
  differences: {
    count: 1,
    items: [
      {
        bookingId: booking('EEEE5555').bookingId,
        reference: 'EEEE5555',
        differenceId: 4,
        measure: 'captured',
        ledgerCents: 24_900,
        processorCents: 19_900,
      },
    ],
  },
};

const plain = (text: string | null) => (text ?? '').replace(/[\u202f\u00a0]/g, ' ');

describe('the dashboard’s cases', () => {
  it('links each case to its item in the console', () => {
    render(<DashboardCases data={{ cases } as BusinessDashboard} />);
    const link = (group: string, reference: string) =>
      within(screen.getByRole('list', { name: group }))
        .getByRole('link', { name: new RegExp(reference) })
        .getAttribute('href');
    expect(link('Identités à vérifier', 'AAAA1111')).toBe(
      '/admin?tab=utilisateurs&dialogue=identites',
    );
    expect(link('Dommages à décider', 'BBBB2222')).toBe(
      '/admin?tab=reservations&vue=dommages#dommages-BBBB2222',
    );
    expect(link('Contestations ouvertes', 'CCCC3333')).toBe(
      '/admin?tab=reservations&vue=dommages#contestation-CCCC3333',
    );
    expect(link('Soldes dus', 'DDDD4444')).toBe('/admin?tab=reservations&q=DDDD4444');
    expect(link('Écarts de rapprochement', 'EEEE5555')).toBe('/admin?tab=reservations&q=EEEE5555');
  });

  it('says in French what each case waits for, four eyes included, and leads to the rest', () => {
    render(<DashboardCases data={{ cases } as BusinessDashboard} />);
    const damages = screen.getByRole('list', { name: 'Dommages à décider' });
    expect(plain(damages.textContent)).toContain('Porsche Panamera, 1 234,56 €');
    expect(plain(damages.textContent)).toContain(
      'Constatés par vous : un autre administrateur décide',
    );
    expect(plain(screen.getByRole('list', { name: 'Soldes dus' }).textContent)).toContain(
      '70,00 € dus',
    );
    // Twelve claims, one listed: the view of them all is a link away.
    expect(screen.getByRole('link', { name: 'Tous les dommages' })).toHaveAttribute(
      'href',
      '/admin?tab=reservations&vue=dommages',
    );
  });
});
