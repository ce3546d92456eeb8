import { PromotionInput, type DiscountType, type Promotion } from '@vroum/core/admin';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/field';
import { useSavePromotion } from '../api/admin-api';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { centsToEuros, eurosToCents } from './money';
import { DecimalInput } from './decimal-input';
import { useAdminForm } from './use-admin-form';

interface Values {
  code: string;
  description: string;
  discountType: DiscountType;
  discountValue: string;
  validFrom: string;
  validUntil: string;
  maxUses: string;
  isActive: boolean;
}

/** ISO instant → the value of a datetime-local input, in the browser's time. */
function toLocalInput(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}
const toIso = (local: string) => {
  if (!local) return '';
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
};

const initialValues = (promotion: Promotion | null): Values => ({
  code: promotion?.code ?? '',
  description: promotion?.description ?? '',
  discountType: promotion?.discountType ?? 'percentage',
  discountValue: promotion ? centsToEuros(promotion.discountValue) : '',
  validFrom: promotion ? toLocalInput(promotion.validFrom) : '',
  validUntil: promotion ? toLocalInput(promotion.validUntil) : '',
  maxUses: promotion?.maxUses ? String(promotion.maxUses) : '',
  isActive: promotion?.isActive ?? true,
});

/** The promotion form: code in uppercase, description, value (step 0.01), validity. */
export function PromotionFormDialog({
  open,
  promotion,
  onClose,
}: {
  open: boolean;
  promotion: Promotion | null;
  onClose: () => void;
}) {
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={promotion ? 'Modifier la promotion' : 'Ajouter une promotion'}
    >
      <PromotionForm key={promotion?.id ?? 'new'} promotion={promotion} onDone={onClose} />
    </ModalDialog>
  );
}

function PromotionForm({ promotion, onDone }: { promotion: Promotion | null; onDone: () => void }) {
  const save = useSavePromotion();
  const { values, set, submit, field } = useAdminForm({
    idPrefix: 'promotion',
    initial: () => initialValues(promotion),
    check: (values: Values) =>
      PromotionInput.safeParse({
        code: values.code,
        description: values.description,
        discountType: values.discountType,
        discountValue: eurosToCents(values.discountValue),
        validFrom: toIso(values.validFrom),
        validUntil: toIso(values.validUntil),
        maxUses: values.maxUses.trim() === '' ? null : Number(values.maxUses),
        isActive: values.isActive,
      }),
    save: (input, saving) => save.mutate({ id: promotion?.id ?? null, input }, saving),
    savedMessage: promotion ? 'Promotion mise à jour' : 'Promotion créée',
    onSaved: onDone,
  });

  return (
    <form noValidate onSubmit={submit} aria-label="Promotion" className="grid gap-5 md:grid-cols-2">
      {field('code', 'Code *', (props) => (
        <input
          {...props}
          className={`${inputClass} uppercase`}
          value={values.code}
          autoCapitalize="characters"
          onChange={(e) => set('code', e.target.value.toUpperCase())}
        />
      ))}
      {field('discountType', 'Type de réduction', (props) => (
        <select
          {...props}
          className={inputClass}
          value={values.discountType}
          onChange={(e) => set('discountType', e.target.value as DiscountType)}
        >
          <option value="percentage">Pourcentage</option>
          <option value="fixed">Montant fixe</option>
        </select>
      ))}
      {field(
        'description',
        'Description *',
        (props) => (
          <input
            {...props}
            className={inputClass}
            value={values.description}
            onChange={(e) => set('description', e.target.value)}
          />
        ),
        true,
      )}
      {field(
        'discountValue',
        values.discountType === 'percentage' ? 'Valeur (%) *' : 'Valeur (€) *',
        (props) => (
          <DecimalInput
            {...props}
            value={values.discountValue}
            onChange={(e) => set('discountValue', e.target.value)}
          />
        ),
      )}
      {field('maxUses', 'Utilisations maximales', (props) => (
        <input
          {...props}
          type="number"
          step="1"
          min="1"
          placeholder="Illimité"
          className={inputClass}
          value={values.maxUses}
          onChange={(e) => set('maxUses', e.target.value)}
        />
      ))}
      {field('validFrom', 'Valide à partir du *', (props) => (
        <input
          {...props}
          type="datetime-local"
          className={inputClass}
          value={values.validFrom}
          onChange={(e) => set('validFrom', e.target.value)}
        />
      ))}
      {field('validUntil', 'Valide jusqu’au *', (props) => (
        <input
          {...props}
          type="datetime-local"
          className={inputClass}
          value={values.validUntil}
          onChange={(e) => set('validUntil', e.target.value)}
        />
      ))}
      <label className="flex items-center gap-3 text-sm font-semibold text-ink md:col-span-2">
        <input
          type="checkbox"
          className="h-5 w-5 accent-gold"
          checked={values.isActive}
          onChange={(e) => set('isActive', e.target.checked)}
        />
        Active
      </label>
      <div className="flex justify-end gap-3 md:col-span-2">
        <Button variant="ghost" onClick={onDone}>
          Annuler
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Enregistrement...' : 'Enregistrer'}
        </Button>
      </div>
    </form>
  );
}
