import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Link } from '../../../lib/navigation';

/**
 * A page of one of a booking's steps (identity, contract): on ivory, its title, and the way back
 * to the booking when there is one to offer.
 */
export function BookingStepPage({
  title,
  backTo,
  width,
  children,
}: {
  title: string;
  /** The booking the page leads back to: 'Retour à la réservation' above the title. */
  backTo?: string;
  width: 'max-w-2xl' | 'max-w-3xl' | 'max-w-4xl';
  children: ReactNode;
}) {
  return (
    <section className="bg-ivory py-12 md:py-16">
      <div className={`container-page ${width}`}>
        {backTo && (
          <Link to={`/reservation/${backTo}`} className="text-sm text-stone underline">
            Retour à la réservation
          </Link>
        )}
        <h1 className={clsx('font-display text-4xl text-ink md:text-5xl', backTo && 'mt-4')}>
          {title}
        </h1>
        {children}
      </div>
    </section>
  );
}
