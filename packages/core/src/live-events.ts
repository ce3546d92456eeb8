import { z } from 'zod';

/**
 * The live-event contract of GET /api/v1/events (docs/decisions/010-live-events.md): one SSE
 * event per changed row, named after its table, whose data says what changed and never what the
 * row holds. The client re-reads the resource; the event only tells it when.
 */
export const LiveEventTable = z.enum(['favorites', 'notifications', 'bookings']);
export type LiveEventTable = z.infer<typeof LiveEventTable>;

export const LiveEventOp = z.enum(['insert', 'update', 'delete']);
export type LiveEventOp = z.infer<typeof LiveEventOp>;

/** The `data:` of an SSE event. `id` is the notification's or booking's id, or the favourite's vehicle id. */
export const LiveEvent = z.object({
  table: LiveEventTable,
  op: LiveEventOp,
  id: z.uuid(),
});
export type LiveEvent = z.infer<typeof LiveEvent>;

/** Tables whose changes a signed-in customer receives, for their own rows only. */
export const USER_LIVE_TABLES = [
  'favorites',
  'notifications',
  'bookings',
] as const satisfies readonly LiveEventTable[];
