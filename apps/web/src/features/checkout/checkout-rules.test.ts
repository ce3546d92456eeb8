import { beforeEach, describe, expect, it } from 'vitest';
import type { Profile } from '@vroum/core/profile';
import { checkCard, formatCardNumber, formatExpiry } from './card-input';
import {
  parseCheckoutState,
  readSavedCheckout,
  resolveCheckout,
  saveCheckout,
} from './checkout-storage';
import {
  checkDriver,
  differsFromProfile,
  driverFromProfile,
  emptyDriver,
  type DriverValues,
} from './driver-info';

const driver: DriverValues = {
  firstName: 'Camille',
  lastName: 'Lefèvre',
  dateOfBirth: '1985-06-15',
  licenseNumber: '12AB34567',
  licenseIssueDate: '2005-09-01',
  licenseCountry: 'FR',
  email: 'camille@example.fr',
  phone: '+33 6 11 22 33 44',
  address: '8 rue de la Paix',
  city: 'Paris',
  postalCode: '75002',
  country: 'FR',
};

const state = {
  vehicleSlug: 'porsche-panamera',
  deliveryAddress: '10 rue de Rivoli, 75001 Paris',
  deliveryFeeCents: 0,
  returnAddress: '',
  returnFeeCents: 0,
  startDate: '2030-05-01T08:00:00.000Z',
  endDate: '2030-05-04T08:00:00.000Z',
  withDriver: false,
  unlimitedKm: false,
  protection: 'complete',
  options: ['baby_seat'],
};

describe('checkout step 1', () => {
  it('requires all twelve fields after trimming', () => {
    const check = checkDriver({ ...driver, city: '   ' });
    expect(check).toMatchObject({
      ok: false,
      title: 'Informations manquantes',
      message: 'Veuillez remplir tous les champs obligatoires.',
      invalid: ['city'],
    });
    expect(checkDriver(emptyDriver()).ok).toBe(false);
  });

  it('refuses an e-mail without the simple address pattern', () => {
    expect(checkDriver({ ...driver, email: 'camille@example' })).toMatchObject({
      ok: false,
      title: 'Email invalide',
      message: 'Veuillez entrer une adresse email valide.',
    });
  });

  it('hands over trimmed values', () => {
    const check = checkDriver({ ...driver, firstName: '  Camille ' });
    expect(check.ok && check.driver.firstName).toBe('Camille');
  });

  it('prefills from the profile; a country outside the list becomes Other', () => {
    const profile = {
      email: 'camille@example.fr',
      firstName: 'Camille',
      lastName: null,
      phone: null,
      dateOfBirth: '1985-06-15',
      address: null,
      city: 'Monaco',
      postalCode: null,
      country: 'MC',
    } as Profile;
    expect(driverFromProfile(profile, 'other@example.fr')).toMatchObject({
      firstName: 'Camille',
      lastName: '',
      email: 'camille@example.fr',
      city: 'Monaco',
      country: 'Other',
      licenseCountry: 'FR',
    });
    expect(driverFromProfile(undefined, 'me@example.fr').email).toBe('me@example.fr');
  });

  it('prefills the licence kept in the profile, and offers to keep only what is new', () => {
    const profile = {
      email: 'camille@example.fr',
      firstName: 'Camille',
      lastName: 'Roussel',
      phone: '+33 6 98 76 54 32',
      dateOfBirth: '1985-06-15',
      address: '18 quai des Chartrons',
      city: 'Bordeaux',
      postalCode: '33000',
      country: 'FR',
      licenseNumber: '09XY87654',
      licenseIssueDate: '2003-09-15',
      licenseCountry: 'BE',
    } as Profile;
    const prefilled = driverFromProfile(profile, 'camille@example.fr');
    expect(prefilled).toMatchObject({ licenseNumber: '09XY87654', licenseCountry: 'BE' });
    expect(differsFromProfile(prefilled, profile, 'camille@example.fr')).toBe(false);
    expect(differsFromProfile({ ...prefilled, email: 'autre@example.fr' }, profile, '')).toBe(
      false,
    );
    expect(differsFromProfile({ ...prefilled, city: 'Lyon' }, profile, '')).toBe(true);
    expect(differsFromProfile(prefilled, undefined, 'camille@example.fr')).toBe(true);
  });
});

describe('card form', () => {
  it('groups the number by four and writes the expiry MM/AA', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('4')).toBe('04/');
    expect(formatExpiry('12', '12/')).toBe('1');
  });

  it('checks the shape of the card before sending it', () => {
    const now = new Date('2026-03-15T12:00:00Z');
    expect(checkCard({ number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }, now)).toEqual({
      ok: true,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
    });
    expect(checkCard({ number: '4242', expiry: '02/26', cvc: '1' }, now)).toEqual({
      ok: false,
      invalid: ['number', 'expiry', 'cvc'],
    });
    expect(checkCard({ number: '4242424242424242', expiry: '03/26', cvc: '123' }, now).ok).toBe(
      true,
    );
  });
});

describe('checkout state', () => {
  beforeEach(() => sessionStorage.clear());

  it('accepts the state of the options page and rejects anything else', () => {
    expect(parseCheckoutState(state)).toEqual(state);
    expect(parseCheckoutState(null)).toBeNull();
    expect(parseCheckoutState({ ...state, vehicleSlug: '' })).toBeNull();
    expect(parseCheckoutState({ ...state, protection: undefined })).toBeNull();
    expect(parseCheckoutState({ ...state, options: ['baby_seat', 'jetpack'] })).toEqual(state);
  });

  it('keeps the attempt of the same rental and starts a new one for another', () => {
    const first = resolveCheckout(state)!;
    saveCheckout(first);
    expect(resolveCheckout(undefined)).toEqual(first);
    expect(resolveCheckout(state)!.attempt.idempotencyKey).toBe(first.attempt.idempotencyKey);
    const other = resolveCheckout({ ...state, options: [] })!;
    expect(other.attempt.idempotencyKey).not.toBe(first.attempt.idempotencyKey);
    expect(readSavedCheckout()?.state).toEqual(state);
  });

  it('has nothing to show without a state or a saved copy', () => {
    expect(resolveCheckout(undefined)).toBeNull();
  });
});
