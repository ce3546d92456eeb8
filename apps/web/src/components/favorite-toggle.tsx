import { clsx } from 'clsx';
import { Heart } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ApiRequestError } from '../lib/api-client';
import { useAuth } from '../lib/auth/auth-context';
import { useFavoriteIds, useSetFavorite } from '../lib/favorites';
import { t } from '../lib/i18n/messages';
import { notify } from '../lib/toast';

/**
 * The heart: adds the vehicle to the favourites if it is not one, removes it if it is;
 * inactive while the server answers. Signed out, a click explains that favourites need an
 * account. A click made before the app knows who is signed in (the page shows before the session
 * is read) is kept, shown in progress, and acted on once it knows. The state follows the live
 * events, so another tab's change shows here.
 */
export function FavoriteToggle({
  vehicleId,
  vehicleName,
  className,
}: {
  vehicleId: string;
  /** Added to the accessible name where several hearts share a page (the fleet's cards). */
  vehicleName?: string;
  className?: string;
}) {
  const { user, loading } = useAuth();
  const isFavorite = useFavoriteIds().has(vehicleId);
  const setFavorite = useSetFavorite();
  // What a click made while the session was read asked for: the heart as it then showed, turned.
  const [asked, setAsked] = useState<{ favorite: boolean } | null>(null);
  const busy = setFavorite.isPending || asked !== null;
  const label = isFavorite ? t.favorites.remove : t.favorites.add;

  const apply = (favorite: boolean) => {
    if (!user) {
      notify.error(t.favorites.signInRequiredTitle, t.favorites.signInRequired);
      return;
    }
    setFavorite.mutate(
      { vehicleId, favorite },
      {
        onError: (error) =>
          notify.error(
            t.favorites.errorTitle,
            error instanceof ApiRequestError ? error.message : t.favorites.errorFallback,
          ),
      },
    );
  };

  const toggle = () => {
    if (busy) return;
    if (loading) setAsked({ favorite: !isFavorite });
    else apply(!isFavorite);
  };

  useEffect(() => {
    if (!asked || loading) return;
    setAsked(null);
    apply(asked.favorite);
    // Runs when the session is known; `apply` reads that render's user.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asked, loading]);

  return (
    <button
      type="button"
      aria-pressed={isFavorite}
      // aria-disabled rather than disabled: the button keeps the keyboard focus meanwhile.
      aria-disabled={busy || undefined}
      aria-label={vehicleName ? `${label}\u00a0: ${vehicleName}` : label}
      title={label}
      onClick={toggle}
      className={clsx(
        'inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-paper/95 shadow-sm ring-1 ring-mist transition-colors',
        'hover:ring-danger/40 aria-disabled:cursor-progress aria-disabled:opacity-60',
        isFavorite ? 'text-danger' : 'text-graphite hover:text-danger',
        className,
      )}
    >
      <Heart
        className={clsx('h-5 w-5 transition-transform', isFavorite && 'scale-110 fill-current')}
        aria-hidden="true"
      />
    </button>
  );
}
