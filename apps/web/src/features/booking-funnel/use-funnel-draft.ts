import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { readBookingDraft } from '../../lib/booking-draft';
import { notify } from '../../lib/toast';
import {
  checkFunnelDraft,
  MISSING_DATA_MESSAGE,
  MISSING_DATA_TITLE,
  vehiclePagePath,
  type FunnelDraft,
  type FunnelStep,
} from './funnel-draft';

/**
 * The stored draft for this step, read once when the page opens. Without the data of the previous
 * steps it shows the SPEC's 'Données manquantes' toast and sends the customer to the vehicle page
 * (replacing the history entry, so Back does not loop), and returns null meanwhile.
 */
export function useFunnelDraft(slug: string, step: FunnelStep): FunnelDraft | null {
  const navigate = useNavigate();
  const [stored] = useState(readBookingDraft);
  const [draft] = useState(() => checkFunnelDraft(stored, slug, step));
  // StrictMode runs effects twice in development: warn once.
  const warned = useRef(false);

  useEffect(() => {
    if (draft || warned.current) return;
    warned.current = true;
    notify.error(MISSING_DATA_TITLE, MISSING_DATA_MESSAGE[step]);
    void navigate(vehiclePagePath(slug, stored), { replace: true });
  }, [draft, stored, slug, step, navigate]);

  return draft;
}
