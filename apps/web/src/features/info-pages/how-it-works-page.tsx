import { ArrowRight, Check } from 'lucide-react';
import { PageHero } from '../../components/content/page-hero';
import { ButtonLink } from '../../components/ui/button';
import { ContentIcon } from '../../components/ui/icon';
import { HOW_IT_WORKS_STEPS, importantInfoCards } from '../../content/how-it-works';
import { site } from '../../lib/site';
import { usePageMeta } from '../../lib/use-page-meta';

const INFO_CARDS = importantInfoCards(site);

export function HowItWorksPage() {
  usePageMeta(
    'Comment ça marche',
    'De la réservation en ligne à la livraison chez vous\u00a0: les six étapes d’une location, la caution, les zones de livraison et nos conditions.',
  );
  return (
    <>
      <PageHero
        eyebrow="Comment ça marche"
        title="Votre location, de la réservation à la restitution"
      >
        <p>
          Six étapes simples, entièrement en ligne, pour qu’un véhicule d’exception vous attende à
          l’adresse de votre choix.
        </p>
      </PageHero>

      <section aria-labelledby="etapes-title" className="container-page py-16 md:py-24">
        <h2 id="etapes-title" className="sr-only">
          Les étapes
        </h2>
        <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {HOW_IT_WORKS_STEPS.map((step, index) => (
            <li
              key={step.title}
              className="group relative overflow-hidden rounded-2xl border border-mist bg-paper p-7 shadow-sm transition-shadow hover:shadow-lg"
            >
              <span
                aria-hidden="true"
                className="absolute -top-4 right-3 font-display text-8xl text-ivory transition-colors group-hover:text-gold-soft"
              >
                {index + 1}
              </span>
              <div className="relative">
                <span className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-ink text-gold">
                  <ContentIcon name={step.icon} className="h-5 w-5" />
                </span>
                <p className="eyebrow mt-6">Étape {index + 1}</p>
                <h3 className="mt-2 font-display text-2xl text-ink">{step.title}</h3>
                <p className="mt-3 text-sm leading-relaxed text-graphite">{step.description}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="infos-title" className="bg-ivory py-16 md:py-24">
        <div className="container-page">
          <p className="eyebrow">À savoir</p>
          <h2 id="infos-title" className="mt-3 font-display text-4xl text-ink md:text-5xl">
            Informations importantes
          </h2>
          <div className="mt-10 grid gap-6 md:grid-cols-2">
            {INFO_CARDS.map((card) => (
              <article key={card.id} className="rounded-2xl bg-paper p-7 shadow-sm">
                <div className="flex items-center gap-4">
                  <span className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-gold-soft text-gold-deep">
                    <ContentIcon name={card.icon} className="h-5 w-5" />
                  </span>
                  <h3 className="font-display text-2xl text-ink">{card.title}</h3>
                </div>
                <p className="mt-4 text-sm leading-relaxed text-graphite">{card.description}</p>
                <ul className="mt-4 space-y-2 text-sm text-graphite">
                  {card.bullets.map((bullet) => (
                    <li key={bullet} className="flex gap-2.5">
                      <Check
                        className="mt-0.5 h-4 w-4 shrink-0 text-gold-deep"
                        aria-hidden="true"
                      />
                      <span>{bullet}</span>
                    </li>
                  ))}
                </ul>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className="bg-ink py-16 text-center text-paper md:py-20">
        <div className="container-page">
          <h2 className="font-display text-4xl md:text-5xl">Prêt à prendre la route&nbsp;?</h2>
          <p className="mx-auto mt-4 max-w-xl text-paper/70">
            Citadines, berlines, SUV et supercars&nbsp;: choisissez le véhicule qui vous ressemble.
          </p>
          <ButtonLink to="/flotte" variant="gold" size="lg" className="mt-8">
            Découvrir la flotte
            <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </ButtonLink>
        </div>
      </section>
    </>
  );
}

export { HowItWorksPage as Component };
