import type { Profile } from '@vroum/core/profile';

/** The person's details kept in the profile and asked again of the main driver at checkout. */
export type PersonalDetail =
  'firstName' | 'lastName' | 'dateOfBirth' | 'phone' | 'address' | 'city' | 'postalCode';

export interface DetailField<Name extends string = PersonalDetail> {
  name: Name;
  label: string;
  type?: 'email' | 'tel' | 'date';
  autoComplete: string;
  /** Spans both columns of the form. */
  wide?: boolean;
}

/** Each detail's field: its label, its keyboard and the browser's autofill. */
export const DETAIL_FIELDS: { [Name in PersonalDetail]: DetailField<Name> } = {
  firstName: { name: 'firstName', label: 'Prénom', autoComplete: 'given-name' },
  lastName: { name: 'lastName', label: 'Nom', autoComplete: 'family-name' },
  dateOfBirth: {
    name: 'dateOfBirth',
    label: 'Date de naissance',
    type: 'date',
    autoComplete: 'bday',
  },
  phone: { name: 'phone', label: 'Téléphone', type: 'tel', autoComplete: 'tel' },
  address: { name: 'address', label: 'Adresse', autoComplete: 'street-address', wide: true },
  city: { name: 'city', label: 'Ville', autoComplete: 'address-level2' },
  postalCode: { name: 'postalCode', label: 'Code postal', autoComplete: 'postal-code' },
};

/** The details as a form's values: what the profile holds, '' where it holds nothing. */
export function personalDetails(profile: Profile | undefined): Record<PersonalDetail, string> {
  return {
    firstName: profile?.firstName ?? '',
    lastName: profile?.lastName ?? '',
    dateOfBirth: profile?.dateOfBirth ?? '',
    phone: profile?.phone ?? '',
    address: profile?.address ?? '',
    city: profile?.city ?? '',
    postalCode: profile?.postalCode ?? '',
  };
}
