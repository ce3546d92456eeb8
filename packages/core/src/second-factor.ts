import { z } from 'zod';

/** The account's second factor, as the enrolment page and the sign-in challenge read it. */
export const SecondFactorStatus = z.object({
  /** Staff (administrators, agents) must have one to reach their pages; customers may. */
  required: z.boolean(),
  /** This session passed a second factor (signed in with one, or enrolled one). */
  verified: z.boolean(),
  /** An authenticator app is enrolled. */
  totp: z.boolean(),
  /** How many passkeys the account has. */
  passkeys: z.number().int().nonnegative(),
});
export type SecondFactorStatus = z.infer<typeof SecondFactorStatus>;

/** The answer to a staff route without a second factor: the page sends to the challenge. */
export const SECOND_FACTOR_REQUIRED = 'second_factor_required';
