import { missionWindow } from '@vroum/core/mission-window';
import type {
  Agent,
  Mission,
  MissionAssignment,
  MissionDetail,
  MissionKind,
  ReturnMode,
} from '@vroum/core/operations';
import { handoverBlockers } from '@vroum/core/rental-steps';
import type { Database, Queryable } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { writeAudit } from '../audit/audit.service';
import { hasRole } from '../auth/accounts.service';
import { findBookingForSteps } from '../bookings/booking-reads.service';
import { rentalStepsOf, type RentalStepsDeps } from '../bookings/rental-steps.service';
import { notifyCustomer } from '../notifications/notify-customer';
import {
  assignMission,
  findMission,
  findMissions,
  findUserIdByEmail,
  grantDriverRole,
  listAgents,
  revokeDriverRole,
  setMissionStatus,
  setReturnMode,
  type MissionRow,
} from './operations.repository';
import { findInspectionReadings } from './inspections.repository';
import { parisDateTime } from '../../lib/french-dates';

export type OperationsDeps = RentalStepsDeps & { db: Database };

/** Someone of the team: an administrator sees every mission, an agent only their own. */
export interface Staff {
  id: string;
  admin: boolean;
}

const missionNotFound = () => notFound('Mission introuvable', 'mission_not_found');

async function toMission(deps: OperationsDeps, row: MissionRow): Promise<Mission> {
  const booking = await findBookingForSteps(deps.db, row.booking_id);
  const steps = booking ? await rentalStepsOf(deps, booking) : null;
  const window = missionWindow(row.at);
  return {
    bookingId: row.booking_id,
    reference: row.reference,
    kind: row.kind,
    at: row.at.toISOString(),
    windowStart: window.start.toISOString(),
    windowEnd: window.end.toISOString(),
    address:
      row.kind === 'return' && row.return_mode === 'agency' ? deps.site.agencyAddress : row.address,
    returnMode: row.return_mode,
    customerName: row.customer_name,
    customerPhone: row.customer_phone,
    vehicleName: row.vehicle_name,
    vehicleCategory: row.vehicle_category,
    bookingStatus: row.booking_status,
    identityState: steps?.identity.state ?? 'todo',
    contractState: steps?.contract.state ?? 'todo',
    depositStatus: row.deposit_status,
    handoverBlockers:
      row.kind === 'delivery' && row.booking_status === 'confirmed'
        ? handoverBlockers({
            identity: steps?.identity.state ?? 'todo',
            contract: steps?.contract.state ?? 'todo',
            depositStatus: row.deposit_status,
          })
        : [],
    status: row.status,
    agent:
      row.agent_id && row.agent_name && row.agent_email
        ? { id: row.agent_id, name: row.agent_name, email: row.agent_email }
        : null,
  };
}

/** The deliveries and returns of a period, in time order (an agent's own only, for an agent). */
export async function planning(
  deps: OperationsDeps,
  staff: Staff,
  period: { from: Date; to: Date },
): Promise<Mission[]> {
  if (period.to.getTime() <= period.from.getTime()) {
    throw new AppError('invalid_period', 'La fin de la période doit suivre son début.', 400, 'to');
  }
  if (period.to.getTime() - period.from.getTime() > 62 * 86_400_000) {
    throw new AppError(
      'invalid_period',
      'La période affichée est de deux mois au plus.',
      400,
      'to',
    );
  }
  const rows = await findMissions(deps.db, {
    ...period,
    ...(staff.admin ? {} : { agentId: staff.id }),
  });
  const missions: Mission[] = [];
  for (const row of rows) missions.push(await toMission(deps, row));
  return missions;
}

/** A mission the staff member may work on: theirs, or any for an administrator. */
export async function ownMission(
  deps: OperationsDeps,
  staff: Staff,
  bookingId: string,
  kind: MissionKind,
): Promise<MissionRow> {
  const row = await findMission(deps.db, bookingId, kind);
  // Another agent's mission is answered as missing: agents see only what they are sent to.
  if (!row || (!staff.admin && row.agent_id !== staff.id)) throw missionNotFound();
  return row;
}

/** Whether the user is the agent sent to one of the booking's missions (delivery or return). */
export async function isMissionAgent(
  db: Queryable,
  bookingId: string,
  userId: string,
): Promise<boolean> {
  for (const kind of ['delivery', 'return'] as const) {
    if ((await findMission(db, bookingId, kind))?.agent_id === userId) return true;
  }
  return false;
}

export async function missionDetail(
  deps: OperationsDeps,
  staff: Staff,
  bookingId: string,
  kind: MissionKind,
): Promise<MissionDetail> {
  const row = await ownMission(deps, staff, bookingId, kind);
  const driver = row.driver_info ?? {};
  return {
    ...(await toMission(deps, row)),
    driver: {
      firstName: driver.firstName ?? '',
      lastName: driver.lastName ?? '',
      dateOfBirth: driver.dateOfBirth ?? '',
      licenseNumber: driver.licenseNumber ?? '',
      licenseIssueDate: driver.licenseIssueDate ?? '',
    },
    handover: await findInspectionReadings(deps.db, bookingId, 'handover'),
  };
}

