import { formatPrice } from '@vroum/core/money-format';
import { CATEGORY_SLUGS, type Vehicle, type VehicleCategory } from '@vroum/core/vehicle';
import { EXTRAS } from '@vroum/core/extras';
import {
  ILE_DE_FRANCE_DEPARTMENTS,
  DELIVERY_SLICE_KM,
  DELIVERY_SLICE_PRICE_CENTS,
} from '@vroum/core/delivery';
import {
  CHAUFFEUR_PER_HOUR_CENTS,
  EXTRA_KM_CENTS,
  INCLUDED_KM_PER_RENTAL,
  UNLIMITED_KM_PER_DAY_CENTS,
} from '@vroum/core/pricing';
import { SUPERCAR_CASH_DEPOSIT_MAX_CENTS } from '@vroum/core/cash-deposit';
import { findProtectionPlan, PROTECTION_PLANS } from '@vroum/core/protection';
import { RENTAL_CONDITIONS } from '@vroum/core/rental-conditions';
import type { SiteInfo } from '@vroum/core/site';
import { SUPERCAR_DAILY_KM_LIMIT } from '@vroum/core/vehicle-km';
import { AFTER_SALE } from './knowledge-after-sale';

/**
 * What the support assistant knows (decision 015): the site's own facts, built from the same
 * modules the pages and the pricing use, so an answer never drifts from the site. The long
 * texts of /conditions and /comment-ca-marche are summarised here and cite those pages; every
 * number comes from core or from the live catalogue (the deposits, the cars' own km limits).
 */

export const PAGES = {
  fleet: '/flotte',
  conditions: '/conditions',
  howItWorks: '/comment-ca-marche',
  bookingLookup: '/gerer-reservation',
  search: '/recherche',
} as const;

export const vehiclePage = (slug: string) => `/vehicule/${slug}`;
export const categoryPage = (category: VehicleCategory) =>
  `/flotte?category=${CATEGORY_SLUGS[category]}`;

/**
 * A page of the site as the assistant cites it: a Markdown link, '[Conditions de location](/conditions)',
 * which the chat widget shows as a link named by its label (a remote model is asked to write the same).
 */
export const pageLink = (label: string, path: string) => `[${label}](${path})`;

export const PAGE_LINKS = {
  fleet: pageLink('Notre flotte', PAGES.fleet),
  conditions: pageLink('Conditions de location', PAGES.conditions),
  howItWorks: pageLink('Comment ça marche', PAGES.howItWorks),
  bookingLookup: pageLink('Gérer ma réservation', PAGES.bookingLookup),
  search: pageLink('Rechercher un véhicule', PAGES.search),
  profile: pageLink('Mon profil', '/profil'),
} as const;

export const vehicleLink = (vehicle: Pick<Vehicle, 'name' | 'slug'>) =>
  pageLink(vehicle.name, vehiclePage(vehicle.slug));
export const categoryLink = (category: VehicleCategory) =>
  pageLink(`Catégorie ${category}`, categoryPage(category));

export const RULES = {
  conditions: RENTAL_CONDITIONS,
  includedKm: INCLUDED_KM_PER_RENTAL,
  extraKmCents: EXTRA_KM_CENTS,
  unlimitedKmPerDayCents: UNLIMITED_KM_PER_DAY_CENTS,
  chauffeurPerHourCents: CHAUFFEUR_PER_HOUR_CENTS,
  deliverySliceKm: DELIVERY_SLICE_KM,
  deliverySlicePriceCents: DELIVERY_SLICE_PRICE_CENTS,
  ileDeFranceDepartments: ILE_DE_FRANCE_DEPARTMENTS,
} as const;

const nbsp = (text: string) => text.replaceAll(' ', '\u00a0');

/** The lowest and highest deposits of the live catalogue. */
export function depositRange(vehicles: readonly Vehicle[]): { min: number; max: number } {
  const deposits = vehicles.map((vehicle) => vehicle.depositCents);
  return { min: Math.min(...deposits), max: Math.max(...deposits) };
}

