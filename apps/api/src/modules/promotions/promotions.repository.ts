import type { PromotionDiscount } from '@vroum/core/pricing';
import type { Queryable } from '../../db/client';

export interface ValidPromotion extends PromotionDiscount {
  id: string;
  description: string;
}

/** An active promotion valid now with uses left, or null (the code is case-insensitive). */
export async function findUsablePromotion(
  db: Queryable,
  code: string,
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
        and (max_uses is null or current_uses < max_uses)`,
    [code],
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

export async function releasePromotionUse(db: Queryable, promotionId: string): Promise<void> {
  await db.query(
    'update promotions set current_uses = greatest(current_uses - 1, 0) where id = $1',
    [promotionId],
  );
}
