import type { Promotion } from '@vroum/core/admin';
import type { Database, Queryable } from '../../db/client';
import { AppError, conflict, notFound } from '../../lib/app-error';
import {
  deletePromotionRow,
  insertPromotion,
  lockPromotionRow,
  promotionCodeTaken,
  selectPromotions,
  updatePromotionRow,
  type PromotionFields,
} from './admin-promotions.repository';
import { writeAudit } from '../audit/audit.service';

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

export const listPromotions = (db: Queryable): Promise<Promotion[]> => selectPromotions(db);

async function lockPromotion(tx: Queryable, id: string): Promise<Promotion> {
  const promotion = await lockPromotionRow(tx, id);
  if (!promotion) throw notFound('Promotion introuvable', 'promotion_not_found');
  return promotion;
}

export async function createPromotion(
  db: Database,
  actorUserId: string,
  input: PromotionFields,
): Promise<Promotion> {
  try {
    return await db.transaction(async (tx) => {
      if (await promotionCodeTaken(tx, input.code, null)) throw duplicateCode(input.code);
      const promotion = await insertPromotion(tx, input);
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
      if (await promotionCodeTaken(tx, input.code, id)) throw duplicateCode(input.code);
      const after = await updatePromotionRow(tx, id, input);
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
    await deletePromotionRow(tx, id);
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
