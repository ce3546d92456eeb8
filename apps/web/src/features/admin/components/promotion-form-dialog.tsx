import { PromotionInput, type DiscountType, type Promotion } from '@vroum/core/admin';
import { schemaCheck, useForm } from '../../../components/form/use-form';
import { fromParisInputValue, toParisInputValue } from '../../../components/ui/date-time-field';
import { inputClass } from '../../../components/ui/field';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { useSavePromotion } from '../api/admin-api';
import { DecimalInput } from './decimal-input';
import { Checkbox, FormActions, savedThen, WIDE } from './form-parts';
import { centsToEuros, eurosToCents } from './money';

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

/**
 * A datetime-local value, read as Paris time → ISO instant; one that is not a date and time goes
 * as typed, for the schema to refuse.
 */
const toIso = (local: string) => fromParisInputValue(local) || local;

const initialValues = (promotion: Promotion | null): Values => ({
  code: promotion?.code ?? '',
  description: promotion?.description ?? '',
  discountType: promotion?.discountType ?? 'percentage',
  discountValue: promotion ? centsToEuros(promotion.discountValue) : '',
  validFrom: promotion ? toParisInputValue(promotion.validFrom) : '',
  validUntil: promotion ? toParisInputValue(promotion.validUntil) : '',
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
  const { values, set, bind, bindChecked, busy, submit, field, input } = useForm({
    idPrefix: 'promotion',
    initial: () => initialValues(promotion),
    check: (values: Values) =>
      schemaCheck(
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
      ),
    save: (input) => save.mutateAsync({ id: promotion?.id ?? null, input }),
    onSaved: savedThen(promotion ? 'Promotion mise à jour' : 'Promotion créée', onDone),
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
        <select {...props} {...bind('discountType')} className={inputClass}>
          <option value="percentage">Pourcentage</option>
          <option value="fixed">Montant fixe</option>
        </select>
      ))}
      {input('description', 'Description *', {}, WIDE)}
      {field(
        'discountValue',
        values.discountType === 'percentage' ? 'Valeur (%) *' : 'Valeur (€) *',
        (props) => (
          <DecimalInput {...props} {...bind('discountValue')} />
        ),
      )}
      {input('maxUses', 'Utilisations maximales', {
        type: 'number',
        step: '1',
        min: '1',
        placeholder: 'Illimité',
      })}
      {input('validFrom', 'Valide à partir du *', { type: 'datetime-local' })}
      {input('validUntil', 'Valide jusqu’au *', { type: 'datetime-local' })}
      <Checkbox className="md:col-span-2" {...bindChecked('isActive')}>
        Active
      </Checkbox>
      <FormActions busy={busy} onCancel={onDone} {...WIDE} />
    </form>
  );
}
