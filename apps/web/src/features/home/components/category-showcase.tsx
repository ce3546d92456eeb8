import { ArrowUpRight } from 'lucide-react';
import { Link } from '../../../lib/navigation';

const CATEGORIES = [
  {
    slug: 'standard',
    name: 'Standard',
    from: 'dès 45\u00a0€ / jour',
    image: '/images/vehicles/peugeot-208.svg',
    blurb: 'Citadines récentes, agiles et économiques.',
  },
  {
    slug: 'premium',
    name: 'Premium',
    from: 'dès 92\u00a0€ / jour',
    image: '/images/vehicles/bmw-serie-3.svg',
    blurb: 'Berlines allemandes pour vos déplacements d’affaires.',
  },
  {
    slug: 'luxe',
    name: 'Luxe',
    from: 'dès 159\u00a0€ / jour',
    image: '/images/vehicles/range-rover-sport.svg',
    blurb: 'SUV, limousines et vans VIP, avec ou sans chauffeur.',
  },
  {
    slug: 'supercars',
    name: 'Super Cars',
    from: 'dès 899\u00a0€ / jour',
    image: '/images/vehicles/mclaren-720s.svg',
    blurb: 'Lamborghini, McLaren, Ferrari\u00a0: l’émotion pure.',
  },
] as const;

export function CategoryShowcase() {
  return (
    <section
      aria-labelledby="gammes-title"
      className="bg-ivory py-16 drawn-when-near-456 md:py-24 md:drawn-when-near-280"
    >
      <div className="container-page">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="eyebrow">Notre flotte</p>
            <h2 id="gammes-title" className="mt-3 font-display text-4xl text-ink md:text-5xl">
              Choisissez votre gamme
            </h2>
          </div>
          <p className="max-w-md text-sm text-stone">
            Treize véhicules entretenus par nos soins, livrés propres et le plein fait à l’adresse
            de votre choix.
          </p>
        </div>
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {CATEGORIES.map((category) => (
            <li key={category.slug}>
              <Link
                to={`/flotte?category=${category.slug}`}
                className="group flex h-full flex-col overflow-hidden rounded-2xl bg-paper shadow-sm ring-1 ring-mist transition hover:-translate-y-0.5 hover:shadow-xl"
              >
                <div className="bg-gradient-to-b from-ivory to-paper px-4 pt-6">
                  <img
                    src={category.image}
                    alt=""
                    width={800}
                    height={450}
                    loading="lazy"
                    className="w-full transition-transform duration-500 group-hover:scale-105"
                  />
                </div>
                <div className="flex flex-1 flex-col p-6">
                  <div className="flex items-center justify-between">
                    <h3 className="font-display text-2xl text-ink">{category.name}</h3>
                    <ArrowUpRight
                      className="h-5 w-5 text-stone transition-colors group-hover:text-gold-deep"
                      aria-hidden="true"
                    />
                  </div>
                  <p className="mt-2 text-sm text-graphite">{category.blurb}</p>
                  <p className="mt-auto pt-4 text-sm font-semibold text-gold-deep">
                    {category.from}
                  </p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
