import type { Promotion, PromotionInput } from '@vroum/core/admin';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';

export type PromotionFields = z.output<typeof PromotionInput>;

interface PromotionRow {
  id: string;
  code: string;
  description: string;
  discount_type: Promotion['discountType'];
  discount_value: number;
  valid_from: Date;
  valid_until: Date;
  max_uses: number | null;
  current_uses: number;
  is_active: boolean;
  created_at: Date;
}

const COLUMNS = `id, code, description, discount_type, discount_value, valid_from, valid_until,
  max_uses, current_uses, is_active, created_at`;

const toPromotion = (row: PromotionRow): Promotion => ({
  id: row.id,
  code: row.code,
  description: row.description,
  discountType: row.discount_type,
  discountValue: row.discount_value,
  validFrom: row.valid_from.toISOString(),
  validUntil: row.valid_until.toISOString(),
  maxUses: row.max_uses,
  currentUses: row.current_uses,
  isActive: row.is_active,
  createdAt: row.created_at.toISOString(),
});

const values = (input: PromotionFields) => [
  input.code,
  input.description,
  input.discountType,
  input.discountValue,
  input.validFrom,
  input.validUntil,
  input.maxUses,
  input.isActive,
];

export async function selectPromotions(db: Queryable): Promise<Promotion[]> {
  const { rows } = await db.query<PromotionRow>(
    `select ${COLUMNS} from promotions order by created_at desc, code`,
  );
  return rows.map(toPromotion);
}

/** The promotion, locked until the transaction ends, or null. */
export async function lockPromotionRow(tx: Queryable, id: string): Promise<Promotion | null> {
  const { rows } = await tx.query<PromotionRow>(
    `select ${COLUMNS} from promotions where id = $1 for update`,
    [id],
  );
  return rows[0] ? toPromotion(rows[0]) : null;
}

/** Whether another promotion (than `exceptId`) already has this code. */
export async function promotionCodeTaken(
  tx: Queryable,
  code: string,
  exceptId: string | null,
): Promise<boolean> {
  const { rows } = await tx.query<{ taken: boolean }>(
    `select exists (select 1 from promotions where code = $1 and ($2::uuid is null or id <> $2)) as taken`,
    [code, exceptId],
  );
  return rows[0]?.taken === true;
}

export async function insertPromotion(tx: Queryable, input: PromotionFields): Promise<Promotion> {
  const { rows } = await tx.query<PromotionRow>(
    `insert into promotions (code, description, discount_type, discount_value, valid_from,
       valid_until, max_uses, is_active)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning ${COLUMNS}`,
    values(input),
  );
  return toPromotion(rows[0]!);
}

export async function updatePromotionRow(
  tx: Queryable,
  id: string,
  input: PromotionFields,
): Promise<Promotion> {
  const { rows } = await tx.query<PromotionRow>(
    `update promotions set code = $1, description = $2, discount_type = $3,
       discount_value = $4, valid_from = $5, valid_until = $6, max_uses = $7, is_active = $8,
       updated_at = now()
     where id = $9 returning ${COLUMNS}`,
    [...values(input), id],
  );
  return toPromotion(rows[0]!);
}

export async function deletePromotionRow(tx: Queryable, id: string): Promise<void> {
  await tx.query('delete from promotions where id = $1', [id]);
}
