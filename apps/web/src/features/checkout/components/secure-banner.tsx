import { CreditCard, Headset, Lock, ShieldCheck, type LucideIcon } from 'lucide-react';

/** The processor named in the banner: the built-in one says it is a demonstration. */
const PROVIDER_LABELS = {
  sandbox: 'Processeur de paiement intégré (mode démonstration)',
  stripe: 'Paiement par carte sécurisé par Stripe',
} as const;

export type PaymentProviderName = keyof typeof PROVIDER_LABELS;

/**
 * The 'Réservation sécurisée' banner with its four trust items (the processor's name
 * once known).
 */
export function SecureBanner({ provider }: { provider: PaymentProviderName | undefined }) {
  const items: { icon: LucideIcon; title: string; detail?: string }[] = [
    { icon: Lock, title: 'Paiement 100\u00a0% sécurisé', detail: 'Chiffrement SSL 256 bits' },
    { icon: CreditCard, title: provider ? PROVIDER_LABELS[provider] : 'Paiement par carte' },
    { icon: ShieldCheck, title: 'Données protégées conformément au RGPD' },
    { icon: Headset, title: 'Assistance premium 24h/24, 7j/7' },
  ];
  return (
    <section
      aria-labelledby="secure-banner-title"
      className="rounded-3xl bg-ink px-5 py-5 text-paper shadow-xl shadow-ink/10 md:px-7 md:py-6"
    >
      <h2
        id="secure-banner-title"
        className="flex items-center gap-2 text-xs font-semibold tracking-[0.2em] text-gold uppercase"
      >
        <ShieldCheck className="h-4 w-4" aria-hidden="true" />
        Réservation sécurisée
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {items.map(({ icon: Icon, title, detail }) => (
          <li key={title} className="flex items-start gap-3">
            <span
              aria-hidden="true"
              className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-paper/10 text-gold ring-1 ring-gold/30"
            >
              <Icon className="h-4 w-4" />
            </span>
            <p className="min-w-0 pt-0.5 text-sm leading-snug">
              <span className="font-semibold text-paper">{title}</span>
              {detail && <span className="block text-paper/70">{detail}</span>}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
