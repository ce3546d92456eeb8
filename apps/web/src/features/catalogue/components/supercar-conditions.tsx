import { ShieldAlert } from 'lucide-react';
import { SUPERCAR_CASH_DEPOSIT_MAX_CENTS } from '@vroum/core/cash-deposit';
import { formatPrice } from '@vroum/core/money-format';
import type { Vehicle } from '@vroum/core/vehicle';
import { SUPERCAR_DAILY_KM_LIMIT } from '@vroum/core/vehicle-km';

const CASH_DEPOSIT_CAP = formatPrice(SUPERCAR_CASH_DEPOSIT_MAX_CENTS);

/** The stricter rental conditions of the Super Cars: age 30 and licence 5 years. */
export function SupercarConditions({ vehicle }: { vehicle: Vehicle }) {
  if (!vehicle.isSupercar) return null;
  return (
    <section
      aria-labelledby="conditions-supercar-title"
      className="rounded-2xl border border-gold/40 bg-gold-soft/40 p-6"
    >
      <h2
        id="conditions-supercar-title"
        className="flex items-center gap-2 font-display text-2xl text-ink"
      >
        <ShieldAlert className="h-5 w-5 text-gold-deep" aria-hidden="true" />
        Conditions Super Cars
      </h2>
      <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm text-graphite marker:text-gold-deep">
        <li>Âge minimum&nbsp;: 30&nbsp;ans.</li>
        <li>Permis de conduire détenu depuis au moins 5&nbsp;ans.</li>
        <li>
          Kilométrage limité à {vehicle.dailyKmLimit ?? SUPERCAR_DAILY_KM_LIMIT} km par jour,
          0,47&nbsp;€ par kilomètre supplémentaire&nbsp;; l’option kilométrage illimité n’est pas
          proposée.
        </li>
        <li>Caution possible en espèces à la livraison (jusqu’à {CASH_DEPOSIT_CAP}).</li>
        <li>Vérification d’identité et signature électronique du contrat obligatoires.</li>
      </ul>
    </section>
  );
}
