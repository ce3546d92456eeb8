import type {
  BusinessDashboard,
  CarOccupancy,
  CategoryOccupancy,
  DashboardCases,
  DashboardMissions,
} from '@vroum/core/business-dashboard';
import type { Mission } from '@vroum/core/operations';
import { VEHICLE_CATEGORIES } from '@vroum/core/vehicle';
import { balancesDue, ledgerMovedIn, openDifferences } from '../bookings/money-ledger.service';
import { identityReviewQueue } from '../identity/identity.service';
import { issuedTotals } from '../invoicing/accounting.service';
import { damageClaims } from '../operations/damage-claims.service';
import { planning, type OperationsDeps } from '../operations/operations.service';
import { openDisputes } from '../operations/return-dispute-decision.service';
import { findOccupancy, parisMidnights, type CarOccupancyRow } from './dashboard.repository';

/** The dashboard reads what the planning, the identity queue and the ledger read. */
export type DashboardDeps = OperationsDeps;

/** How many cases of each kind the dashboard lists; the count says how many there are. */
const CASES_LISTED = 10;

const DAY_MS = 86_400_000;
const asNoon = (day: string) => new Date(`${day}T12:00:00Z`);
const dayOf = (date: Date) => date.toISOString().slice(0, 10);
/** The calendar day `count` days after `day`. */
const addDays = (day: string, count: number) =>
  dayOf(new Date(asNoon(day).getTime() + count * DAY_MS));

