import { z } from 'zod';

/**
 * Public facts about the company shown across the site (brand, contact channels, legal entity).
 * The server reads them from the environment and hands them to the SPA; these defaults are the
 * demo company's.
 */
export const SiteInfo = z.object({
  brandName: z.string().min(1),
  /** Phone number as displayed, e.g. '01 84 60 25 25'. */
  phone: z.string().min(1),
  /** The same number in E.164 for tel: links, e.g. '+33184602525'. */
  phoneE164: z.string().min(1),
  email: z.email(),
  /** External link to the 24/7 messaging-app support (WhatsApp or similar). */
  messagingUrl: z.url(),
  legalName: z.string().min(1),
  legalAddress: z.string().min(1),
  /** Where customers may return a car themselves (the agency), as a geocodable address. */
  agencyAddress: z.string().min(1),
  registration: z.string().min(1),
  /** The company's legal form, printed on invoices (e.g. 'SAS'). */
  legalForm: z.string().min(1),
  /** The share capital as printed, e.g. '50\u00a0000\u00a0€'. */
  shareCapital: z.string().min(1),
  siren: z.string().regex(/^\d{9}$/, 'SIREN : 9 chiffres'),
  siret: z.string().regex(/^\d{14}$/, 'SIRET : 14 chiffres'),
  /** The city of the trade register (RCS) the company is registered at. */
  rcsCity: z.string().min(1),
  /** The intra-community VAT number, e.g. 'FR74912345678'. */
  vatNumber: z.string().regex(/^[A-Z]{2}[0-9A-Z]{2,13}$/, 'Numéro de TVA invalide'),
  /** Publicly reachable origin of the site, used in canonical links and mails. */
  publicUrl: z.url(),
});
export type SiteInfo = z.infer<typeof SiteInfo>;
