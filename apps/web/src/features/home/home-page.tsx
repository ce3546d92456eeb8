import { Island } from '../../components/island';
import { usePageMeta } from '../../lib/use-page-meta';
import { BookingModule } from './components/booking-module';
import { CategoryShowcase } from './components/category-showcase';
import { HomeHero } from './components/home-hero';
import { HomeSteps } from './components/home-steps';
import { Testimonials } from './components/testimonials';
import { WhyUs } from './components/why-us';

export function HomePage() {
  usePageMeta(
    'Location de voitures de prestige avec livraison',
    'Location de véhicules premium et de luxe livrés à votre adresse partout en France, avec ou sans chauffeur. Livraison offerte en Île-de-France, assistance 24h/24.',
  );
  return (
    <>
      <HomeHero />
      <section id="reserver" aria-label="Réserver" className="relative z-10 bg-ivory pb-4">
        <div className="container-page -translate-y-10 md:-translate-y-14">
          <Island name="booking">
            <BookingModule />
          </Island>
        </div>
      </section>
      <CategoryShowcase />
      <HomeSteps />
      <WhyUs />
      <Testimonials />
    </>
  );
}

export { HomePage as Component };
