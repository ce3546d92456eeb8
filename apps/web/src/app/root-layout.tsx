import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ChatWidget } from '../components/chat/chat-widget';
import { Island } from '../components/island';
import { Footer } from '../components/layout/footer';
import { Header } from '../components/layout/header';
import { t } from '../lib/i18n/messages';
import { PageScrollRestoration } from './page-scroll-restoration';
import { RouteAnnouncer } from './route-focus';
import { RouterNavigation } from './router-navigation';

/** Scrolls to the element named by the URL hash (e.g. /#reserver) after navigation. */
function useScrollToHash() {
  const { hash, pathname } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView({ block: 'start' });
  }, [hash, pathname]);
}

export function RootLayout() {
  useScrollToHash();
  return (
    <RouterNavigation>
      <div id="top" className="flex min-h-dvh flex-col">
        <a
          href="#contenu"
          className="sr-only z-50 rounded-full bg-gold px-4 py-2 text-ink focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          {t.skipToContent}
        </a>
        <Island name="header">
          <Header />
        </Island>
        <main id="contenu" className="flex-1" tabIndex={-1}>
          <Outlet />
        </main>
        <Footer />
        <Island name="assistant">
          <ChatWidget />
        </Island>
        <RouteAnnouncer mainId="contenu" />
        <PageScrollRestoration />
      </div>
    </RouterNavigation>
  );
}
