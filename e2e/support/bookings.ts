import { expect, type APIRequestContext } from '@playwright/test';
import { isoDateTime } from './dates';

export interface BookingStart {
  bookingId: string;
  reference: string;
  paymentIntentId: string;
  clientSecret: string;
  /** The rental's price, what the payment captures. */
  amountCents: number;
}

/** A main driver who meets every rental condition, with the given e-mail. */
export const driverFor = (email: string) => ({
  firstName: 'Camille',
  lastName: 'Lefèvre',
  dateOfBirth: '1985-06-15',
  licenseNumber: '12AB34567',
  licenseIssueDate: '2005-01-01',
  licenseCountry: 'FR',
  email,
  phone: '+33 6 11 22 33 44',
  address: '8 rue de la Paix',
  city: 'Paris',
  postalCode: '75002',
  country: 'FR',
});

/**
 * Starts a booking through the API as the checkout does (the request context must be signed
 * in): the car is held for 15 minutes and a payment intent is ready.
 */
export async function startBooking(
  api: APIRequestContext,
  baseURL: string,
  booking: {
    email: string;
    vehicleSlug: string;
    day: number;
    days?: number;
    /** Exact start and end instants, instead of `day` at 10:00 for `days` days. */
    startIso?: string;
    endIso?: string;
    protection?: string;
    options?: string[];
    specialRequests?: string;
    /** Overrides of the default driver (name, birth date…). */
    driver?: Partial<ReturnType<typeof driverFor>>;
  },
): Promise<BookingStart> {
  const created = await api.post('/api/v1/bookings', {
    headers: {
      'idempotency-key': `e2e-${booking.vehicleSlug}-${booking.day}-${Date.now()}`,
      origin: baseURL,
    },
    data: {
      vehicleSlug: booking.vehicleSlug,
      start: booking.startIso ?? isoDateTime(booking.day),
      end: booking.endIso ?? isoDateTime(booking.day + (booking.days ?? 2)),
      deliveryAddress: '10 rue de Rivoli, 75001 Paris',
      protection: booking.protection ?? 'none',
      options: booking.options ?? [],
      ...(booking.specialRequests ? { specialRequests: booking.specialRequests } : {}),
      driver: { ...driverFor(booking.email), ...booking.driver },
      acceptTerms: true,
    },
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as BookingStart;
}

/** Pays a started booking with the sandbox's always-accepted test card, then captures it. */
export async function payBooking(
  api: APIRequestContext,
  baseURL: string,
  start: BookingStart,
): Promise<void> {
  const confirmed = await api.post(
    `/api/v1/sandbox/payment-intents/${start.paymentIntentId}/confirm`,
    {
      headers: { origin: baseURL },
      data: {
        clientSecret: start.clientSecret,
        number: '4242424242424242',
        expMonth: 12,
        expYear: 2030,
        cvc: '123',
      },
    },
  );
  expect(confirmed.ok()).toBe(true);
  const captured = await api.post(`/api/v1/payments/${start.paymentIntentId}/capture`, {
    headers: { origin: baseURL },
  });
  expect(captured.ok()).toBe(true);
}
