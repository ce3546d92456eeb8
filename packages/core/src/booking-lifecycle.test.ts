import { describe, expect, it } from 'vitest';
import { adminStatusMoves, canTransition, forbiddenTransitionMessage } from './booking-lifecycle';

describe('the booking lifecycle', () => {
  it('goes pending → confirmed → active → completed', () => {
    expect(canTransition('pending', 'confirmed')).toBe(true);
    expect(canTransition('confirmed', 'active')).toBe(true);
    expect(canTransition('active', 'completed')).toBe(true);
  });

  it('cancels only from pending or confirmed', () => {
    expect(canTransition('pending', 'cancelled')).toBe(true);
    expect(canTransition('confirmed', 'cancelled')).toBe(true);
    expect(canTransition('active', 'cancelled')).toBe(false);
    expect(canTransition('completed', 'cancelled')).toBe(false);
  });

  it('never leaves completed or cancelled, never goes back, never skips the handover', () => {
    expect(canTransition('cancelled', 'confirmed')).toBe(false);
    expect(canTransition('completed', 'active')).toBe(false);
    expect(canTransition('confirmed', 'pending')).toBe(false);
    expect(canTransition('confirmed', 'completed')).toBe(false);
  });

  it('offers the administrator every allowed move except the handover', () => {
    expect(adminStatusMoves('pending')).toEqual(['confirmed', 'cancelled']);
    expect(adminStatusMoves('confirmed')).toEqual(['cancelled']);
    expect(adminStatusMoves('active')).toEqual(['completed']);
    expect(adminStatusMoves('cancelled')).toEqual([]);
  });

  it('says in French which move is refused', () => {
    expect(forbiddenTransitionMessage('cancelled', 'confirmed')).toBe(
      'Une réservation « Annulée » ne peut pas passer à « Confirmée ».',
    );
  });
});
