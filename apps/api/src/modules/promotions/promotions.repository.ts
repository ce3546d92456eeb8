import type { PromotionDiscount } from '@vroum/core/pricing';
import type { Queryable } from '../../db/client';

export interface ValidPromotion extends PromotionDiscount {
  id: string;
  description: string;
}

/** An active promotion valid now with uses left, or null (the code is case-insensitive). */
/**
 * A promotion usable now by this customer: a code tied to a customer (earned by a return at the
 * agency) is usable by that customer only.
 */
export async function findUsablePromotion(
  db: Queryable,
  code: string,
  customerId: string | null,
): Promise<ValidPromotion | null> {
  const { rows } = await db.query<{
    id: string;
    code: string;
    description: string;
    discount_type: 'percentage' | 'fixed';
    discount_value: number;
  }>(
    `select id, code, description, discount_type, discount_value from promotions
      where code = upper($1) and is_active and now() >= valid_from and now() < valid_until
        and (max_uses is null or current_uses < max_uses)
        and (user_id is null or user_id = $2)`,
    [code, customerId],
  );
  const row = rows[0];
  return row
    ? {
        id: row.id,
        code: row.code,
        description: row.description,
        discountType: row.discount_type,
        discountValue: row.discount_value,
      }
    : null;
}

/** Counts one use, atomically: false when the last use was taken meanwhile. */
export async function takePromotionUse(db: Queryable, promotionId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `update promotions set current_uses = current_uses + 1
      where id = $1 and (max_uses is null or current_uses < max_uses)`,
    [promotionId],
  );
  return rowCount === 1;
}

/** Whether the promotion can still be used once more (a look, not a claim). */
export async function promotionHasUseLeft(db: Queryable, promotionId: string): Promise<boolean> {
  const { rows } = await db.query<{ left: boolean }>(
    'select (max_uses is null or current_uses < max_uses) as left from promotions where id = $1',
    [promotionId],
  );
  return rows[0]?.left === true;
}

export async function releasePromotionUse(db: Queryable, promotionId: string): Promise<void> {
  await db.query(
    'update promotions set current_uses = greatest(current_uses - 1, 0) where id = $1',
    [promotionId],
  );
}

/**
 * Issues the single-use code a customer earns by returning a car at the agency: one per booking
 * (its code is derived from the booking's reference, so issuing it again changes nothing).
 */
export async function issueCustomerCode(
  db: Queryable,
  code: { code: string; userId: string; discountBasisPoints: number; validDays: number },
): Promise<void> {
  await db.query(
    `insert into promotions (code, description, discount_type, discount_value, valid_from,
       valid_until, max_uses, user_id)
     values ($1, 'Merci d’avoir rendu votre véhicule à l’agence', 'percentage', $2, now(),
       now() + make_interval(days => $3), 1, $4)
     on conflict (code) do nothing`,
    [code.code, code.discountBasisPoints, code.validDays, code.userId],
  );
}

/** The customer's own codes still usable, for their profile. */
export async function findCustomerCodes(
  db: Queryable,
  userId: string,
): Promise<{ code: string; discount_value: number; valid_until: Date }[]> {
  const { rows } = await db.query<{ code: string; discount_value: number; valid_until: Date }>(
    `select code, discount_value, valid_until from promotions
      where user_id = $1 and is_active and now() < valid_until
        and (max_uses is null or current_uses < max_uses)
      order by valid_until`,
    [userId],
  );
  return rows;
}
