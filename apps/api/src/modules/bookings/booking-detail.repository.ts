import type { BookingDetail } from '@vroum/core/booking';
import { missionWindow } from '@vroum/core/mission-window';
import { rentalDays } from '@vroum/core/pricing';
import type { Queryable } from '../../db/client';

interface DetailRow {
  id: string;
  reference: string;
  user_id: string | null;
  customer_email: string | null;
  booking_status: BookingDetail['bookingStatus'];
  payment_status: BookingDetail['paymentStatus'];
  slug: string;
  name: string;
  category: string;
  image_url: string;
  price_per_day_cents: number;
  pickup_date: Date;
  return_date: Date;
  pickup_location: string;
  return_location: string;
  special_requests: string | null;
  base_price_cents: number;
  protection_cost_cents: number;
  options_cost_cents: number;
  chauffeur_cost_cents: number;
  unlimited_km_cost_cents: number;
  delivery_fee_cents: number;
  return_fee_cents: number;
  discount_cents: number;
  total_price_cents: number;
  extensions_cents: number;
  deposit_amount_cents: number;
  delivery_status: BookingDetail['delivery']['status'];
  return_status: BookingDetail['collection']['status'];
  return_mode: BookingDetail['collection']['mode'];
}

const SELECT = `select b.id, b.reference, b.user_id, coalesce(b.customer_email, u.email) as customer_email,
    b.booking_status, b.payment_status, v.slug, v.name, v.category, v.image_url, v.price_per_day_cents,
    b.pickup_date, b.return_date, b.pickup_location, b.return_location, b.special_requests,
    b.base_price_cents, b.protection_cost_cents, b.options_cost_cents, b.chauffeur_cost_cents,
    b.unlimited_km_cost_cents, b.delivery_fee_cents, b.return_fee_cents, b.discount_cents,
    b.total_price_cents, b.deposit_amount_cents, b.delivery_status, b.return_status, b.return_mode,
    (select coalesce(sum(e.amount_cents), 0)::int from rental_extensions e
      where e.booking_id = b.id and e.status = 'paid') as extensions_cents
  from bookings b join vehicles v on v.id = b.vehicle_id left join users u on u.id = b.user_id`;

export async function findBookingDetail(db: Queryable, id: string): Promise<DetailRow | null> {
  const { rows } = await db.query<DetailRow>(`${SELECT} where b.id = $1`, [id]);
  return rows[0] ?? null;
}

/** A booking by id or 8-character reference whose e-mail matches (case-insensitive). */
export async function findBookingByNumberAndEmail(
  db: Queryable,
  bookingNumber: string,
  email: string,
): Promise<DetailRow | null> {
  const byId = bookingNumber.length === 36;
  const { rows } = await db.query<DetailRow>(
    `${SELECT} where ${byId ? 'b.id = $1::uuid' : 'b.reference = upper($1)'}
       and lower(coalesce(b.customer_email, u.email)) = lower($2)
     order by b.created_at desc limit 1`,
    [bookingNumber, email],
  );
  return rows[0] ?? null;
}

export function toBookingDetail(row: DetailRow, personalDataVisible: boolean): BookingDetail {
  return {
    id: row.id,
    reference: row.reference,
    bookingStatus: row.booking_status,
    paymentStatus: row.payment_status,
    vehicle: {
      slug: row.slug,
      name: row.name,
      category: row.category,
      imageUrl: row.image_url,
      pricePerDayCents: row.price_per_day_cents,
    },
    pickupDate: row.pickup_date.toISOString(),
    returnDate: row.return_date.toISOString(),
    days: rentalDays(row.pickup_date, row.return_date),
    pickupLocation: personalDataVisible ? row.pickup_location : null,
    returnLocation: personalDataVisible ? row.return_location : null,
    specialRequests: personalDataVisible ? row.special_requests : null,
    personalDataVisible,
    basePriceCents: row.base_price_cents,
    protectionCostCents: row.protection_cost_cents,
    optionsCostCents: row.options_cost_cents,
    chauffeurCostCents: row.chauffeur_cost_cents,
    unlimitedKmCostCents: row.unlimited_km_cost_cents,
    deliveryFeeCents: row.delivery_fee_cents,
    returnFeeCents: row.return_fee_cents,
    discountCents: row.discount_cents,
    totalPriceCents: row.total_price_cents,
    extensionsCents: row.extensions_cents,
    depositAmountCents: row.deposit_amount_cents,
    delivery: { ...windowOf(row.pickup_date), status: row.delivery_status },
    collection: { ...windowOf(row.return_date), status: row.return_status, mode: row.return_mode },
  };
}

function windowOf(at: Date): { windowStart: string; windowEnd: string } {
  const { start, end } = missionWindow(at);
  return { windowStart: start.toISOString(), windowEnd: end.toISOString() };
}
