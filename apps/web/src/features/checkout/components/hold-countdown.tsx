import { Timer } from 'lucide-react';
import { useEffect, useState } from 'react';

const minutesLeft = (expiresAt: string, now: number) =>
  Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 60_000));

/**
 * The time left on the car's hold (15 min from the booking's creation). When it runs out the
 * page starts a new attempt: the next payment books the car again, if it is still free.
 */
export function HoldCountdown({
  expiresAt,
  onExpired,
}: {
  expiresAt: string;
  onExpired: () => void;
}) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = window.setInterval(() => setNow(Date.now()), 5_000);
    const expiry = window.setTimeout(onExpired, Math.max(0, Date.parse(expiresAt) - Date.now()));
    return () => {
      window.clearInterval(tick);
      window.clearTimeout(expiry);
    };
  }, [expiresAt, onExpired]);

  const minutes = minutesLeft(expiresAt, now);
  return (
    <p
      role="timer"
      className="flex items-center gap-2.5 rounded-2xl bg-gold-soft/60 px-4 py-3 text-sm font-semibold text-ink ring-1 ring-gold/40"
    >
      <Timer className="h-4 w-4 shrink-0 text-gold-deep" aria-hidden="true" />
      {minutes > 1
        ? `Véhicule réservé pour vous pendant ${minutes}\u00a0min`
        : 'Véhicule réservé pour vous pendant moins d’une minute'}
    </p>
  );
}
