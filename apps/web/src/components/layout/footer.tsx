import { ArrowUp, Mail, Phone } from 'lucide-react';
import { Link } from '../../lib/navigation';
import { footerSections } from '../../content/footer';
import { t } from '../../lib/i18n/messages';
import { site } from '../../lib/site';
import { SectionBody } from '../content/section-body';
import { BrandMark } from './brand-mark';
import { MessagingLink } from './messaging-link';
import { NAV_LINKS } from './nav-links';

const SECTIONS = footerSections(site);

export function Footer() {
  return (
    <footer className="bg-ink text-paper/80 drawn-when-near-528 md:drawn-when-near-288">
      <div className="container-page grid gap-12 py-14 md:grid-cols-[1.4fr_1fr_1fr] lg:py-20">
        <div className="space-y-5">
          <BrandMark />
          <p className="max-w-sm text-sm leading-relaxed">{t.footer.tagline}</p>
          <div className="space-y-3">
            <p className="eyebrow !text-gold">{t.footer.support}</p>
            <a
              href={`tel:${site.phoneE164}`}
              className="flex items-center gap-3 font-display text-3xl text-paper hover:text-gold"
            >
              <Phone className="h-5 w-5 text-gold" aria-hidden="true" />
              {site.phone}
            </a>
            <MessagingLink
              className="flex items-center gap-3 text-sm hover:text-gold"
              iconClassName="h-4 w-4"
            />
            <a
              href={`mailto:${site.email}`}
              className="flex items-center gap-3 text-sm hover:text-gold"
            >
              <Mail className="h-4 w-4 text-gold" aria-hidden="true" />
              {site.email}
            </a>
          </div>
        </div>
        <nav aria-label={t.footer.explore}>
          <h2 className="eyebrow mb-4 !text-gold">{t.footer.explore}</h2>
          <ul className="space-y-2.5 text-sm">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-gold">
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/gerer-reservation" className="hover:text-gold">
                {t.nav.manageBooking}
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label={t.footer.information}>
          <h2 className="eyebrow mb-4 !text-gold">{t.footer.information}</h2>
          <ul className="space-y-2.5 text-sm">
            {SECTIONS.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="hover:text-gold">
                  {section.title}
                </a>
              </li>
            ))}
            <li>
              <Link to="/conditions" className="hover:text-gold">
                {t.footer.rentalTerms}
              </Link>
            </li>
            <li>
              <Link to="/politique-confidentialite" className="hover:text-gold">
                {t.footer.privacy}
              </Link>
            </li>
          </ul>
        </nav>
      </div>

      <div className="border-t border-paper/10">
        <div className="container-page grid gap-8 py-12 sm:grid-cols-2 lg:grid-cols-4">
          {SECTIONS.map((section) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
              <h2 id={`${section.id}-title`} className="mb-3 font-display text-xl text-paper">
                {section.title}
              </h2>
              <SectionBody
                section={section}
                className="space-y-2 text-xs leading-relaxed text-paper/70"
                listClassName="list-disc space-y-1 pl-4"
              />
            </section>
          ))}
        </div>
      </div>

      <div className="border-t border-paper/10">
        <div className="container-page flex flex-wrap items-center justify-between gap-4 py-6 text-xs text-paper/70">
          <p>
            © {new Date().getFullYear()} {site.legalName}. {t.footer.rights}
          </p>
          <a href="#top" className="inline-flex items-center gap-1.5 hover:text-gold">
            <ArrowUp className="h-3.5 w-3.5" aria-hidden="true" />
            {t.footer.backToTop}
          </a>
        </div>
      </div>
    </footer>
  );
}
