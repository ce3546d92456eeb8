import type { SiteInfo } from '@vroum/core/site';
import type { Queryable } from '../../db/client';
import { parisDateTime } from '../../lib/french-dates';
import { notifyCustomer } from '../notifications/notify-customer';
import { findReturnAgent } from './rental-extension.repository';

/**
 * The return mission follows the booking's return date, which an extension moved: the planning
 * reads the new time at once (the move's audit entry is the extension's); this tells the agent
 * who has the mission, in the app and by mail, once per move.
 */
export async function tellReturnMoved(
  deps: { db: Queryable; site: SiteInfo },
  move: { bookingId: string; from: Date; to: Date; key: string },
): Promise<void> {
  const mission = await findReturnAgent(deps.db, move.bookingId);
  if (!mission?.agent_id || !mission.agent_email) return;
  await notifyCustomer(deps.db, deps.site, {
    userId: mission.agent_id,
    email: mission.agent_email,
    dedupeKey: `mission-moved:${move.key}:${mission.agent_id}`,
    title: `Retour ${mission.reference} déplacé`,
    message: `La location est prolongée : le retour de la ${mission.vehicle_name} passe du ${parisDateTime(move.from)} au ${parisDateTime(move.to)}, ${mission.address}.`,
    link: `/equipe/mission/${move.bookingId}/return`,
    linkLabel: 'Ouvrir la mission',
  });
}
