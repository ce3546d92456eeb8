import type { BookingDetail } from '@vroum/core/booking';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AgentVisit } from './agent-visit';

// Delivery on Saturday 5 December 2026 at 10:00, return on Tuesday 8 at 11:00 (Paris time).
const booking = (overrides: Partial<BookingDetail> = {}): BookingDetail =>
  ({
    bookingStatus: 'confirmed',
    delivery: {
      windowStart: '2026-12-05T08:30:00.000Z',
      windowEnd: '2026-12-05T09:30:00.000Z',
      status: 'planned',
    },
    collection: {
      windowStart: '2026-12-08T09:30:00.000Z',
      windowEnd: '2026-12-08T10:30:00.000Z',
      status: 'planned',
      mode: 'address',
    },
    ...overrides,
  }) as BookingDetail;

describe('the agent’s visits on the booking page', () => {
  it('shows the delivery’s and the return’s windows as soon as the booking is confirmed', () => {
    render(<AgentVisit booking={booking()} />);
    expect(screen.getByRole('region', { name: 'Livraison' })).toHaveTextContent(
      'Livraison samedi 5 décembre, entre 09:30 et 10:30',
    );
    expect(screen.getByRole('region', { name: 'Restitution' })).toHaveTextContent(
      'Restitution mardi 8 décembre, entre 10:30 et 11:30',
    );
  });

  it('for a return at the agency, tells the window and the agency’s opening hours', () => {
    const atAgency = booking();
    render(
      <AgentVisit
        booking={{ ...atAgency, collection: { ...atAgency.collection, mode: 'agency' } }}
      />,
    );
    const visit = screen.getByRole('region', { name: 'Restitution' });
    expect(visit).toHaveTextContent(
      'Restitution à l’agence mardi 8 décembre, entre 10:30 et 11:30',
    );
    expect(visit).toHaveTextContent('L’agence vous accueille tous les jours de 08:00 à 20:00.');
  });

  it('once the car is handed over, shows the return alone', () => {
    render(<AgentVisit booking={booking({ bookingStatus: 'active' })} />);
    expect(screen.queryByRole('region', { name: 'Livraison' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Restitution' })).toBeVisible();
  });
});