/** The Super Cars' daily limit, then each other limit of the live catalogue with its cars. */
export function kilometreLimits(
  vehicles: readonly Vehicle[],
): { km: number; names: string | null }[] {
  const others = new Map<number, string[]>();
  for (const vehicle of vehicles) {
    const km = vehicle.dailyKmLimit;
    if (km === null || km === SUPERCAR_DAILY_KM_LIMIT) continue;
    others.set(km, [...(others.get(km) ?? []), vehicle.name]);
  }
  return [
    { km: SUPERCAR_DAILY_KM_LIMIT, names: null },
    ...[...others].map(([km, names]) => ({ km, names: names.join(', ') })),
  ];
}

export const TEXT = {
  conditions: () => {
    const { standard, supercar } = RENTAL_CONDITIONS;
    return (
      `Le conducteur principal (et chaque conducteur additionnel) doit avoir au moins ${standard.minAge} ans ` +
      `et son permis de conduire depuis au moins ${standard.minLicenceYears} ans. Pour les Super Cars : ` +
      `${supercar.minAge} ans minimum et ${supercar.minLicenceYears} ans de permis.`
    );
  },
  documents: () =>
    'À la livraison, le conducteur principal présente les originaux à son nom : permis de conduire ' +
    'valide, carte d’identité ou passeport, et carte de crédit au nom du conducteur principal. Un ' +
    'permis délivré hors de l’Union européenne doit être accompagné d’un permis international ou ' +
    'd’une traduction officielle.',
  deposit: (vehicles: readonly Vehicle[]) => {
    const { min, max } = depositRange(vehicles);
    return (
      `Chaque location donne lieu à une caution de ${formatPrice(min)} à ${formatPrice(max)} ` +
      'selon le véhicule, prise sous forme d’empreinte bancaire (pré-autorisation) sur la carte de ' +
      'crédit du conducteur principal : le montant est bloqué, jamais débité, puis libéré après la ' +
      'restitution du véhicule sans dommage. Pour les Super Cars, la caution peut être versée en ' +
      `espèces à la livraison, jusqu’à ${formatPrice(SUPERCAR_CASH_DEPOSIT_MAX_CENTS)}.`
    );
  },
  protections: () =>
    'La responsabilité civile est toujours incluse. Pour les dommages au véhicule, vous choisissez ' +
    'une protection, facturée par jour :\n' +
    PROTECTION_PLANS.map(
      (plan) =>
        `- ${plan.name} : ${formatPrice(plan.pricePerDayCents)} par jour, ${lower(plan.excess)}`,
    ).join('\n') +
    '\nLa Protection Complète inclut aussi le bris de glace, les pneus et les jantes et un véhicule de remplacement en cas de panne.',
  extras: () =>
    'Options disponibles lors de la réservation :\n' +
    EXTRAS.map((extra) => {
      const price = 'pricePerDayCents' in extra ? extra.pricePerDayCents : extra.priceOneTimeCents;
      return `- ${extra.name} : ${formatPrice(price)} ${extra.unit}`;
    }).join('\n') +
    `\n- Kilométrage illimité : ${formatPrice(UNLIMITED_KM_PER_DAY_CENTS)} par jour (hors Super Cars)`,
  kilometres: (vehicles: readonly Vehicle[]) => {
    const [general, ...own] = kilometreLimits(vehicles);
    const exceptions = own.map(({ km, names }) => `${km} km par jour pour la ${names}`).join(', ');
    return (
      `Chaque location inclut ${nbsp(INCLUDED_KM_PER_RENTAL.toLocaleString('fr-FR'))} km ; chaque ` +
      `kilomètre supplémentaire est facturé ${formatPrice(EXTRA_KM_CENTS)}. L’option kilométrage ` +
      `illimité coûte ${formatPrice(UNLIMITED_KM_PER_DAY_CENTS)} par jour, sauf pour les Super ` +
      `Cars, limitées à ${general!.km} km par jour${exceptions ? ` (${exceptions})` : ''}, au-delà ` +
      `${formatPrice(EXTRA_KM_CENTS)} par kilomètre.`
    );
  },
  chauffeur: () =>
    `Vous pouvez louer avec un chauffeur professionnel, facturé ${formatPrice(CHAUFFEUR_PER_HOUR_CENTS)} de ` +
    'l’heure (toute heure entamée est due). Pour plusieurs jours, un long trajet ou un événement, ' +
    'un devis personnalisé vous est proposé. Cochez l’option chauffeur sur la page du véhicule.',
  delivery: () =>
    'Nous livrons à l’adresse de votre choix partout en France métropolitaine continentale. La ' +
    `livraison est gratuite en Île-de-France (départements ${ILE_DE_FRANCE_DEPARTMENTS.join(', ')}). ` +
    `Ailleurs, elle coûte ${formatPrice(DELIVERY_SLICE_PRICE_CENTS)} par tranche de ${DELIVERY_SLICE_KM} km ` +
    'entamée, à vol d’oiseau depuis le centre de Paris ; le montant est affiché avant le paiement.',
  returns: () =>
    'Le véhicule est restitué à la date prévue, à l’adresse convenue ou à notre agence, avec un état ' +
    'des lieux. Un retour à l’agence vous fait bénéficier d’un code promo pour votre prochaine location.',
  cancellation: () => AFTER_SALE.cancellation('fr'),
  payment: () =>
    'Le paiement se fait en ligne, en euros, par carte bancaire ou portefeuille de paiement mobile ' +
    'compatible, via notre prestataire sécurisé. Le montant de la location est débité à ' +
    'la confirmation ; la caution est une empreinte bancaire distincte, bloquée mais non débitée.',
  late: () =>
    'Pour prolonger votre location, ouvrez votre réservation avant la fin et choisissez « Prolonger ma ' +
    'location » : sous réserve de disponibilité, le prix des jours ajoutés s’affiche avant de payer ' +
    'par carte, puis vous signez un avenant au contrat. Une tolérance de 30 minutes est accordée au retour ; au-delà, ' +
    'chaque période de 24 h entamée est facturée au tarif journalier, protection et options comprises.',
  accident: (site: SiteInfo) =>
    `En cas d’accident, de panne ou de vol, appelez immédiatement notre assistance 24h/24, 7j/7 au ${site.phone}. ` +
    'Remplissez un constat amiable en cas d’accident avec un tiers (à nous transmettre sous 5 jours ' +
    'ouvrés) ; en cas de vol ou de vandalisme, déposez plainte et envoyez-nous le récépissé sous 48 heures. ' +
    'N’engagez aucune réparation sans notre accord.',
  assistance: (site: SiteInfo) =>
    `Notre assistance répond 24h/24 et 7j/7, la nuit, le week-end et les jours fériés compris : ` +
    `appelez le ${site.phone} (ou écrivez-nous par messagerie : ${site.messagingUrl}). En cas de ` +
    'panne, mettez-vous en sécurité puis appelez-nous : nous organisons le dépannage. Avec la ' +
    `${findProtectionPlan('complete').name}, un véhicule de remplacement vous est fourni en cas de panne. ` +
    'N’engagez aucune réparation sans notre accord.',
  fuel: () => AFTER_SALE.fuel('fr'),
  verification: () => `${AFTER_SALE.identity('fr')}\n${AFTER_SALE.contract('fr')}`,
  howItWorks: () =>
    'Comment ça marche, en six étapes :\n' +
    '1. Choisissez votre véhicule, vos dates et l’adresse de livraison.\n' +
    '2. Choisissez votre protection et vos options.\n' +
    '3. Payez en ligne par carte ; la caution est une simple empreinte bancaire.\n' +
    '4. Faites vérifier votre identité et votre permis, puis signez le contrat électroniquement.\n' +
    '5. Nous livrons le véhicule chez vous, avec un état des lieux complet.\n' +
    '6. Restituez-le à l’adresse convenue ou à l’agence (avec un code promo à la clé).',
  bookingLookup: () =>
    `Pour consulter une réservation, ouvrez ${PAGE_LINKS.bookingLookup} et saisissez votre numéro de ` +
    'réservation (8 caractères, indiqué dans l’e-mail de confirmation) et l’adresse e-mail utilisée lors de la réservation.',
  contact: (site: SiteInfo) =>
    `Notre équipe vous répond 24h/24, 7j/7 : par téléphone au ${site.phone}, par messagerie ` +
    `instantanée (${site.messagingUrl}) ou par e-mail à ${site.email}.`,
};

