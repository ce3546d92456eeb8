import { PageHero } from '../../components/content/page-hero';
import { ProseSections } from '../../components/content/prose-sections';
import { privacySections } from '../../content/privacy';
import { site } from '../../lib/site';
import { usePageMeta } from '../../lib/use-page-meta';

const SECTIONS = privacySections(site);

export function PrivacyPage() {
  usePageMeta(
    'Politique de confidentialité',
    'Quelles données nous collectons, pourquoi, combien de temps nous les gardons et comment exercer vos droits.',
  );
  return (
    <>
      <PageHero eyebrow="Données personnelles" title="Politique de confidentialité">
        <p>
          Comment {site.legalName} protège les données que vous nous confiez, conformément au RGPD.
        </p>
      </PageHero>
      <div className="container-page py-16">
        <ProseSections sections={SECTIONS} tocLabel="Sommaire" idPrefix="rgpd-" />
      </div>
    </>
  );
}

export { PrivacyPage as Component };
