import { useEffect, useState, type RefObject } from 'react';
import { Button } from '../../../components/ui/button';
import { formatEuros, formatPrice } from '../../../lib/format';

/**
 * On a phone the booking form sits screens below the car's top: a bar fixed to the bottom of the
 * screen keeps the price (the total once dates are chosen) and the way to book in reach. It
 * steps aside while the form's own button is in view, so the page never shows two at once.
 */
export function MobileBookingBar({
  panel,
  totalCents,
  days,
  pricePerDayCents,
  disabled,
  onBook,
}: {
  /** The form's own 'Réserver maintenant': the bar hides while it is on screen. */
  panel: RefObject<HTMLElement | null>;
  totalCents: number | null;
  days: number | null;
  pricePerDayCents: number;
  disabled: boolean;
  onBook: () => void;
}) {
  const [panelInView, setPanelInView] = useState(false);
  useEffect(() => {
    const target = panel.current;
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) =>
      setPanelInView(entry?.isIntersecting ?? false),
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [panel]);

  return (
    // Its height is --bottom-bar, which the stylesheet sets while it is shown (styles.css): what
    // floats at the bottom of the screen (the assistant's button) rises above it.
    <section
      data-bottom-bar
      aria-label="Réserver ce véhicule"
      hidden={panelInView}
      className="fixed inset-x-0 bottom-0 z-30 flex h-(--bottom-bar) flex-col justify-center border-t border-mist bg-paper/95 px-4 pb-[env(safe-area-inset-bottom)] shadow-[0_-8px_24px_rgb(0_0_0/0.08)] backdrop-blur lg:hidden"
    >
      <div className="mx-auto flex max-w-xl items-center justify-between gap-4">
        <p className="min-w-0 text-sm text-stone">
          {totalCents !== null && days !== null ? (
            <>
              <span className="block font-display text-2xl font-semibold text-ink tabular-nums">
                {formatEuros(totalCents)}
              </span>
              {`Total pour ${days} ${days > 1 ? 'jours' : 'jour'}`}
            </>
          ) : (
            <>
              <span className="font-display text-2xl font-semibold text-ink">
                {formatPrice(pricePerDayCents)}
              </span>{' '}
              / jour
            </>
          )}
        </p>
        <Button type="button" size="lg" disabled={disabled} onClick={onBook}>
          Réserver
        </Button>
      </div>
    </section>
  );
}