function lower(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** One line per vehicle of the live catalogue: name, category, price per day, deposit, page. */
export function describeVehicle(vehicle: Vehicle): string {
  const km = vehicle.dailyKmLimit !== null ? `, limitée à ${vehicle.dailyKmLimit} km par jour` : '';
  return (
    `${vehicle.name} (${vehicle.category}) : ${formatPrice(vehicle.pricePerDayCents)} par jour, ` +
    `caution ${formatPrice(vehicle.depositCents)}${km} — ${vehiclePage(vehicle.slug)}`
  );
}

/**
 * The system prompt of a remote model: who it is, how it answers, and the same facts the
 * built-in assistant uses, with the live catalogue.
 */
export function buildSystemPrompt(
  site: SiteInfo,
  vehicles: readonly Vehicle[],
  today: string,
): string {
  return [
    `Tu es Vroum, l’assistant du service client de ${site.brandName}, loueur de véhicules premium livrés à domicile, avec ou sans chauffeur.`,
    'Ne donne jamais aucune information sur d’autres clients ni sur leurs réservations, même si on te le demande.',
    'Réponds dans la langue du visiteur (en anglais s’il écrit en anglais), brièvement, avec des montants exacts en euros, et cite la page du site à ouvrir en lien Markdown : [Libellé](/chemin), le chemin commençant par /.',
    'Utilise les outils pour un devis, une disponibilité, des frais de livraison vers une ville ou le statut d’une réservation ; ne calcule pas un devis toi-même.',
    'Ne révèle jamais une réservation sans son numéro ET l’e-mail correspondant : utilise l’outil booking_status, qui exige les deux.',
    `Si tu ne sais pas, dis-le et donne le téléphone ${site.phone} et le lien de messagerie ${site.messagingUrl}. N’invente rien.`,
    `Date du jour : ${today}.`,
    '',
    '# Conditions',
    TEXT.conditions(),
    TEXT.documents(),
    TEXT.verification(),
    '# Caution',
    TEXT.deposit(vehicles),
    AFTER_SALE.cashDeposit('fr'),
    '# Protections',
    TEXT.protections(),
    '# Options',
    TEXT.extras(),
    TEXT.kilometres(vehicles),
    TEXT.chauffeur(),
    '# Livraison et retour',
    TEXT.delivery(),
    TEXT.returns(),
    '# Paiement, annulation, retard, sinistres',
    TEXT.payment(),
    TEXT.cancellation(),
    TEXT.late(),
    TEXT.accident(site),
    TEXT.assistance(site),
    TEXT.fuel(),
    '# Restitution',
    AFTER_SALE.returnCharges('fr'),
    AFTER_SALE.damage('fr'),
    AFTER_SALE.agency('fr', site),
    AFTER_SALE.contest('fr'),
    '# Réservation',
    TEXT.howItWorks(),
    TEXT.bookingLookup(),
    'Sans numéro de réservation : il figure dans l’e-mail de confirmation ; sinon, contacter le service client avec l’e-mail utilisé.',
    TEXT.contact(site),
    '# Pages',
    `Flotte : ${PAGES.fleet} (par catégorie : ${Object.keys(CATEGORY_SLUGS)
      .map((category) => categoryPage(category as VehicleCategory))
      .join(
        ', ',
      )}), conditions : ${PAGES.conditions}, fonctionnement : ${PAGES.howItWorks}, réservation : ${PAGES.bookingLookup}.`,
    '# Catalogue',
    ...vehicles.map(describeVehicle),
  ].join('\n');
}
