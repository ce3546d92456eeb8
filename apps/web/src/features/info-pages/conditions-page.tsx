import { PageHero } from '../../components/content/page-hero';
import { ProseSections } from '../../components/content/prose-sections';
import { rentalTermsSections } from '@vroum/core/rental-terms';
import { site } from '../../lib/site';
import { usePageMeta } from '../../lib/use-page-meta';

const SECTIONS = rentalTermsSections(site);

export function ConditionsPage() {
  usePageMeta(
    'Conditions générales de location',
    'Âge, permis, caution, livraison, kilométrage, assurances et annulation\u00a0: nos conditions de location.',
  );
  return (
    <>
      <PageHero eyebrow="Informations légales" title="Conditions générales de location">
        <p>
          Les règles qui encadrent chaque location {site.brandName}, de la réservation à la
          restitution du véhicule.
        </p>
      </PageHero>
      <div className="container-page py-16">
        <ProseSections sections={SECTIONS} tocLabel="Sommaire" idPrefix="cg-" />
      </div>
    </>
  );
}

export { ConditionsPage as Component };
