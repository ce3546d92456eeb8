import type { FastifyInstance } from 'fastify';
import { contractsDeps } from './contracts-deps';
import { findConfirmedBookingsWithoutContract } from './contracts.repository';
import { ensureCurrentContract, type ContractsDeps } from './contracts.service';

// A contract is a few hundred milliseconds of rendering: made on the signing-code request, it
// made the customer wait for it, behind every other PDF of a busy minute. It is made ahead
// instead, once the booking is confirmed (the contract step opens), from the committed booking;
// the request then finds it stored and renders only when it is missing. The same function makes
// both, so the file is the one the request would have made, byte for byte.

/**
 * Renders and stores the booking's current contract version if it has none; never throws (a
 * failure is logged, the request or the next round of the jobs makes it). Two at once store one
 * file and one version: the file is named by its digest and the version recorded under the
 * booking's contract lock (ensureCurrentContract).
 */
export function prepareContract(deps: ContractsDeps, bookingId: string): Promise<void> {
  // The confirmation and the jobs may ask at once: in this process, one rendering serves both.
  const running = preparing.get(bookingId);
  if (running) return running;
  const prepared = ensureCurrentContract(deps, bookingId, true)
    .then(() => undefined)
    .catch((error: unknown) => {
      deps.log.warn({ err: error, bookingId }, 'contract not prepared ahead');
    })
    .finally(() => preparing.delete(bookingId));
  preparing.set(bookingId, prepared);
  return prepared;
}

/** The preparations under way in this process, by booking. */
const preparing = new Map<string, Promise<void>>();

/** After the commit that confirmed the booking: prepared in the background, not awaited. */
export function prepareContractLater(app: FastifyInstance, bookingId: string): Promise<void> {
  return prepareContract(contractsDeps(app, app.log), bookingId);
}

/**
 * The periodic jobs' safety net (a crash between the confirmation and its rendering, a
 * confirmation by another path): confirmed bookings still to be delivered with no version to
 * sign get theirs, a few per round. A version made stale by new terms is made on request.
 */
export async function prepareMissingContracts(deps: ContractsDeps, limit = 10): Promise<number> {
  const bookingIds = await findConfirmedBookingsWithoutContract(deps.db, limit);
  for (const id of bookingIds) await prepareContract(deps, id);
  return bookingIds.length;
}
