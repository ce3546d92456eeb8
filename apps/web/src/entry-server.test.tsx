// @vitest-environment node
import type { Vehicle, VehicleDetail } from '@vroum/core/vehicle';
import type { VehiclePhoto } from '@vroum/core/vehicle-photos';
import { beforeEach, describe, expect, it } from 'vitest';
import { configureRenderer, renderPage } from './entry-server';
import { jsonResponse } from './test/responses';

const panamera: Vehicle = {
  id: '6f0c2f3e-4b8a-4d55-9a57-0d6f3b1e2a11',
  slug: 'porsche-panamera',
  name: 'Porsche Panamera',
  brand: 'Porsche',
  category: 'Luxe',
  bodyType: 'berline',
  energy: 'hybride',
  imageUrl: '/images/vehicles/porsche-panamera.svg',
  mainPhoto: null,
  pricePerDayCents: 24_900,
  depositCents: 350_000,
  description: 'Une grande routière </script><script>alert(1)</script>',
  isAvailable: true,
  isSupercar: false,
  dailyKmLimit: null,
  features: { transmission: 'Automatique', seats: 4 },
  specs: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const photo: VehiclePhoto = {
  id: '0b7a3c1e-5d2f-4e8a-9c61-2f4d8e6a1b37',
  width: 1600,
  height: 1067,
  widths: [480, 960, 1600],
  formats: ['jpeg', 'webp', 'avif'],
};
const withPhotos: VehicleDetail = { ...panamera, slug: 'porsche-photos', photos: [photo] };

/** The API as the server answers it in process: the catalogue, and nothing else. */
let requests: string[] = [];
beforeEach(() => {
  requests = [];
  configureRenderer({
    site: { phone: '01 98 76 54 32' },
    fetchApi: async (url) => {
      requests.push(url);
      if (url === '/api/v1/vehicles?category=Luxe') return jsonResponse({ vehicles: [panamera] });
      if (url === '/api/v1/vehicles/porsche-panamera')
        return jsonResponse({ ...panamera, photos: [] });
      if (url === '/api/v1/vehicles/porsche-photos') return jsonResponse(withPhotos);
      if (url.endsWith('/reviews')) return jsonResponse({ reviews: [] });
      const { pathname, searchParams } = new URL(url, 'http://localhost');
      const period = { start: searchParams.get('start'), end: searchParams.get('end') };
      const periodPrices = { [panamera.id]: { days: 2, totalCents: 49_800 } };
      if (pathname === '/api/v1/search' && period.start && period.end) {
        return jsonResponse({ vehicles: [panamera], periodPrices, period, nextCursor: null });
      }
      if (pathname === '/api/v1/vehicles' && searchParams.get('category') === 'Luxe') {
        return jsonResponse({ vehicles: [panamera], unavailableVehicleIds: [], periodPrices });
      }
      return jsonResponse({ error: { code: 'not_found', message: 'Véhicule introuvable.' } }, 404);
    },
  });
});

describe('renderPage (the server renders landing pages)', () => {
  it('renders the fleet from the API answer it asked for, once, and hands it to the browser', async () => {
    const page = await renderPage('/flotte?category=luxe');
    expect(requests).toEqual(['/api/v1/vehicles?category=Luxe']);
    expect(page?.html).toContain('Porsche Panamera');
    expect(page?.html).toContain('01 98 76 54 32');
    const state = /<script type="application\/json" id="page-state">(.*)<\/script>$/s.exec(
      page!.stateElement,
    )?.[1];
    const cache = JSON.parse(state!) as {
      queries: { queryKey: unknown[]; state: { data: unknown } }[];
    };
    expect(cache.queries.map((query) => query.queryKey)).toEqual([
      ['vehicles', { category: 'Luxe' }],
    ]);
    // The description's markup cannot close the element early.
    expect(state).not.toContain('</script>');
  });

  it('renders a vehicle page, then its reviews once the page asks, never the session', async () => {
    const page = await renderPage('/vehicule/porsche-panamera');
    expect(requests).toEqual([
      '/api/v1/vehicles/porsche-panamera',
      '/api/v1/vehicles/porsche-panamera/reviews',
    ]);
    expect(page?.html).toContain('Porsche Panamera');
    expect(page?.html).toContain('Réserver maintenant');
    expect(page?.html).toContain('src="/images/vehicles/porsche-panamera.svg"');
  });

  it('renders a vehicle page with photos as a picture offering AVIF, WebP and JPEG at each width', async () => {
    const page = await renderPage('/vehicule/porsche-photos');
    const html = page!.html;
    const base = `/api/v1/vehicle-photos/${photo.id}`;
    expect(html).toContain(
      `<source type="image/avif" srcSet="${base}/480.avif 480w, ${base}/960.avif 960w, ${base}/1600.avif 1600w"`,
    );
    expect(html).toContain(`type="image/webp"`);
    expect(html).toContain(`src="${base}/960.jpg"`);
    expect(html).toContain('alt="Porsche Panamera" width="1600" height="1067"');
    expect(html).not.toContain('porsche-panamera.svg');
  });

  it('asks for nothing a page would not ask for: the fleet without a category, the home page', async () => {
    const fleet = await renderPage('/flotte');
    expect(fleet?.html).toContain('Choisissez une catégorie pour découvrir nos véhicules.');
    const home = await renderPage('/');
    expect(home?.html).toContain('avec ou sans chauffeur');
    expect(requests).toEqual([]);
  });

  it('answers what depends on a period too: the search results and the fleet’s free cars come in the page', async () => {
    const [start, end] = ['2027-03-01T09:00:00.000Z', '2027-03-03T09:00:00.000Z'];
    const search = await renderPage(`/recherche?start=${start}&end=${end}`);
    expect(search?.html).toContain('1 véhicule disponible');
    expect(search?.html).toContain('Porsche Panamera');
    expect(search?.html).toMatch(/498,00\s€/);
    expect(search?.html).not.toContain('aria-busy="true"');
    const fleet = await renderPage(`/flotte?category=luxe&startDate=${start}&endDate=${end}`);
    expect(fleet?.html).toContain('Porsche Panamera');
    expect(fleet?.html).not.toContain('aria-busy="true"');
    expect(requests.map((url) => new URL(url, 'http://localhost').pathname)).toEqual([
      '/api/v1/search',
      '/api/v1/vehicles',
    ]);
  });

  it('leaves a page whose data is an error to the browser', async () => {
    expect(await renderPage('/vehicule/pas-une-voiture')).toBeNull();
    expect(requests).toEqual(['/api/v1/vehicles/pas-une-voiture']);
  });
});
