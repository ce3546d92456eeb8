import type { Promotion, PromotionInput } from '@vroum/core/admin';
import type { z } from 'zod';
import type { Database, Queryable } from '../../db/client';
import { AppError, conflict, notFound } from '../../lib/app-error';
import { writeAudit } from './audit';

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

export const duplicateCode = (code: string) =>
  new AppError('promotion_code_taken', `Le code promo ${code} existe déjà.`, 409, 'code');

/** Unique violation on the code → 409; a lowered max_uses below current uses → 409. */
function translate(error: unknown, code: string): never {
  const pgError = error as { code?: string; constraint?: string };
  if (pgError.code === '23505') throw duplicateCode(code);
  if (pgError.code === '23514') {
    throw conflict(
      'Le nombre maximal d’utilisations ne peut pas être inférieur au nombre d’utilisations déjà faites.',
      'promotion_invalid',
    );
  }
  throw error;
}

export async function listPromotions(db: Queryable): Promise<Promotion[]> {
  const { rows } = await db.query<PromotionRow>(
    `select ${COLUMNS} from promotions order by created_at desc, code`,
  );
  return rows.map(toPromotion);
}

async function lockPromotion(tx: Queryable, id: string): Promise<Promotion> {
  const { rows } = await tx.query<PromotionRow>(
    `select ${COLUMNS} from promotions where id = $1 for update`,
    [id],
  );
  if (!rows[0]) throw notFound('Promotion introuvable', 'promotion_not_found');
  return toPromotion(rows[0]);
}

async function codeTaken(tx: Queryable, code: string, exceptId: string | null) {
  const { rows } = await tx.query<{ taken: boolean }>(
    `select exists (select 1 from promotions where code = $1 and ($2::uuid is null or id <> $2)) as taken`,
    [code, exceptId],
  );
  return rows[0]?.taken === true;
}

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

export async function createPromotion(
  db: Database,
  actorUserId: string,
  input: PromotionFields,
): Promise<Promotion> {
  try {
    return await db.transaction(async (tx) => {
      if (await codeTaken(tx, input.code, null)) throw duplicateCode(input.code);
      const { rows } = await tx.query<PromotionRow>(
        `insert into promotions (code, description, discount_type, discount_value, valid_from,
           valid_until, max_uses, is_active)
         values ($1, $2, $3, $4, $5, $6, $7, $8) returning ${COLUMNS}`,
        values(input),
      );
      const promotion = toPromotion(rows[0]!);
      await writeAudit(tx, {
        actorUserId,
        action: 'promotion.create',
        entity: 'promotion',
        entityId: promotion.id,
        before: null,
        after: promotion,
      });
      return promotion;
    });
  } catch (error) {
    return translate(error, input.code);
  }
}

export async function updatePromotion(
  db: Database,
  actorUserId: string,
  id: string,
  input: PromotionFields,
): Promise<Promotion> {
  try {
    return await db.transaction(async (tx) => {
      const before = await lockPromotion(tx, id);
      if (await codeTaken(tx, input.code, id)) throw duplicateCode(input.code);
      const { rows } = await tx.query<PromotionRow>(
        `update promotions set code = $1, description = $2, discount_type = $3,
           discount_value = $4, valid_from = $5, valid_until = $6, max_uses = $7, is_active = $8,
           updated_at = now()
         where id = $9 returning ${COLUMNS}`,
        [...values(input), id],
      );
      const after = toPromotion(rows[0]!);
      await writeAudit(tx, {
        actorUserId,
        action: 'promotion.update',
        entity: 'promotion',
        entityId: id,
        before,
        after,
      });
      return after;
    });
  } catch (error) {
    return translate(error, input.code);
  }
}

/** Bookings keep their price; their link to the promotion is cleared (on delete set null). */
export async function deletePromotion(db: Database, actorUserId: string, id: string) {
  await db.transaction(async (tx) => {
    const before = await lockPromotion(tx, id);
    await tx.query('delete from promotions where id = $1', [id]);
    await writeAudit(tx, {
      actorUserId,
      action: 'promotion.delete',
      entity: 'promotion',
      entityId: id,
      before,
      after: null,
    });
  });
}
