import { firstOfMonth } from '@vroum/core/french-typography';
import type { SiteInfo } from '@vroum/core/site';
import type { Queryable } from '../../db/client';
import { notifyCustomer } from '../notifications/notify-customer';
import { findMission } from './operations.repository';

/** A mission's time as the agent reads it: « samedi 1er décembre 2026 à 10:00 ». */
export const missionWhen = (at: Date | string): string =>
  firstOfMonth(
    new Intl.DateTimeFormat('fr-FR', {
      dateStyle: 'full',
      timeStyle: 'short',
      timeZone: 'Europe/Paris',
    }).format(new Date(at)),
  );

/**
 * The return mission follows the booking's return date, which an extension moved: the planning
 * reads the new time at once (the move's audit entry is the extension's); this tells the agent
 * who has the mission, in the app and by mail, once per move.
 */
export async function tellReturnMoved(
  deps: { db: Queryable; site: SiteInfo },
  move: { bookingId: string; from: Date; to: Date; key: string },
): Promise<void> {
  const mission = await findMission(deps.db, move.bookingId, 'return');
  if (!mission) return;
  if (!mission.agent_id || !mission.agent_email) return;
  await notifyCustomer(deps.db, deps.site, {
    userId: mission.agent_id,
    email: mission.agent_email,
    dedupeKey: `mission-moved:${move.key}:${mission.agent_id}`,
    title: `Retour ${mission.reference} déplacé`,
    message: `La location est prolongée : le retour de la ${mission.vehicle_name} passe du ${missionWhen(move.from)} au ${missionWhen(move.to)}, ${mission.address}.`,
    link: `/equipe/mission/${move.bookingId}/return`,
    linkLabel: 'Ouvrir la mission',
  });
}
