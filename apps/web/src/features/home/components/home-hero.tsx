import { ArrowRight, Headset, ShieldCheck, Truck } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';
import { HOME_HERO_IMAGE } from '@vroum/core/home';

const PROMISES = [
  { icon: Truck, label: 'Livraison offerte en Île-de-France' },
  { icon: Headset, label: 'Assistance 24h/24, 7j/7' },
  { icon: ShieldCheck, label: 'Paiement sécurisé, caution par empreinte' },
];

export function HomeHero() {
  return (
    <section className="relative overflow-hidden bg-ink text-paper">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[radial-gradient(ellipse_80%_60%_at_70%_20%,rgba(200,169,106,0.28),transparent_70%)]"
      />
      <div
        aria-hidden="true"
        className="absolute inset-x-0 bottom-0 h-40 bg-gradient-to-t from-black/60 to-transparent"
      />
      <div className="container-page relative grid items-center gap-8 pt-12 pb-8 md:pt-16 lg:grid-cols-[1.25fr_1fr] lg:pt-14 lg:pb-8">
        <div>
          <p className="eyebrow !text-gold">Livraison partout en France</p>
          <h1 className="mt-4 font-display text-5xl leading-[1.02] font-medium text-balance md:text-6xl">
            Location de véhicules d'exception, avec ou sans chauffeur
          </h1>
          <p className="mt-5 max-w-xl text-base leading-relaxed text-paper/75 md:text-lg">
            Berlines, SUV et supercars livrés à votre porte, état des lieux et remise des clés
            compris. Vous n’avez plus qu’à prendre le volant, ou à vous laisser conduire.
          </p>
          <div className="mt-7 flex flex-wrap gap-3">
            <ButtonLink to="/#reserver" variant="gold" size="lg">
              Réserver un véhicule
              <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </ButtonLink>
            <ButtonLink to="/flotte?category=luxe" variant="outline-light" size="lg">
              Découvrir la flotte
            </ButtonLink>
          </div>
        </div>
        <div className="relative">
          <div
            aria-hidden="true"
            className="absolute inset-x-6 bottom-4 h-10 rounded-[50%] bg-black/70 blur-2xl"
          />
          <img
            src={HOME_HERO_IMAGE}
            alt="Porsche Panamera, berline de la gamme Luxe"
            width={800}
            height={450}
            fetchPriority="high"
            className="relative mx-auto w-full max-w-2xl drop-shadow-2xl"
          />
        </div>
      </div>
      <ul className="container-page relative grid gap-3 border-t border-paper/10 pt-5 pb-20 text-sm text-paper/80 sm:grid-cols-3 md:pb-24">
        {PROMISES.map(({ icon: Icon, label }) => (
          <li key={label} className="flex items-center gap-3">
            <Icon className="h-5 w-5 shrink-0 text-gold" aria-hidden="true" />
            {label}
          </li>
        ))}
      </ul>
    </section>
  );
}
