import { z } from 'zod';
import { periodProblems } from './period-rules';
import { Vehicle, VehicleCategory } from './vehicle';

const isoInstant = (label: string) =>
  z.iso.datetime({ offset: true, error: `La date ${label} est invalide.` });

/**
 * A rental period in a query string: ISO 8601 instants with an offset, end after start, start not
 * in the past, at most 90 days long. Messages are the ones shown to the customer.
 */
const periodFields = {
  start: isoInstant('de début'),
  end: isoInstant('de fin'),
};

function checkPeriod(period: { start: string; end: string }, ctx: z.RefinementCtx): void {
  for (const [path, message] of Object.entries(periodProblems(period))) {
    ctx.addIssue({ code: 'custom', path: [path], message });
  }
}

export const RentalPeriod = z.object(periodFields).superRefine(checkPeriod);
export type RentalPeriod = z.infer<typeof RentalPeriod>;

export const Availability = z.object({ available: z.boolean() });
export type Availability = z.infer<typeof Availability>;

/** The longest window of a car's taken periods asked at once (the calendar asks for a year). */
export const TAKEN_PERIODS_MAX_DAYS = 400;

/**
 * A window of a car's calendar in a query string: ISO 8601 instants with an offset, `to` after
 * `from`, at most 400 days apart.
 */
export const TakenPeriodsQuery = z
  .object({
    from: z.iso.datetime({ offset: true, error: 'La date de début de la période est invalide.' }),
    to: z.iso.datetime({ offset: true, error: 'La date de fin de la période est invalide.' }),
  })
  .superRefine((window, ctx) => {
    const span = Date.parse(window.to) - Date.parse(window.from);
    if (span <= 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'La fin de la période doit être postérieure à son début.',
      });
    } else if (span > TAKEN_PERIODS_MAX_DAYS * 86_400_000) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `La période demandée ne peut pas dépasser ${TAKEN_PERIODS_MAX_DAYS} jours.`,
      });
    }
  });

/** A half-open period [start, end) during which the car cannot be rented: nothing else. */
export const TakenPeriod = z.object({ start: z.string(), end: z.string() });
export type TakenPeriod = z.infer<typeof TakenPeriod>;

/**
 * The periods of the window during which a booking holds the car or the team took it out of
 * service, merged where they touch, cut to the window, in order: never who, why or which booking.
 */
export const TakenPeriods = z.object({
  from: z.string(),
  to: z.string(),
  taken: z.array(TakenPeriod),
});
export type TakenPeriods = z.infer<typeof TakenPeriods>;

/** Vehicles per page of search results: one page holds the whole catalogue as seeded. */
export const SEARCH_PAGE_SIZE = 24;

export const SearchQuery = z
  .object({
    ...periodFields,
    category: VehicleCategory.optional(),
    limit: z.coerce
      .number()
      .int()
      .min(1, 'Le nombre de résultats par page est invalide.')
      .max(48, 'Le nombre de résultats par page est invalide.')
      .default(SEARCH_PAGE_SIZE),
    /** The `nextCursor` of the previous page. */
    after: z.string().max(400).optional(),
  })
  .superRefine(checkPeriod);

/** A car's price for a period before delivery, protection and options (the vehicle page's base). */
export const PeriodPrice = z.object({ days: z.number().int(), totalCents: z.number().int() });
export type PeriodPrice = z.infer<typeof PeriodPrice>;

/** Each car's price for the asked period (days × price per day), by vehicle id. */
export const PeriodPrices = z.record(z.string(), PeriodPrice);

export const SearchResults = z.object({
  vehicles: z.array(Vehicle),
  periodPrices: PeriodPrices,
  period: z.object({ start: z.string(), end: z.string() }),
  /** Pass it as `after` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type SearchResults = z.infer<typeof SearchResults>;
