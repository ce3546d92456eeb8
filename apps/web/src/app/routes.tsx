import type { RouteObject } from 'react-router';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/**
 * Every page is its own lazily loaded chunk, so the home page ships only what it needs. The same
 * routes render in the browser (main.tsx) and, for landing pages, on the server (entry-server.tsx).
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // A page the browser renders alone shows nothing until its chunk has arrived, as before.
    HydrateFallback: () => null,
    children: [
      { index: true, lazy: () => import('../features/home/home-page') },
      { path: 'flotte', lazy: () => import('../features/catalogue/fleet-page') },
      { path: 'recherche', lazy: () => import('../features/catalogue/search-page') },
      { path: 'vehicule/:slug', lazy: () => import('../features/catalogue/vehicle-page') },
      {
        path: 'vehicule/:slug/protection',
        lazy: () => import('../features/booking-funnel/protection-page'),
      },
      {
        path: 'vehicule/:slug/options',
        lazy: () => import('../features/booking-funnel/options-page'),
      },
      { path: 'checkout', lazy: () => import('../features/checkout/checkout-page') },
      { path: 'confirmation', lazy: () => import('../features/checkout/confirmation-page') },
      {
        path: 'paiement/3ds/:intentId',
        lazy: () => import('../features/checkout/three-d-secure-page'),
      },
      { path: 'auth', lazy: () => import('../features/account/auth-page') },
      { path: 'profil', lazy: () => import('../features/account/profile-page') },
      {
        path: 'securite/second-facteur',
        lazy: () => import('../features/account/second-factor-page'),
      },
      {
        path: 'gerer-reservation',
        lazy: () => import('../features/my-booking/manage-booking-page'),
      },
      {
        path: 'reservation/:id',
        lazy: () => import('../features/my-booking/booking-detail-page'),
      },
      {
        path: 'reservation/:id/identite',
        lazy: () => import('../features/my-booking/identity-page'),
      },
      {
        path: 'reservation/:id/contrat',
        lazy: () => import('../features/my-booking/contract-page'),
      },
      {
        path: 'reservation/:id/solde',
        lazy: () => import('../features/checkout/balance-payment-page'),
      },
      {
        path: 'reservation/:id/prolongation',
        lazy: () => import('../features/checkout/extension-page'),
      },
      { path: 'admin', lazy: () => import('../features/admin/admin-page') },
      {
        path: 'admin/tableau-de-bord',
        lazy: () => import('../features/admin/dashboard-page'),
      },
      { path: 'equipe', lazy: () => import('../features/operations/missions-page') },
      {
        path: 'equipe/mission/:bookingId/:kind',
        lazy: () => import('../features/operations/mission-page'),
      },
      { path: 'comment-ca-marche', lazy: () => import('../features/info-pages/how-it-works-page') },
      { path: 'conditions', lazy: () => import('../features/info-pages/conditions-page') },
      {
        path: 'politique-confidentialite',
        lazy: () => import('../features/info-pages/privacy-page'),
      },
      { path: '*', lazy: () => import('../features/info-pages/not-found-page') },
    ],
  },
];
