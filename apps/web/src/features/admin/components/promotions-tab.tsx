import type { Promotion } from '@vroum/core/admin';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { formatEuros, formatShortDate } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useAdminPromotions, useDeletePromotion } from '../api/admin-api';
import { RowActions } from './row-actions';
import { PromotionFormDialog } from './promotion-form-dialog';
import { badgeClass, errorMessage, QueryStates } from './states';

const percent = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });
const discountLabel = (promotion: Promotion) =>
  promotion.discountType === 'percentage'
    ? `${percent.format(promotion.discountValue / 100)}\u00a0%`
    : formatEuros(promotion.discountValue);

/** Promotions: list, add/edit dialog, delete with confirmation. */
export function PromotionsTab() {
  const promotions = useAdminPromotions();
  const remove = useDeletePromotion();
  const [editing, setEditing] = useState<{ promotion: Promotion | null } | null>(null);

  const onDelete = (promotion: Promotion) => {
    if (!window.confirm('Êtes-vous sûr de vouloir supprimer cette promotion\u00a0?')) return;
    remove.mutate(promotion.id, {
      onSuccess: () => notify.success('Succès', 'Promotion supprimée'),
      onError: (error) => notify.error('Erreur', errorMessage(error)),
    });
  };

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 className="font-display text-3xl text-ink">Promotions</h2>
        <Button onClick={() => setEditing({ promotion: null })}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Ajouter une promotion
        </Button>
      </div>
      <div className="mt-6">
        <QueryStates
          query={promotions}
          isEmpty={(data) => data.promotions.length === 0}
          empty="Aucune promotion pour le moment."
        >
          {(data) => (
            <ul className="grid gap-3" aria-label="Promotions">
              {data.promotions.map((promotion) => (
                <li
                  key={promotion.id}
                  aria-label={promotion.code}
                  className="flex flex-wrap items-center gap-4 rounded-2xl bg-paper p-4 ring-1 ring-mist"
                >
                  <div className="min-w-48 flex-1">
                    <p className="font-mono font-semibold tracking-widest text-ink">
                      {promotion.code}
                    </p>
                    <p className="text-sm text-graphite">{promotion.description}</p>
                    <p className="mt-1 text-xs text-stone">
                      Du {formatShortDate(promotion.validFrom)} au{' '}
                      {formatShortDate(promotion.validUntil)} · {promotion.currentUses}
                      {promotion.maxUses ? ` / ${promotion.maxUses}` : ''} utilisation
                      {promotion.currentUses > 1 ? 's' : ''}
                    </p>
                  </div>
                  <p className="font-semibold text-ink">{discountLabel(promotion)}</p>
                  <span
                    className={`${badgeClass} ${
                      promotion.isActive ? 'bg-success/10 text-success' : 'bg-ink/10 text-ink'
                    }`}
                  >
                    {promotion.isActive ? 'Active' : 'Inactive'}
                  </span>
                  <RowActions
                    name={promotion.code}
                    onEdit={() => setEditing({ promotion })}
                    onDelete={() => onDelete(promotion)}
                    deleting={remove.isPending}
                  />
                </li>
              ))}
            </ul>
          )}
        </QueryStates>
      </div>
      <PromotionFormDialog
        open={editing !== null}
        promotion={editing?.promotion ?? null}
        onClose={() => setEditing(null)}
      />
    </div>
  );
}
