import type { Profile, ProfileUpdate } from '@vroum/core/profile';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { inputClass, labelClass } from '../../../components/ui/field';
import { ApiRequestError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useUpdateProfile } from '../api/profile';

type FormValues = Omit<ProfileUpdate, 'country'> & { country: string };

const FIELDS: {
  name: keyof FormValues;
  label: string;
  type?: string;
  autoComplete: string;
  wide?: boolean;
}[] = [
  { name: 'firstName', label: 'Prénom', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Nom', autoComplete: 'family-name' },
  { name: 'phone', label: 'Téléphone', type: 'tel', autoComplete: 'tel' },
  { name: 'dateOfBirth', label: 'Date de naissance', type: 'date', autoComplete: 'bday' },
  { name: 'address', label: 'Adresse', autoComplete: 'street-address', wide: true },
  { name: 'city', label: 'Ville', autoComplete: 'address-level2' },
  { name: 'postalCode', label: 'Code postal', autoComplete: 'postal-code' },
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
 * required.
 */
export function ProfileForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const [values, setValues] = useState<FormValues>({
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    phone: profile.phone ?? '',
    dateOfBirth: profile.dateOfBirth ?? '',
    address: profile.address ?? '',
    city: profile.city ?? '',
    postalCode: profile.postalCode ?? '',
    country: profile.country || 'FR',
  });
  const [missing, setMissing] = useState<Set<string>>(new Set());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const empty = FIELDS.filter((field) => !String(values[field.name]).trim()).map((f) => f.name);
    setMissing(new Set(empty));
    if (empty.length > 0) {
      notify.error('Informations manquantes', 'Veuillez remplir tous les champs obligatoires.');
      return;
    }
    update.mutate(values, {
      onSuccess: () => notify.success('Profil mis à jour'),
      onError: (error) =>
        notify.error(
          'Impossible de mettre à jour le profil',
          error instanceof ApiRequestError ? error.message : undefined,
        ),
    });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-5 sm:grid-cols-2"
      aria-label="Informations personnelles"
    >
      {FIELDS.map((field) => (
        <div key={field.name} className={field.wide ? 'sm:col-span-2' : undefined}>
          <label htmlFor={`profile-${field.name}`} className={labelClass}>
            {field.label}{' '}
            <span aria-hidden="true" className="text-gold-deep">
              *
            </span>
          </label>
          <input
            id={`profile-${field.name}`}
            type={field.type ?? 'text'}
            autoComplete={field.autoComplete}
            required
            aria-invalid={missing.has(field.name) || undefined}
            value={values[field.name]}
            onChange={(event) => setValues({ ...values, [field.name]: event.target.value })}
            className={`${inputClass} aria-[invalid=true]:border-danger`}
          />
        </div>
      ))}
      <div>
        <label htmlFor="profile-country" className={labelClass}>
          Pays
        </label>
        <select
          id="profile-country"
          autoComplete="country"
          value={values.country}
          onChange={(event) => setValues({ ...values, country: event.target.value })}
          className={inputClass}
        >
          {COUNTRIES.map((country) => (
            <option key={country.value} value={country.value}>
              {country.label}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-end justify-end sm:col-span-2">
        <Button type="submit" size="lg" disabled={update.isPending}>
          {update.isPending ? 'Enregistrement…' : 'Enregistrer'}
        </Button>
      </div>
    </form>
  );
}
