import { AdminVehicleInput } from '@vroum/core/admin';
import {
  SUPERCAR_DAILY_KM_LIMIT,
  VEHICLE_CATEGORIES,
  type Vehicle,
  type VehicleCategory,
} from '@vroum/core/vehicle';
import { schemaCheck, useForm } from '../../../components/form/use-form';
import { inputClass, labelClass } from '../../../components/ui/field';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { useSaveVehicle } from '../api/admin-api';
import { DecimalInput } from './decimal-input';
import { Checkbox, FormActions, savedThen, WIDE } from './form-parts';
import { centsToEuros, eurosToCents } from './money';
import { VehiclePhotosSection } from './vehicle-photos-section';

interface Values {
  name: string;
  category: VehicleCategory;
  pricePerDay: string;
  deposit: string;
  imageUrl: string;
  description: string;
  isAvailable: boolean;
  transmission: '' | 'Automatique' | 'Manuelle';
  seats: string;
  luggage: string;
  doors: string;
  /** Empty: no daily limit (1 000 km included, unlimited km offered); a Super Car gets 200. */
  dailyKmLimit: string;
}

const initialValues = (vehicle: Vehicle | null): Values => ({
  name: vehicle?.name ?? '',
  category: vehicle?.category ?? 'Standard',
  pricePerDay: vehicle ? centsToEuros(vehicle.pricePerDayCents) : '',
  deposit: vehicle ? centsToEuros(vehicle.depositCents) : '',
  imageUrl: vehicle?.imageUrl ?? '',
  description: vehicle?.description ?? '',
  isAvailable: vehicle?.isAvailable ?? true,
  transmission: vehicle?.features.transmission ?? 'Automatique',
  seats: String(vehicle?.features.seats ?? 5),
  luggage: String(vehicle?.features.luggage ?? 3),
  doors: String(vehicle?.features.doors ?? 4),
  dailyKmLimit: vehicle?.dailyKmLimit == null ? '' : String(vehicle.dailyKmLimit),
});

const optionalInt = (value: string) => (value.trim() === '' ? undefined : Number(value));

/** The admin vehicle form: name, price per day, deposit and image URL are required. */
export function VehicleFormDialog({
  open,
  vehicle,
  onClose,
}: {
  open: boolean;
  vehicle: Vehicle | null;
  onClose: () => void;
}) {
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={vehicle ? 'Modifier le véhicule' : 'Ajouter un véhicule'}
    >
      <VehicleForm key={vehicle?.id ?? 'new'} vehicle={vehicle} onDone={onClose} />
      {vehicle ? (
        <VehiclePhotosSection vehicle={vehicle} />
      ) : (
        <p className="mt-6 text-sm text-stone">
          Les photos s’ajoutent une fois le véhicule enregistré, depuis « Modifier ».
        </p>
      )}
    </ModalDialog>
  );
}

function VehicleForm({ vehicle, onDone }: { vehicle: Vehicle | null; onDone: () => void }) {
  const save = useSaveVehicle();
  const { bind, bindChecked, busy, submit, field, input } = useForm({
    idPrefix: 'vehicle',
    initial: () => initialValues(vehicle),
    check: (values: Values) =>
      schemaCheck(
        AdminVehicleInput.safeParse({
          name: values.name,
          category: values.category,
          pricePerDayCents: eurosToCents(values.pricePerDay),
          depositCents: eurosToCents(values.deposit),
          imageUrl: values.imageUrl,
          description: values.description,
          isAvailable: values.isAvailable,
          features: {
            transmission: values.transmission || undefined,
            seats: optionalInt(values.seats),
            luggage: optionalInt(values.luggage),
            doors: optionalInt(values.doors),
          },
          dailyKmLimit: optionalInt(values.dailyKmLimit) ?? null,
        }),
      ),
    paths: {
      pricePerDayCents: 'pricePerDay',
      depositCents: 'deposit',
      'features.transmission': 'transmission',
      'features.seats': 'seats',
      'features.luggage': 'luggage',
      'features.doors': 'doors',
    },
    save: (input) => save.mutateAsync({ id: vehicle?.id ?? null, input }),
    onSaved: savedThen(vehicle ? 'Véhicule mis à jour' : 'Véhicule créé', onDone),
  });

  return (
    <form noValidate onSubmit={submit} aria-label="Véhicule" className="grid gap-5 md:grid-cols-2">
      {input('name', 'Nom *', {}, WIDE)}
      {field('category', 'Catégorie', (props) => (
        <select {...props} {...bind('category')} className={inputClass}>
          {VEHICLE_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </select>
      ))}
      {input('imageUrl', 'URL de l’image *', { type: 'url', placeholder: 'https://…' })}
      {field('pricePerDay', 'Prix par jour (€) *', (props) => (
        <DecimalInput {...props} {...bind('pricePerDay')} />
      ))}
      {field('deposit', 'Caution (€) *', (props) => (
        <DecimalInput {...props} {...bind('deposit')} />
      ))}
      {field(
        'description',
        'Description',
        (props) => (
          <textarea
            {...props}
            {...bind('description')}
            rows={3}
            className={`${inputClass} h-auto py-3`}
          />
        ),
        WIDE,
      )}
      <fieldset className="grid gap-4 md:col-span-2 md:grid-cols-4">
        <legend className={labelClass}>Caractéristiques</legend>
        {field('transmission', 'Transmission', (props) => (
          <select {...props} {...bind('transmission')} className={inputClass}>
            <option value="Automatique">Automatique</option>
            <option value="Manuelle">Manuelle</option>
          </select>
        ))}
        {input('seats', 'Places', { type: 'number', min: '1', max: '9' })}
        {input('luggage', 'Bagages', { type: 'number', min: '0', max: '10' })}
        {input('doors', 'Portes', { type: 'number', min: '2', max: '5' })}
      </fieldset>
      {input(
        'dailyKmLimit',
        'Limite de kilomètres par jour',
        { type: 'number', min: '50', max: '2000' },
        {
          hint: (
            <>
              Vide&nbsp;: 1&nbsp;000&nbsp;km inclus et kilométrage illimité en option. Une Super Car
              est toujours limitée ({SUPERCAR_DAILY_KM_LIMIT} km par jour si vide).
            </>
          ),
        },
      )}
      <Checkbox {...bindChecked('isAvailable')}>Disponible à la location</Checkbox>
      <FormActions busy={busy} onCancel={onDone} {...WIDE} />
    </form>
  );
}
