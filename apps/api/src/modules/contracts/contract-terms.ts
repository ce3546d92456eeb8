import { createHash } from 'node:crypto';
import { findExtra } from '@vroum/core/extras';
import { EXTRA_KM_CENTS, INCLUDED_KM_PER_RENTAL, rentalDays } from '@vroum/core/pricing';
import { findProtectionPlan } from '@vroum/core/protection';
import type { Queryable } from '../../db/client';
import {
  findContractAmendments,
  findContractTermsRow,
  type ContractTermsRow,
} from './contracts.repository';

/** Everything the contract states about one booking: a change to any of it is a new version. */
export interface ContractTerms {
  bookingId: string;
  reference: string;
  customer: { name: string; email: string; phone: string; address: string };
  driver: {
    name: string;
    dateOfBirth: string;
    licenseNumber: string;
    licenseIssueDate: string;
    licenseCountry: string;
  };
  vehicle: { name: string; category: string; registration: string };
  pickupDate: string;
  returnDate: string;
  deliveryAddress: string;
  returnAddress: string;
  withDriver: boolean;
  lines: { label: string; amountCents: number }[];
  totalCents: number;
  depositCents: number;
  protection: { name: string; excess: string };
  kilometres: { included: string; extraKmCents: number };
  /**
   * The extensions paid since the booking, each an amendment (avenant) to the contract; absent
   * when there is none, so a contract never extended keeps the fingerprint it was signed with.
   */
  amendments?: ContractAmendment[];
}

export interface ContractAmendment {
  number: number;
  fromDate: string;
  toDate: string;
  days: number;
  lines: { label: string; amountCents: number }[];
  totalCents: number;
  paidAt: string;
}

/** Reads the booking as the contract states it; null when there is no such booking. */
export async function readContractTerms(
  db: Queryable,
  bookingId: string,
): Promise<ContractTerms | null> {
  const row = await findContractTermsRow(db, bookingId);
  if (!row) return null;
  const amendments = (await findContractAmendments(db, bookingId)).map((extension, index) => ({
    number: index + 1,
    fromDate: extension.from_date.toISOString(),
    toDate: extension.to_date.toISOString(),
    days: extension.days,
    lines: extension.lines,
    totalCents: extension.amount_cents,
    paidAt: extension.settled_at.toISOString(),
  }));
  const terms = toTerms(row, amendments[0] ? new Date(amendments[0].fromDate) : row.return_date);
  return amendments.length > 0 ? { ...terms, amendments } : terms;
}

/** The terms as booked; `bookedReturn` is the return date the booking's price was for. */
function toTerms(row: ContractTermsRow, bookedReturn: Date): ContractTerms {
  const d = row.driver_info ?? {};
  const name = `${d.firstName ?? ''} ${d.lastName ?? ''}`.trim();
  const days = rentalDays(row.pickup_date, bookedReturn);
  const plan = findProtectionPlan(row.protection_plan);
  const lines = [
    {
      label: `Location ${row.name} (${days} jour${days > 1 ? 's' : ''})`,
      amountCents: row.base_price_cents,
    },
    { label: plan.name, amountCents: row.protection_cost_cents },
    {
      label: `Options : ${row.options.map((id) => findExtra(id).name).join(', ')}`,
      amountCents: row.options_cost_cents,
    },
    { label: 'Chauffeur', amountCents: row.chauffeur_cost_cents },
    { label: 'Kilométrage illimité', amountCents: row.unlimited_km_cost_cents },
    { label: 'Livraison', amountCents: row.delivery_fee_cents },
    { label: 'Restitution à une autre adresse', amountCents: row.return_fee_cents },
    { label: 'Remise', amountCents: -row.discount_cents },
  ].filter((line) => line.amountCents !== 0 || line.label === 'Livraison');
  // The allowance follows the rental's whole length, extensions included.
  const allDays = rentalDays(row.pickup_date, row.return_date);
  const included = row.unlimited_km
    ? 'Kilométrage illimité'
    : row.daily_km_limit
      ? `${row.daily_km_limit} km par jour (${row.daily_km_limit * allDays} km pour la location)`
      : `${INCLUDED_KM_PER_RENTAL} km inclus pour la location`;
  return {
    bookingId: row.id,
    reference: row.reference,
    customer: {
      name,
      email: row.customer_email ?? row.user_email ?? '',
      phone: d.phone ?? '',
      address: [d.address, d.postalCode, d.city].filter(Boolean).join(', '),
    },
    driver: {
      name,
      dateOfBirth: d.dateOfBirth ?? '',
      licenseNumber: d.licenseNumber ?? '',
      licenseIssueDate: d.licenseIssueDate ?? '',
      licenseCountry: d.licenseCountry ?? 'FR',
    },
    vehicle: {
      name: row.name,
      category: row.category,
      registration: row.registration ?? 'communiquée à la livraison',
    },
    pickupDate: row.pickup_date.toISOString(),
    returnDate: row.return_date.toISOString(),
    deliveryAddress: row.pickup_location,
    returnAddress: row.return_location,
    withDriver: row.with_driver,
    lines,
    totalCents: row.total_price_cents,
    depositCents: row.deposit_amount_cents,
    protection: { name: plan.name, excess: plan.excess },
    kilometres: { included, extraKmCents: row.unlimited_km ? 0 : EXTRA_KM_CENTS },
  };
}

/** The fingerprint of the terms: two versions with the same hash say the same thing. */
export const termsHash = (terms: ContractTerms) =>
  createHash('sha256').update(JSON.stringify(terms)).digest('hex');

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
