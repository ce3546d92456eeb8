import { ButtonLink } from '../../components/ui/button';
import { t } from '../../lib/i18n/messages';
import { usePageMeta } from '../../lib/use-page-meta';

/** The 404 page, deliberately in English, unlike the rest of the site. */
export function NotFoundPage() {
  usePageMeta('Page not found');
  return (
    <section
      lang="en"
      className="flex min-h-[60vh] items-center justify-center bg-ivory px-6 py-24"
    >
      <div className="text-center">
        <p className="font-display text-8xl text-gold-deep">{t.notFound.code}</p>
        <h1 className="mt-4 font-display text-4xl text-ink">{t.notFound.title}</h1>
        <ButtonLink to="/" variant="primary" className="mt-8">
          {t.notFound.backHome}
        </ButtonLink>
      </div>
    </section>
  );
}

export { NotFoundPage as Component };
