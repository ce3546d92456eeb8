import { lazy, Suspense } from 'react';
import { useAuth } from '../../lib/auth/auth-context';

const NotificationsBell = lazy(() =>
  import('./notifications-bell').then((module) => ({ default: module.NotificationsBell })),
);

/** The notifications bell, for signed-in users only: visitors never download its code. */
export function NotificationsEntry() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Suspense fallback={<span className="inline-block h-10 w-10" aria-hidden="true" />}>
      <NotificationsBell />
    </Suspense>
  );
}
