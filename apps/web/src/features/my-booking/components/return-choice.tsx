import type { BookingDetail } from '@vroum/core/booking';
import { AGENCY_CODE } from '@vroum/core/customer-codes';
import { AGENCY_HOURS_TEXT } from '@vroum/core/mission-window';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { formatEuros } from '../../../lib/format';
import { useAuth } from '../../../lib/auth/auth-context';
import { site } from '../../../lib/site';
import { notify } from '../../../lib/toast';
import { chooseReturnMode } from '../api';

/**
 * Before the return, the owner chooses where the car comes back: collected at the agreed
 * address, or brought to the agency by the customer, which earns a code for the next rental.
 */
export function ReturnChoice({ booking }: { booking: BookingDetail }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  // Shown chosen at once; put back if the server refuses.
  const [mode, setMode] = useState(booking.collection.mode);
  const choose = useMutation({
    mutationFn: (mode: 'address' | 'agency') => chooseReturnMode(booking.id, mode),
    onSuccess: () => {
      notify.success('Restitution', 'Votre choix est enregistré.');
      void queryClient.invalidateQueries({ queryKey: ['booking', booking.id] });
    },
    onError: (error) => {
      setMode(booking.collection.mode);
      notify.error('Erreur', errorMessage(error));
    },
  });
  if (!user || booking.collection.status !== 'planned') return null;
  const options = [
    {
      mode: 'address' as const,
      label: 'Un agent récupère le véhicule',
      detail: booking.returnLocation ?? 'à l’adresse convenue',
    },
    {
      mode: 'agency' as const,
      label: 'Je rends le véhicule à l’agence',
      detail:
        `${site.agencyAddress}, ouverte ${AGENCY_HOURS_TEXT} — ${AGENCY_CODE.discountBasisPoints / 100}\u00a0% offerts sur votre prochaine location` +
        (booking.returnFeeCents > 0
          ? `, et les frais de restitution (${formatEuros(booking.returnFeeCents)}) remboursés`
          : ''),
    },
  ];
  // A card as the page's others are, its title inside: the fieldset within it draws no border.
  return (
    <div className="mt-6 rounded-2xl bg-paper p-5 ring-1 ring-mist">
      <fieldset>
        <legend className="font-display text-2xl text-ink">Restitution</legend>
        <div className="mt-2 grid gap-2">
          {options.map((option) => {
            const id = `return-${booking.id}-${option.mode}`;
            return (
              <div key={option.mode} className="flex min-h-12 items-start gap-3 text-sm">
                <input
                  id={id}
                  type="radio"
                  name={`return-${booking.id}`}
                  className="mt-0.5 h-5 w-5 shrink-0 accent-[var(--color-gold-deep)]"
                  checked={mode === option.mode}
                  disabled={choose.isPending}
                  onChange={() => {
                    setMode(option.mode);
                    choose.mutate(option.mode);
                  }}
                />
                <label htmlFor={id}>
                  <span className="font-semibold text-ink">{option.label}</span>
                  <span className="block text-graphite">{option.detail}</span>
                </label>
              </div>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}
