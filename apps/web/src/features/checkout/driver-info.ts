// Types only: the checkout schemas carry zod, which the browser bundle does without.
import type { DriverInfo, LICENSE_COUNTRIES, RESIDENCE_COUNTRIES } from '@vroum/core/checkout';
import type { Profile } from '@vroum/core/profile';
import { DETAIL_FIELDS, personalDetails, type DetailField } from '../../lib/personal-details';
import { MESSAGES } from './checkout-messages';

export type DriverField = keyof DriverInfo;
/** The form's values: text as typed (the selects hold one of their codes). */
export type DriverValues = Record<DriverField, string>;

export interface DriverFieldSpec extends DetailField<DriverField> {
  options?: readonly { value: string; label: string }[];
}

type LicenseCountry = (typeof LICENSE_COUNTRIES)[number];
type ResidenceCountry = (typeof RESIDENCE_COUNTRIES)[number];

/** Every code of the shared lists, named (the Record type keeps them in step with core). */
const LICENSE_COUNTRY_NAMES: Record<LicenseCountry, string> = {
  FR: 'France',
  BE: 'Belgique',
  CH: 'Suisse',
  DE: 'Allemagne',
  ES: 'Espagne',
  IT: 'Italie',
  GB: 'Royaume-Uni',
  US: 'États-Unis',
  CA: 'Canada',
};
const RESIDENCE_COUNTRY_NAMES: Record<ResidenceCountry, string> = {
  FR: 'France',
  BE: 'Belgique',
  CH: 'Suisse',
  Other: 'Autre',
};

const asOptions = (names: Record<string, string>) =>
  Object.entries(names).map(([value, label]) => ({ value, label }));

/** The twelve fields of the main driver, in the order of the form. */
export const DRIVER_FIELDS: readonly DriverFieldSpec[] = [
  DETAIL_FIELDS.firstName,
  DETAIL_FIELDS.lastName,
  DETAIL_FIELDS.dateOfBirth,
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  DETAIL_FIELDS.phone,
  { name: 'licenseNumber', label: 'Numéro de permis', autoComplete: 'off' },
  {
    name: 'licenseIssueDate',
    label: 'Date d’obtention du permis',
    type: 'date',
    autoComplete: 'off',
  },
  {
    name: 'licenseCountry',
    label: 'Pays de délivrance du permis',
    autoComplete: 'off',
    options: asOptions(LICENSE_COUNTRY_NAMES),
  },
  DETAIL_FIELDS.address,
  DETAIL_FIELDS.city,
  DETAIL_FIELDS.postalCode,
  {
    name: 'country',
    label: 'Pays de résidence',
    autoComplete: 'off',
    options: asOptions(RESIDENCE_COUNTRY_NAMES),
  },
];

export const emptyDriver = (email = ''): DriverValues => ({
  firstName: '',
  lastName: '',
  dateOfBirth: '',
  licenseNumber: '',
  licenseIssueDate: '',
  licenseCountry: 'FR',
  email,
  phone: '',
  address: '',
  city: '',
  postalCode: '',
  country: 'FR',
});

/** The driver prefilled from the profile (a country outside the list becomes 'Autre'). */
export function driverFromProfile(
  profile: Profile | undefined,
  accountEmail: string,
): DriverValues {
  const driver = emptyDriver(profile?.email || accountEmail);
  if (!profile) return driver;
  const country = Object.hasOwn(RESIDENCE_COUNTRY_NAMES, profile.country)
    ? profile.country
    : profile.country
      ? 'Other'
      : 'FR';
  return {
    ...driver,
    ...personalDetails(profile),
    country,
    licenseNumber: profile.licenseNumber ?? '',
    licenseIssueDate: profile.licenseIssueDate ?? '',
    licenseCountry: Object.hasOwn(LICENSE_COUNTRY_NAMES, profile.licenseCountry ?? '')
      ? (profile.licenseCountry as string)
      : driver.licenseCountry,
  };
}

/**
 * Whether the driver as typed says more than the profile holds (a first checkout, a new address
 * or licence): checkout then offers to keep it. The e-mail is the account's, not the profile's.
 */
export function differsFromProfile(
  values: DriverValues,
  profile: Profile | undefined,
  accountEmail: string,
): boolean {
  const kept = driverFromProfile(profile, accountEmail);
  return DRIVER_FIELDS.some(
    ({ name }) => name !== 'email' && values[name].trim() !== kept[name].trim(),
  );
}

/** A simple address pattern: something@something.tld, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type DriverCheck =
  | { ok: true; driver: DriverInfo }
  | { ok: false; title: string; message: string; invalid: DriverField[] };

/**
 * Checkout step 1: all twelve fields non-empty after trimming, then the e-mail pattern.
 * Conditions of age and licence are the server's to check, with its own French message.
 */
export function checkDriver(values: DriverValues): DriverCheck {
  const trimmed = Object.fromEntries(
    DRIVER_FIELDS.map(({ name }) => [name, values[name].trim()]),
  ) as DriverValues;
  const empty = DRIVER_FIELDS.filter(({ name }) => trimmed[name] === '').map(({ name }) => name);
  if (empty.length > 0) {
    const [title, message] = MESSAGES.missingFields;
    return { ok: false, title, message, invalid: empty };
  }
  if (!EMAIL_PATTERN.test(trimmed.email)) {
    const [title, message] = MESSAGES.invalidEmail;
    return { ok: false, title, message, invalid: ['email'] };
  }
  return { ok: true, driver: trimmed as DriverInfo };
}