/** The agent sets off: the customer is told, in the app and by mail, and sees it live. */
export async function setOff(
  deps: OperationsDeps,
  staff: Staff,
  bookingId: string,
  kind: MissionKind,
): Promise<Mission> {
  const row = await ownMission(deps, staff, bookingId, kind);
  const open =
    kind === 'delivery' ? row.booking_status === 'confirmed' : row.booking_status === 'active';
  if (!open || row.status !== 'planned') {
    if (row.status === 'en_route') return toMission(deps, row);
    throw new AppError('mission_closed', 'Cette mission n’est plus à faire.', 409);
  }
  await setMissionStatus(deps.db, bookingId, kind, 'en_route');
  const booking = await findBookingForSteps(deps.db, bookingId);
  if (booking) {
    await notifyCustomer(deps.db, deps.site, {
      userId: booking.userId,
      email: booking.customerEmail,
      dedupeKey: `mission-en-route:${bookingId}:${kind}`,
      title:
        kind === 'delivery'
          ? 'Votre véhicule est en route'
          : 'Notre agent vient chercher le véhicule',
      message:
        kind === 'delivery'
          ? `Notre agent est en route avec votre ${row.vehicle_name}.`
          : `Notre agent est en route pour récupérer le ${row.vehicle_name}.`,
      link: `/reservation/${bookingId}`,
      linkLabel: 'Suivre ma réservation',
    });
  }
  return toMission(deps, (await findMission(deps.db, bookingId, kind))!);
}

export async function agents(deps: Pick<OperationsDeps, 'db'>): Promise<Agent[]> {
  return listAgents(deps.db);
}

/** Gives an existing account the agent role (the person signs up first, as any customer). */
export async function addAgent(
  deps: Pick<OperationsDeps, 'db'>,
  actorUserId: string,
  email: string,
): Promise<Agent[]> {
  const userId = await findUserIdByEmail(deps.db, email);
  if (!userId) {
    throw new AppError(
      'user_not_found',
      'Aucun compte n’utilise cette adresse e-mail : la personne doit d’abord créer son compte.',
      404,
      'email',
    );
  }
  if (await grantDriverRole(deps.db, userId)) {
    await writeAudit(deps.db, {
      actorUserId,
      action: 'agent.add',
      entity: 'user',
      entityId: userId,
      before: null,
      after: { role: 'driver' },
    });
  }
  return listAgents(deps.db);
}

/** Withdraws the agent role; their missions not done yet go back to the planning unassigned. */
export async function removeAgent(
  deps: Pick<OperationsDeps, 'db'>,
  actorUserId: string,
  userId: string,
): Promise<Agent[]> {
  await deps.db.transaction(async (tx) => {
    if (await revokeDriverRole(tx, userId)) {
      await writeAudit(tx, {
        actorUserId,
        action: 'agent.remove',
        entity: 'user',
        entityId: userId,
        before: { role: 'driver' },
        after: null,
      });
    }
  });
  return listAgents(deps.db);
}

export async function assign(
  deps: OperationsDeps,
  actorUserId: string,
  bookingId: string,
  assignment: MissionAssignment,
): Promise<Mission> {
  if (assignment.agentId && !(await hasRole(deps.db, assignment.agentId, 'driver'))) {
    throw new AppError('not_an_agent', 'Cette personne n’est pas un agent.', 422, 'agentId');
  }
  const before = await findMission(deps.db, bookingId, assignment.kind);
  if (!before) throw notFound('Réservation introuvable', 'booking_not_found');
  await assignMission(deps.db, bookingId, assignment.kind, assignment.agentId);
  await writeAudit(deps.db, {
    actorUserId,
    action: 'booking.assign',
    entity: 'booking',
    entityId: bookingId,
    before: { kind: assignment.kind, agentId: before.agent_id },
    after: { kind: assignment.kind, agentId: assignment.agentId },
  });
  const mission = await toMission(deps, (await findMission(deps.db, bookingId, assignment.kind))!);
  if (mission.agent && mission.agent.id !== before.agent_id) await tellAgent(deps, mission);
  return mission;
}

/** The agent learns of a new mission in the app and by mail, with the way to it. */
async function tellAgent(deps: OperationsDeps, mission: Mission): Promise<void> {
  const agent = mission.agent!;
  const what = mission.kind === 'delivery' ? 'livraison' : 'retour';
  const when = parisDateTime(mission.at);
  await notifyCustomer(deps.db, deps.site, {
    userId: agent.id,
    email: agent.email,
    dedupeKey: `mission-assigned:${mission.bookingId}:${mission.kind}:${agent.id}`,
    title: `Nouvelle mission : ${what} ${mission.reference}`,
    message: `${mission.vehicleName}, ${when}, ${mission.address}.`,
    link: `/equipe/mission/${mission.bookingId}/${mission.kind}`,
    linkLabel: 'Ouvrir la mission',
  });
}

/**
 * The customer chooses, before the return, to hand the car back at the agreed address or to
 * bring it to the agency themselves (which earns a code for the next rental).
 */
export async function chooseReturnMode(
  deps: Pick<OperationsDeps, 'db'>,
  userId: string,
  bookingId: string,
  mode: ReturnMode,
): Promise<void> {
  if (!(await setReturnMode(deps.db, bookingId, userId, mode))) {
    throw new AppError(
      'return_mode_closed',
      'Le lieu de restitution ne peut plus être modifié pour cette réservation.',
      409,
    );
  }
}
