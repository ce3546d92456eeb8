import { frenchSpacing } from '@vroum/core/french-typography';
import type { Notification } from '@vroum/core/notifications';
import { clsx } from 'clsx';
import { Bell, CheckCheck } from 'lucide-react';
import { useEffect } from 'react';
import { t } from '../../lib/i18n/messages';
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
} from '../../lib/notifications';
import { formatDayAndTime } from '../../lib/format';
import { useNavigation } from '../../lib/navigation';
import { WithQueryClient } from '../../lib/query-client';
import { Menu, MenuGroupLabel, MenuItem, MenuSeparator } from '../ui/menu';

/**
 * The bell of a signed-in user: the number of unread notifications, and a menu of
 * the 10 latest, newest first. A click marks one read, then follows its link; 'Tout marquer comme
 * lu' marks them all. A failure to load is only logged: the bell is not worth an error. On a page
 * of islands, which has no query cache, it brings one (lib/query-client.tsx).
 */
export function NotificationsBell() {
  return (
    <WithQueryClient>
      <BellMenu />
    </WithQueryClient>
  );
}

function BellMenu() {
  const query = useNotifications(true);
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const { navigate } = useNavigation();

  useEffect(() => {
    if (query.error) console.error('Notifications could not be loaded', query.error);
  }, [query.error]);

  const notifications = query.data?.notifications ?? [];
  const unread = query.data?.unreadCount ?? 0;
  const label =
    unread > 0
      ? `${t.notifications.title} (${unread} ${unread > 1 ? t.notifications.unreadMany : t.notifications.unreadOne})`
      : t.notifications.title;

  const open = async (notification: Notification) => {
    if (!notification.isRead) {
      await markRead
        .mutateAsync(notification.id)
        .catch((error: unknown) => console.error('Notification not marked read', error));
    }
    if (notification.link) void navigate(notification.link);
  };

  return (
    <Menu
      triggerLabel={label}
      triggerClassName="relative inline-flex h-10 w-10 items-center justify-center rounded-full text-paper hover:text-gold"
      trigger={
        <>
          <Bell className="h-5 w-5" aria-hidden="true" />
          {unread > 0 && (
            <span
              aria-hidden="true"
              className="absolute top-0.5 right-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-gold px-1 text-[0.7rem] leading-none font-bold text-ink"
            >
              {unread > 9 ? '9+' : unread}
            </span>
          )}
        </>
      }
    >
      {(close) => (
        <div className="w-[min(22rem,calc(100vw-6rem))] whitespace-normal">
          <MenuGroupLabel>{t.notifications.title}</MenuGroupLabel>
          {notifications.length === 0 ? (
            <p role="presentation" className="px-3 py-4 text-sm text-stone">
              {t.notifications.empty}
            </p>
          ) : (
            <div className="max-h-[min(28rem,60vh)] overflow-y-auto">
              {notifications.map((notification) => (
                <MenuItem
                  key={notification.id}
                  className="items-start"
                  onClick={() => {
                    close();
                    void open(notification);
                  }}
                >
                  <span
                    aria-hidden="true"
                    className={clsx(
                      'mt-1.5 h-2 w-2 shrink-0 rounded-full',
                      notification.isRead ? 'bg-transparent' : 'bg-gold',
                    )}
                  />
                  <span className="flex min-w-0 flex-col gap-0.5">
                    {!notification.isRead && (
                      <span className="sr-only">{t.notifications.unread}&nbsp;:</span>
                    )}
                    <span
                      className={clsx('text-sm text-ink', !notification.isRead && 'font-semibold')}
                    >
                      {frenchSpacing(notification.title)}
                    </span>
                    <span className="line-clamp-4 text-xs text-graphite">
                      {frenchSpacing(notification.message)}
                    </span>
                    <time dateTime={notification.createdAt} className="text-xs text-stone">
                      {formatDayAndTime(notification.createdAt)}
                    </time>
                  </span>
                </MenuItem>
              ))}
            </div>
          )}
          <MenuSeparator />
          <MenuItem
            aria-disabled={unread === 0 || markAllRead.isPending || undefined}
            className="aria-disabled:cursor-default aria-disabled:opacity-50"
            onClick={() => {
              if (unread === 0 || markAllRead.isPending) return;
              markAllRead.mutate(undefined, {
                onError: (error) => console.error('Notifications not marked read', error),
              });
            }}
          >
            <CheckCheck className="h-4 w-4 text-gold-deep" aria-hidden="true" />
            {t.notifications.markAllRead}
          </MenuItem>
        </div>
      )}
    </Menu>
  );
}
