import { z } from 'zod';

/** The code earned by a return at the agency: 10 % off the next rental, for a year, once. */
export const AGENCY_CODE = { discountBasisPoints: 1000, validDays: 365 } as const;

/** The single-use codes a customer earned (a return at the agency), shown in their profile. */
export const CustomerCode = z.object({
  code: z.string(),
  /** e.g. 10 for 10 %. */
  discountPercent: z.number(),
  validUntil: z.iso.datetime({ offset: true }),
});
export type CustomerCode = z.infer<typeof CustomerCode>;
export const CustomerCodes = z.object({ codes: z.array(CustomerCode) });
export type CustomerCodes = z.infer<typeof CustomerCodes>;
