import type { Queryable } from '../../db/client';
import * as promotions from './promotions.repository';

export type { ValidPromotion } from './promotions.repository';

// What the booking and operations modules do with promotions: the promotions table is read and
// written by this module's repository only. Each function takes the caller's transaction.

/** A promotion usable now by this customer (a customer's own code by that customer only). */
export async function findUsablePromotion(
  db: Queryable,
  code: string,
  customerId: string | null,
): Promise<promotions.ValidPromotion | null> {
  return promotions.findUsablePromotion(db, code, customerId);
}

/** Counts one use, atomically: false when the last use was taken meanwhile. */
export async function takePromotionUse(db: Queryable, promotionId: string): Promise<boolean> {
  return promotions.takePromotionUse(db, promotionId);
}

/** Whether the promotion can still be used once more (a look, not a claim). */
export async function promotionHasUseLeft(db: Queryable, promotionId: string): Promise<boolean> {
  return promotions.promotionHasUseLeft(db, promotionId);
}

/** Gives back a use counted for a booking that did not go through. */
export async function releasePromotionUse(db: Queryable, promotionId: string): Promise<void> {
  await promotions.releasePromotionUse(db, promotionId);
}

/** Issues the single-use code a customer earns by returning a car at the agency (idempotent). */
export async function issueCustomerCode(
  db: Queryable,
  code: { code: string; userId: string; discountBasisPoints: number; validDays: number },
): Promise<void> {
  await promotions.issueCustomerCode(db, code);
}
