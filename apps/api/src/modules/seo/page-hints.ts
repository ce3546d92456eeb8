import { RentalPeriod } from '@vroum/core/availability';
import { FLEET_TABS, resolveFleetCategory } from '@vroum/core/fleet-filters';
import { HOME_HERO_IMAGE } from '@vroum/core/home';
import { urlInstant } from '@vroum/core/period-rules';
import type { Vehicle } from '@vroum/core/vehicle';
import {
  CARD_IMAGE_SIZES,
  GALLERY_IMAGE_SIZES,
  vehiclePhotoSources,
} from '@vroum/core/vehicle-photo-sources';
import type { Queryable } from '../../db/client';
import { getVehicleBySlug, listFreeVehiclesPage, listVehicles } from '../vehicles/vehicles.service';

const CHECKOUT_ANSWERS = ['/api/auth/get-session', '/api/v1/me/profile', '/api/v1/payments/config'];

/**
 * Cards whose images are fetched ahead on the fleet and the search results: those a phone or a
 * desktop shows first.
 */
const CARD_IMAGES_AHEAD = 3;

const escapeAttribute = (value: string) =>
  value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The API answer the page renders from, as the page's script will ask for it (same URL and mode). */
const apiAnswerPreload = (url: string) =>
  `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeAttribute(url)}">`;
const imagePreload = (url: string) =>
  `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(url)}">`;

/**
 * The image a vehicle shows first: its main photo in the best format ready, at the width the
 * browser will pick for `sizes` (the same as the page's), or else its illustration.
 */
function vehicleImagePreload(vehicle: Vehicle, sizes: string): string {
  if (!vehicle.mainPhoto) return imagePreload(vehicle.imageUrl);
  const { sources, jpeg } = vehiclePhotoSources(vehicle.mainPhoto);
  const best = sources[0] ?? jpeg;
  return (
    `<link rel="preload" as="image" fetchpriority="high" type="${best.type}"` +
    ` imagesrcset="${escapeAttribute(best.srcSet)}" imagesizes="${escapeAttribute(sizes)}">`
  );
}

/**
 * What a landing page asks for as soon as its script has run, announced in its HTML so that the
 * browser fetches it alongside the scripts: the API answer the page renders from (reused by the
 * page's own request) and the images it shows first. On a phone's connection this takes the
 * round trips after the scripts off the largest paint. A page rendered on the server carries its
 * API answers (`dataInPage`): only its images are announced. Returns link tags ('' when none).
 */
export async function pageHints(
  db: Queryable,
  path: string,
  search: URLSearchParams,
  { dataInPage = false }: { dataInPage?: boolean } = {},
) {
  const apiPreload = (url: string) => (dataInPage ? '' : apiAnswerPreload(url));
  if (path === '/') return imagePreload(HOME_HERO_IMAGE);
  // The checkout asks who is signed in, then their profile (the main driver) and the card form.
  if (path === '/checkout') return CHECKOUT_ANSWERS.map(apiAnswerPreload).join('');

  if (path === '/flotte') {
    const resolved = resolveFleetCategory(search.get('category'));
    // With dates the page asks for more (the cars taken then): left to the page.
    if (!resolved || search.has('startDate') || search.has('endDate')) return '';
    const category = FLEET_TABS.find((tab) => tab.value === resolved.tab)!.category;
    const vehicles = await listVehicles(db, { category, availableOnly: true });
    return (
      apiPreload(`/api/v1/vehicles?${new URLSearchParams({ category }).toString()}`) +
      vehicles
        .slice(0, CARD_IMAGES_AHEAD)
        .map((vehicle) => vehicleImagePreload(vehicle, CARD_IMAGE_SIZES))
        .join('')
    );
  }

  // The search results: their answer when the page is not sent rendered with it, and the first
  // cars' pictures in any case.
  if (path === '/recherche') {
    const period = { start: urlInstant(search.get('start')), end: urlInstant(search.get('end')) };
    if (!RentalPeriod.safeParse(period).success) return '';
    const { vehicles } = await listFreeVehiclesPage(db, { period, limit: CARD_IMAGES_AHEAD });
    return (
      apiPreload(`/api/v1/search?${new URLSearchParams(period).toString()}`) +
      vehicles.map((vehicle) => vehicleImagePreload(vehicle, CARD_IMAGE_SIZES)).join('')
    );
  }

  const slug = /^\/vehicule\/([^/]+)$/.exec(path)?.[1];
  if (slug) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(slug);
    } catch {
      return '';
    }
    const vehicle = await getVehicleBySlug(db, decoded);
    if (!vehicle) return '';
    return (
      apiPreload(`/api/v1/vehicles/${encodeURIComponent(decoded)}`) +
      vehicleImagePreload(vehicle, GALLERY_IMAGE_SIZES)
    );
  }
  return '';
}
