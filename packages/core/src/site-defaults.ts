import type { SiteInfo } from './site';

export type { SiteInfo };

/** The demo company's public facts; the server overrides them from its environment. */
export const DEFAULT_SITE: SiteInfo = {
  brandName: 'Vroum Prestige',
  phone: '01 84 60 25 25',
  phoneE164: '+33184602525',
  email: 'contact@vroum-prestige.fr',
  messagingUrl: 'https://wa.me/33184602525',
  legalName: 'Vroum Prestige SAS',
  legalAddress: '12 avenue de la Grande Armée, 75017 Paris',
  agencyAddress: '12 avenue de la Grande Armée, 75017 Paris',
  registration: 'SAS au capital de 50\u00a0000\u00a0€ · RCS Paris 912\u00a0345\u00a0678',
  legalForm: 'SAS',
  shareCapital: '50\u00a0000\u00a0€',
  siren: '912345678',
  siret: '91234567800015',
  rcsCity: 'Paris',
  vatNumber: 'FR74912345678',
  publicUrl: 'http://localhost:3000',
};
