import { z } from 'zod';
import { Mission } from './operations';
import { RECONCILIATION_MEASURES } from './ledger';

/**
 * The administrator's dashboard: the day's and the week's deliveries and returns, the month's
 * revenue as the invoices and the money ledger hold it, the fleet's occupancy, and the cases
 * waiting for someone. Every period is a calendar period in Paris.
 */
const day = z.iso.date('Date invalide (AAAA-MM-JJ).');

export const BusinessDashboardQuery = z.object({
  /** The Paris day the dashboard is read for; today when absent. */
  date: day.optional(),
});
export type BusinessDashboardQuery = z.infer<typeof BusinessDashboardQuery>;

/** A period of Paris days, both included. */
const Days = z.object({ from: day, to: day });

const MissionCounts = z.object({
  deliveries: z.number().int(),
  returns: z.number().int(),
});

export const DashboardMissions = z.object({
  /** Today's deliveries and returns still on the planning, in time order. */
  today: z.array(Mission),
  /** The week's, day by day from Monday to Sunday. */
  week: z.array(MissionCounts.extend({ day })),
  weekTotal: MissionCounts,
});
export type DashboardMissions = z.infer<typeof DashboardMissions>;

export const DashboardRevenue = z.object({
  /** Invoices issued in the month: count and totals including VAT and excluding it. */
  invoices: z.object({
    count: z.number().int(),
    totalCents: z.number().int(),
    totalExclVatCents: z.number().int(),
  }),
  /** Credit notes issued in the month (refunds and sums owed given up). */
  creditNotes: z.object({
    count: z.number().int(),
    totalCents: z.number().int(),
    totalExclVatCents: z.number().int(),
  }),
  /** The ledger's movements done in the month. */
  ledger: z.object({
    /** Received from customers: rentals, deposit captures, card charges, balance payments. */
    receivedCents: z.number().int(),
    refundedCents: z.number().int(),
    /** Sums owed that the team gave up. */
    waivedCents: z.number().int(),
  }),
  /** Still owed by customers today, whatever the month. */
  outstanding: z.object({ count: z.number().int(), totalCents: z.number().int() }),
});
export type DashboardRevenue = z.infer<typeof DashboardRevenue>;

const Busy = z.object({
  /** Minutes of the month rented (confirmed, active or completed bookings). */
  bookedMinutes: z.number().int(),
  /** Minutes of the month out of service (fleet blocks, a lifted one until it was lifted). */
  blockedMinutes: z.number().int(),
  /** Minutes of the month booked or blocked, counted once. */
  busyMinutes: z.number().int(),
});

export const CarOccupancy = Busy.extend({
  vehicleId: z.uuid(),
  name: z.string(),
  category: z.string(),
  bookings: z.number().int(),
  blocks: z.number().int(),
});
export type CarOccupancy = z.infer<typeof CarOccupancy>;

export const CategoryOccupancy = Busy.extend({
  category: z.string(),
  cars: z.number().int(),
});
export type CategoryOccupancy = z.infer<typeof CategoryOccupancy>;

export const DashboardOccupancy = z.object({
  /** The month's length in minutes (a day shorter or longer when the clocks change). */
  monthMinutes: z.number().int(),
  cars: z.array(CarOccupancy),
  categories: z.array(CategoryOccupancy),
});
export type DashboardOccupancy = z.infer<typeof DashboardOccupancy>;

const CaseBase = z.object({
  bookingId: z.uuid(),
  reference: z.string(),
  customerName: z.string(),
});

export const DashboardCases = z.object({
  identities: z.object({
    count: z.number().int(),
    items: z.array(CaseBase.extend({ checkId: z.uuid(), submittedAt: z.string().nullable() })),
  }),
  damages: z.object({
    count: z.number().int(),
    items: z.array(
      CaseBase.extend({
        claimId: z.uuid(),
        vehicleName: z.string(),
        chargeableCents: z.number().int(),
        /** 'pending': to decide; 'settle': approved, its money still to take. */
        step: z.enum(['decide', 'settle']),
        /** Recorded by the reader: another administrator must decide (four eyes). */
        recordedByYou: z.boolean(),
      }),
    ),
  }),
  disputes: z.object({
    count: z.number().int(),
    items: z.array(
      CaseBase.extend({
        disputeId: z.uuid(),
        contestedCents: z.number().int(),
        openedAt: z.string(),
      }),
    ),
  }),
  balancesDue: z.object({
    count: z.number().int(),
    items: z.array(CaseBase.extend({ dueCents: z.number().int() })),
  }),
  differences: z.object({
    count: z.number().int(),
    items: z.array(
      CaseBase.omit({ customerName: true }).extend({
        differenceId: z.number().int(),
        measure: z.enum(
          Object.keys(RECONCILIATION_MEASURES) as [keyof typeof RECONCILIATION_MEASURES],
        ),
        ledgerCents: z.number().int(),
        processorCents: z.number().int(),
      }),
    ),
  }),
});
export type DashboardCases = z.infer<typeof DashboardCases>;

export const BusinessDashboard = z.object({
  day,
  week: Days,
  month: Days,
  missions: DashboardMissions,
  revenue: DashboardRevenue,
  occupancy: DashboardOccupancy,
  cases: DashboardCases,
});
export type BusinessDashboard = z.infer<typeof BusinessDashboard>;

/** A share of the month, 0 to 1, rounded to the percent the dashboard shows. */
export const occupancyRate = (busyMinutes: number, availableMinutes: number) =>
  availableMinutes > 0 ? Math.round((busyMinutes / availableMinutes) * 100) / 100 : 0;
