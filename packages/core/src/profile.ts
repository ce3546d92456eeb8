import { z } from 'zod';

export const AccountStatus = z.enum(['pending', 'validated', 'rejected']);
export type AccountStatus = z.infer<typeof AccountStatus>;

const required = (label: string, max = 120) =>
  z
    .string({ error: `${label} est obligatoire.` })
    .trim()
    .min(1, `${label} est obligatoire.`)
    .max(max, `${label} est trop long.`);

/** The profile form: every field is required. */
export const ProfileUpdate = z.object({
  firstName: required('Le prénom', 80),
  lastName: required('Le nom', 80),
  phone: required('Le téléphone', 30).regex(
    /^\+?[0-9 ().-]{6,}$/,
    'Le numéro de téléphone est invalide.',
  ),
  dateOfBirth: z.iso.date({ error: 'La date de naissance est invalide.' }).refine((value) => {
    const birth = Date.parse(value);
    return birth < Date.now() && birth > Date.parse('1900-01-01');
  }, 'La date de naissance est invalide.'),
  address: required('L’adresse', 200),
  city: required('La ville', 100),
  postalCode: required('Le code postal', 12),
  country: z.string().trim().min(2).max(2).toUpperCase().default('FR'),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdate>;

export const Profile = z.object({
  userId: z.uuid(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string(),
  /** The driving licence, kept when a checkout's driver was saved to the profile. */
  licenseNumber: z.string().nullable(),
  licenseIssueDate: z.string().nullable(),
  licenseCountry: z.string().nullable(),
  accountStatus: AccountStatus,
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof Profile>;
