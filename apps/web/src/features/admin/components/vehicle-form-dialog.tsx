import { AdminVehicleInput } from '@vroum/core/admin';
import {
  SUPERCAR_DAILY_KM_LIMIT,
  VEHICLE_CATEGORIES,
  type Vehicle,
  type VehicleCategory,
} from '@vroum/core/vehicle';
import { Button } from '../../../components/ui/button';
import { inputClass, labelClass } from '../../../components/ui/field';
import { useSaveVehicle } from '../api/admin-api';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { centsToEuros, eurosToCents } from './money';
import { DecimalInput } from './decimal-input';
import { useAdminForm } from './use-admin-form';
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
  const { values, set, submit, field } = useAdminForm({
    idPrefix: 'vehicle',
    initial: () => initialValues(vehicle),
    check: (values: Values) =>
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
    save: (input, saving) => save.mutate({ id: vehicle?.id ?? null, input }, saving),
    savedMessage: vehicle ? 'Véhicule mis à jour' : 'Véhicule créé',
    onSaved: onDone,
  });

  return (
    <form noValidate onSubmit={submit} aria-label="Véhicule" className="grid gap-5 md:grid-cols-2">
      {field(
        'name',
        'Nom *',
        (props) => (
          <input
            {...props}
            className={inputClass}
            value={values.name}
            onChange={(e) => set('name', e.target.value)}
          />
        ),
        true,
      )}
      {field('category', 'Catégorie', (props) => (
        <select
          {...props}
          className={inputClass}
          value={values.category}
          onChange={(e) => set('category', e.target.value as VehicleCategory)}
        >
          {VEHICLE_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </select>
      ))}
      {field('imageUrl', 'URL de l’image *', (props) => (
        <input
          {...props}
          type="url"
          className={inputClass}
          value={values.imageUrl}
          placeholder="https://…"
          onChange={(e) => set('imageUrl', e.target.value)}
        />
      ))}
      {field('pricePerDayCents', 'Prix par jour (€) *', (props) => (
        <DecimalInput
          {...props}
          value={values.pricePerDay}
          onChange={(e) => set('pricePerDay', e.target.value)}
        />
      ))}
      {field('depositCents', 'Caution (€) *', (props) => (
        <DecimalInput
          {...props}
          value={values.deposit}
          onChange={(e) => set('deposit', e.target.value)}
        />
      ))}
      {field(
        'description',
        'Description',
        (props) => (
          <textarea
            {...props}
            rows={3}
            className={`${inputClass} h-auto py-3`}
            value={values.description}
            onChange={(e) => set('description', e.target.value)}
          />
        ),
        true,
      )}
      <fieldset className="grid gap-4 md:col-span-2 md:grid-cols-4">
        <legend className={labelClass}>Caractéristiques</legend>
        {field('features.transmission', 'Transmission', (props) => (
          <select
            {...props}
            className={inputClass}
            value={values.transmission}
            onChange={(e) => set('transmission', e.target.value as Values['transmission'])}
          >
            <option value="Automatique">Automatique</option>
            <option value="Manuelle">Manuelle</option>
          </select>
        ))}
        {field('features.seats', 'Places', (props) => (
          <input
            {...props}
            type="number"
            min="1"
            max="9"
            className={inputClass}
            value={values.seats}
            onChange={(e) => set('seats', e.target.value)}
          />
        ))}
        {field('features.luggage', 'Bagages', (props) => (
          <input
            {...props}
            type="number"
            min="0"
            max="10"
            className={inputClass}
            value={values.luggage}
            onChange={(e) => set('luggage', e.target.value)}
          />
        ))}
        {field('features.doors', 'Portes', (props) => (
          <input
            {...props}
            type="number"
            min="2"
            max="5"
            className={inputClass}
            value={values.doors}
            onChange={(e) => set('doors', e.target.value)}
          />
        ))}
      </fieldset>
      {field('dailyKmLimit', 'Limite de kilomètres par jour', (props) => (
        <>
          <input
            {...props}
            type="number"
            min="50"
            max="2000"
            className={inputClass}
            value={values.dailyKmLimit}
            onChange={(e) => set('dailyKmLimit', e.target.value)}
          />
          <p className="mt-1 text-xs text-stone">
            Vide&nbsp;: 1&nbsp;000&nbsp;km inclus et kilométrage illimité en option. Une Super Car
            est toujours limitée ({SUPERCAR_DAILY_KM_LIMIT} km par jour si vide).
          </p>
        </>
      ))}
      <label className="flex items-center gap-3 text-sm font-semibold text-ink">
        <input
          type="checkbox"
          className="h-5 w-5 accent-gold"
          checked={values.isAvailable}
          onChange={(e) => set('isAvailable', e.target.checked)}
        />
        Disponible à la location
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
