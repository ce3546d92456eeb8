import { CalendarDays, MapPin, Truck, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { IconFact } from '../../../components/ui/icon-fact';
import type { BookingContext } from '../../../lib/booking-params';
import { formatEuros, formatLongDateTime } from '../../../lib/format';

interface SummaryItem {
  icon: LucideIcon;
  label: string;
  value: string;
}

function summaryItems(context: BookingContext, showFreeDelivery: boolean): SummaryItem[] {
  const items: (SummaryItem | false)[] = [
    !!context.pickupAddress && {
      icon: MapPin,
      label: 'Lieu de livraison',
      value: context.pickupAddress,
    },
    !!context.returnAddress &&
      context.returnAddress !== context.pickupAddress && {
        icon: MapPin,
        label: 'Lieu de restitution',
        value: context.returnAddress,
      },
    !!context.start && {
      icon: CalendarDays,
      label: 'Départ',
      value: formatLongDateTime(context.start),
    },
    !!context.end && {
      icon: CalendarDays,
      label: 'Retour',
      value: formatLongDateTime(context.end),
    },
    context.deliveryFee !== null &&
      (context.deliveryFee > 0 || showFreeDelivery) && {
        icon: Truck,
        label: 'Frais de livraison',
        value:
          context.deliveryFee === 0
            ? 'Gratuit'
            : formatEuros(Math.round(context.deliveryFee * 100)),
      },
  ];
  return items.filter((item) => item !== false);
}

/** The booking context carried by the URL: where, when, and the delivery fee. */
export function BookingSummary({
  title,
  context,
  showFreeDelivery,
  action,
  note,
}: {
  title: string;
  context: BookingContext;
  /** Show a fee of 0 as 'Gratuit' (the fleet) rather than leaving it out (search results). */
  showFreeDelivery: boolean;
  action?: ReactNode;
  note?: ReactNode;
}) {
  const items = summaryItems(context, showFreeDelivery);
  if (items.length === 0) return null;
  return (
    <section aria-label={title} className="rounded-2xl bg-ivory p-5 ring-1 ring-mist md:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="eyebrow">{title}</h2>
        {action}
      </div>
      <dl className="mt-4 grid gap-x-8 gap-y-4 text-sm sm:grid-cols-2 lg:grid-cols-[repeat(auto-fit,minmax(12rem,1fr))]">
        {items.map(({ icon: Icon, label, value }) => (
          <IconFact key={label} icon={<Icon className="h-4 w-4" />} label={label} onIvory>
            {value}
          </IconFact>
        ))}
      </dl>
      {note && <div className="mt-4 text-sm text-graphite">{note}</div>}
    </section>
  );
}
