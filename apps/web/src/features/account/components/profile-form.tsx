import type { Profile, ProfileUpdate } from '@vroum/core/profile';
import { useForm } from '../../../components/form/use-form';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/field';
import { ApiRequestError } from '../../../lib/api-client';
import { DETAIL_FIELDS, personalDetails } from '../../../lib/personal-details';
import { notify } from '../../../lib/toast';
import { useUpdateProfile } from '../api/profile';

const invalidInputClass = `${inputClass} aria-[invalid=true]:border-danger`;

type FormValues = Omit<ProfileUpdate, 'country'> & { country: string };

const FIELDS = [
  DETAIL_FIELDS.firstName,
  DETAIL_FIELDS.lastName,
  DETAIL_FIELDS.phone,
  DETAIL_FIELDS.dateOfBirth,
  DETAIL_FIELDS.address,
  DETAIL_FIELDS.city,
  DETAIL_FIELDS.postalCode,
];

const COUNTRIES = [
  { value: 'FR', label: 'France' },
  { value: 'BE', label: 'Belgique' },
  { value: 'CH', label: 'Suisse' },
  { value: 'LU', label: 'Luxembourg' },
  { value: 'MC', label: 'Monaco' },
];

/**
 * The profile form: first name, last name, phone, birth date, address, city and postcode are
 * required; an empty one is marked, and a toast says why.
 */
export function ProfileForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const { bind, busy, submit, field, input } = useForm({
    idPrefix: 'profile',
    initial: (): FormValues => ({ ...personalDetails(profile), country: profile.country || 'FR' }),
    check: (values) => {
      const empty = FIELDS.filter(({ name }) => !values[name].trim());
      return empty.length > 0
        ? {
            ok: false,
            errors: Object.fromEntries(empty.map(({ name }) => [name, ''])),
            toast: ['Informations manquantes', 'Veuillez remplir tous les champs obligatoires.'],
          }
        : { ok: true, input: values };
    },
    save: (values) => update.mutateAsync(values),
    onSaved: () => notify.success('Profil mis à jour'),
    failed: (error) =>
      notify.error(
        'Impossible de mettre à jour le profil',
        error instanceof ApiRequestError ? error.message : undefined,
      ),
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-5 sm:grid-cols-2"
      aria-label="Informations personnelles"
    >
      {FIELDS.map(({ name, label, type = 'text', autoComplete, wide }) =>
        input(
          name,
          label,
          { type, autoComplete, required: true, className: invalidInputClass },
          { required: true, className: wide ? 'sm:col-span-2' : undefined },
        ),
      )}
      {field('country', 'Pays', (props) => (
        <select {...props} {...bind('country')} autoComplete="country" className={inputClass}>
          {COUNTRIES.map((country) => (
            <option key={country.value} value={country.value}>
              {country.label}
            </option>
          ))}
        </select>
      ))}
      <div className="flex items-end justify-end sm:col-span-2">
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? 'Enregistrement…' : 'Enregistrer'}
        </Button>
      </div>
    </form>
  );
}
