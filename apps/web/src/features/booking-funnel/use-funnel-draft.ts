import type { BookingDraft } from '@vroum/core/booking-draft';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { readBookingDraft, readDraftFor, vehiclePagePath } from '../../lib/booking-draft';
import { notify } from '../../lib/toast';
import { MISSING_DATA_MESSAGE, MISSING_DATA_TITLE, type FunnelStep } from './funnel-draft';

/**
 * The stored draft for this step, read once when the page opens. Without the data of the previous
 * steps it shows the 'Données manquantes' toast and sends the customer to the vehicle page
 * (replacing the history entry, so Back does not loop), and returns null meanwhile.
 */
export function useFunnelDraft(slug: string, step: FunnelStep): BookingDraft | null {
  const navigate = useNavigate();
  const [draft] = useState(() => readDraftFor(slug, step));
  // StrictMode runs effects twice in development: warn once.
  const warned = useRef(false);

  useEffect(() => {
    if (draft || warned.current) return;
    warned.current = true;
    notify.error(MISSING_DATA_TITLE, MISSING_DATA_MESSAGE[step]);
    void navigate(vehiclePagePath(slug, readBookingDraft()), { replace: true });
  }, [draft, slug, step, navigate]);

  return draft;
}