/** Today in Paris (yyyy-mm-dd). */
export const parisToday = (now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(now);

/** The week (Monday to Sunday) and the month of a Paris day, as calendar days. */
function calendarOf(day: string) {
  const noon = asNoon(day);
  const monday = addDays(day, -((noon.getUTCDay() + 6) % 7));
  const monthEnd = new Date(Date.UTC(noon.getUTCFullYear(), noon.getUTCMonth() + 1, 0, 12));
  return {
    week: { from: monday, to: addDays(monday, 6) },
    month: { from: `${day.slice(0, 7)}-01`, to: dayOf(monthEnd) },
  };
}

function weekOf(missions: readonly Mission[], midnights: readonly Date[], days: readonly string[]) {
  return days.map((day, index) => {
    const [start, end] = [midnights[index]!.getTime(), midnights[index + 1]!.getTime()];
    const of = (kind: Mission['kind']) =>
      missions.filter((mission) => {
        const at = Date.parse(mission.at);
        return mission.kind === kind && at >= start && at < end;
      }).length;
    return { day, deliveries: of('delivery'), returns: of('return') };
  });
}

function toCar(row: CarOccupancyRow): CarOccupancy {
  return {
    vehicleId: row.vehicle_id,
    name: row.name,
    category: row.category,
    bookings: row.bookings,
    blocks: row.blocks,
    bookedMinutes: row.booked_minutes,
    blockedMinutes: row.blocked_minutes,
    busyMinutes: row.busy_minutes,
  };
}

/** Each category's cars and their time summed, in the catalogue's order of categories. */
function byCategory(cars: readonly CarOccupancy[]): CategoryOccupancy[] {
  return VEHICLE_CATEGORIES.map((category) => {
    const own = cars.filter((car) => car.category === category);
    const sum = (key: 'bookedMinutes' | 'blockedMinutes' | 'busyMinutes') =>
      own.reduce((total, car) => total + car[key], 0);
    return {
      category,
      cars: own.length,
      bookedMinutes: sum('bookedMinutes'),
      blockedMinutes: sum('blockedMinutes'),
      busyMinutes: sum('busyMinutes'),
    };
  }).filter((category) => category.cars > 0);
}

/**
 * The cases waiting for the team, each with its booking: identities to review, damage to decide
 * (or whose money is still to take), disputes open, balances due, and the reconciliation's open
 * differences.
 */
async function casesFor(
  deps: DashboardDeps,
  adminId: string,
  due: Awaited<ReturnType<typeof balancesDue>>,
): Promise<DashboardCases> {
  const [identities, pendingClaims, approvedClaims, disputes, differences] = await Promise.all([
    identityReviewQueue(deps),
    damageClaims(deps, 'pending'),
    damageClaims(deps, 'approved'),
    openDisputes(deps),
    openDifferences(deps.db),
  ]);
  const claims = [...pendingClaims, ...approvedClaims.filter((claim) => !claim.settled)];
  return {
    identities: {
      count: identities.pendingCount,
      items: identities.items.slice(0, CASES_LISTED).map((item) => ({
        checkId: item.checkId,
        bookingId: item.booking.id,
        reference: item.booking.reference,
        customerName: item.customerName,
        submittedAt: item.submittedAt,
      })),
    },
    damages: {
      count: claims.length,
      items: claims.slice(0, CASES_LISTED).map((claim) => ({
        claimId: claim.id,
        bookingId: claim.bookingId,
        reference: claim.reference,
        customerName: claim.customerName,
        vehicleName: claim.vehicleName,
        chargeableCents: claim.approvedCents ?? claim.chargeableCents,
        step: claim.status === 'pending' ? ('decide' as const) : ('settle' as const),
        recordedByYou: claim.recordedBy.id === adminId,
      })),
    },
    disputes: {
      count: disputes.length,
      items: disputes.slice(0, CASES_LISTED).map((dispute) => ({
        disputeId: dispute.id,
        bookingId: dispute.bookingId,
        reference: dispute.reference,
        customerName: dispute.customerName,
        contestedCents: dispute.contestedCents,
        openedAt: dispute.createdAt,
      })),
    },
    balancesDue: { count: due.count, items: due.items },
    differences: {
      count: differences.length,
      items: differences.slice(0, CASES_LISTED).map((difference) => ({
        differenceId: difference.id,
        bookingId: difference.bookingId,
        reference: difference.reference,
        measure: difference.measure,
        ledgerCents: difference.ledgerCents,
        processorCents: difference.processorCents,
      })),
    },
  };
}

/**
 * The administrator's dashboard for a Paris day: its deliveries and returns and its week's, as
 * the planning holds them; its month's revenue from the invoices issued and the ledger's
 * movements, never from the bookings' prices; the fleet's occupancy in the month; the cases
 * waiting for someone.
 */
export async function businessDashboard(
  deps: DashboardDeps,
  adminId: string,
  day: string,
): Promise<BusinessDashboard> {
  const { week, month } = calendarOf(day);
  const weekDays = Array.from({ length: 8 }, (_, index) => addDays(week.from, index));
  const midnights = await parisMidnights(deps.db, [...weekDays, month.from, addDays(month.to, 1)]);
  const [monthStart, monthEnd] = midnights.slice(8) as [Date, Date];
  const weekMissions = await planning(
    deps,
    { id: adminId, admin: true },
    { from: midnights[0]!, to: midnights[7]! },
  );
  const today = weekDays.indexOf(day);
  const [from, to] = [midnights[today]!.getTime(), midnights[today + 1]!.getTime()];

  const due = await balancesDue(deps.db, CASES_LISTED);
  const [documents, ledger, occupancy, cases] = await Promise.all([
    issuedTotals(deps.db, month),
    ledgerMovedIn(deps.db, month),
    findOccupancy(deps.db, monthStart, monthEnd),
    casesFor(deps, adminId, due),
  ]);
  const weekCounts = weekOf(weekMissions, midnights, weekDays.slice(0, 7));
  const missions: DashboardMissions = {
    today: weekMissions.filter((mission) => {
      const at = Date.parse(mission.at);
      return at >= from && at < to;
    }),
    week: weekCounts,
    weekTotal: {
      deliveries: weekCounts.reduce((sum, count) => sum + count.deliveries, 0),
      returns: weekCounts.reduce((sum, count) => sum + count.returns, 0),
    },
  };
  const cars = occupancy.map(toCar);
  return {
    day,
    week,
    month,
    missions,
    revenue: {
      ...documents,
      ledger,
      outstanding: { count: due.count, totalCents: due.totalCents },
    },
    occupancy: {
      monthMinutes: Math.round((monthEnd.getTime() - monthStart.getTime()) / 60_000),
      cars,
      categories: byCategory(cars),
    },
    cases,
  };
}
