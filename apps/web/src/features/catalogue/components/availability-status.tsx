import { AlertTriangle, CheckCircle2, Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { AvailabilityState } from '../api/get-availability';

/**
 * The chosen period is taken: said at once, with the calendar that shows the car's free days and
 * proposes the nearest free period.
 */
export function UnavailableAlert({ message, calendar }: { message: string; calendar: ReactNode }) {
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-xl border border-danger/30 bg-danger/5 p-4 text-sm text-danger"
    >
      <AlertTriangle className="h-5 w-5 shrink-0" aria-hidden="true" />
      <div className="space-y-3">
        <p>{message} Veuillez choisir d'autres dates.</p>
        {calendar}
      </div>
    </div>
  );
}

/** The live check of the chosen period: checking, available or not. */
export function AvailabilityStatus({ state }: { state: AvailabilityState }) {
  if (state === null) return null;
  return (
    <p role="status" className="flex items-center gap-2 text-sm">
      {state === 'checking' && (
        <>
          <Loader2 className="h-4 w-4 animate-spin text-stone" aria-hidden="true" />
          <span className="text-stone">Vérification de la disponibilité…</span>
        </>
      )}
      {state === true && (
        <>
          <CheckCircle2 className="h-4 w-4 text-success" aria-hidden="true" />
          <span className="font-semibold text-success">Disponible pour ces dates</span>
        </>
      )}
      {state === false && (
        <>
          <AlertTriangle className="h-4 w-4 text-danger" aria-hidden="true" />
          <span className="font-semibold text-danger">Non disponible pour ces dates</span>
        </>
      )}
    </p>
  );
}
