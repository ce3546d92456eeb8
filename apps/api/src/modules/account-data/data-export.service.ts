import { strToU8, zipSync, type Zippable } from 'fflate';
import type { FastifyBaseLogger } from 'fastify';
import { frenchSpacing } from '@vroum/core/french-typography';
import type { SiteInfo } from '@vroum/core/site';
import type { Database } from '../../db/client';
import { readObjectBytes } from '../../providers/storage/read-bytes';
import type { ObjectStorage } from '../../providers/storage/object-storage';
import { readCustomerDocumentPdfs } from '../invoicing/document-files';
import { findRentalPdfKeys, readUserData, type UserData } from './data-export.repository';

export interface DataExportDeps {
  db: Database;
  storage: ObjectStorage;
  site: SiteInfo;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/** Each JSON file of the archive and the sections it holds. */
const FILES: Record<string, (keyof UserData)[]> = {
  'compte.json': [
    'account',
    'profile',
    'roles',
    'signInMethods',
    'passkeys',
    'sessions',
    'knownDevices',
  ],
  'reservations.json': ['bookings', 'payments', 'moneyMovements'],
  'documents.json': ['documents', 'identityChecks'],
  'contrats.json': ['contracts'],
  'factures-et-avoirs.json': ['invoices'],
  'etats-des-lieux.json': ['inspections'],
  'litiges.json': ['disputes', 'damageClaims'],
  'messages.json': ['mails'],
  'notifications.json': ['notifications'],
  'favoris.json': ['favourites'],
  'avis.json': ['reviews'],
  'codes-promo.json': ['promotionCodes'],
};

const readme = (site: SiteInfo, at: Date) =>
  [
    `Vos données chez ${site.brandName}, exportées le ${at.toISOString()}.`,
    '',
    'Chaque fichier JSON regroupe une partie de vos données (dates en UTC, montants en centimes) :',
    '- compte.json : compte, profil, moyens de connexion, clés d’accès, sessions ouvertes et appareils connus ;',
    '- reservations.json : réservations, paiements et mouvements d’argent ;',
    '- documents.json : la liste de vos justificatifs et les vérifications d’identité ;',
    '- contrats.json, factures-et-avoirs.json, etats-des-lieux.json, litiges.json ;',
    '- messages.json : les e-mails que nous vous avons envoyés ;',
    '- notifications.json, favoris.json, adresses.json, avis.json, codes-promo.json.',
    '',
    'Les dossiers contrats/, factures/ et etats-des-lieux/ contiennent les PDF tels qu’ils ont été émis.',
    'Vos justificatifs eux-mêmes se téléchargent depuis l’onglet Documents de votre profil.',
    'Les conversations avec l’assistant ne sont pas enregistrées sur nos serveurs.',
    '',
    `Une question sur vos données : ${site.email}.`,
  ]
    .map(frenchSpacing)
    .join('\n');

/** Every address the user gave: the profile's and each booking's delivery and return. */
function addressesOf(data: UserData) {
  const profile = data.profile[0];
  const home = profile?.address
    ? [
        {
          usage: 'profil',
          address: profile.address,
          postalCode: profile.postal_code,
          city: profile.city,
        },
      ]
    : [];
  const rentals = data.bookings.flatMap((booking) => [
    { usage: 'livraison', reference: booking.reference, address: booking.pickup_location },
    { usage: 'restitution', reference: booking.reference, address: booking.return_location },
  ]);
  return [...home, ...rentals];
}

const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);

/**
 * The signed-in user's data as a ZIP: one JSON file per subject, readable and machine-readable,
 * and the PDFs of their contracts, invoices, credit notes and inspection reports. A stored PDF
 * that cannot be read is left out (and logged) rather than failing the whole export.
 */
export async function buildDataExport(deps: DataExportDeps, userId: string): Promise<Buffer> {
  const data = await readUserData(deps.db, userId);
  const now = new Date();
  const entries: Zippable = { 'LISEZMOI.txt': strToU8(readme(deps.site, now)) };
  for (const [name, sections] of Object.entries(FILES)) {
    entries[name] = json(Object.fromEntries(sections.map((key) => [key, data[key]])));
  }
  entries['adresses.json'] = json({ addresses: addressesOf(data) });

  for (const file of await readCustomerDocumentPdfs(deps, userId)) {
    entries[`factures/${file.fileName}`] = [file.bytes, { level: 0 }];
  }
  for (const pdf of await findRentalPdfKeys(deps.db, userId)) {
    const stored = await deps.storage.get(pdf.key);
    if (!stored) {
      deps.log.warn({ storageKey: pdf.key }, 'a PDF of the data export is missing');
      continue;
    }
    const folder = pdf.kind === 'contract' ? 'contrats' : 'etats-des-lieux';
    entries[`${folder}/${pdf.name}.pdf`] = [await readObjectBytes(stored.body), { level: 0 }];
  }
  return Buffer.from(zipSync(entries, { level: 6 }));
}
