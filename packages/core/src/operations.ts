import { z } from 'zod';
import { BookingStatus } from './booking';
import { HandoverBlocker, StepState } from './rental-steps';

/**
 * Operations: the agents (drivers) who deliver the cars and collect them, their missions and
 * what they record at the handover. Shared by the console, the agent's phone and the server.
 */

export const MissionKind = z.enum(['delivery', 'return']);
export type MissionKind = z.infer<typeof MissionKind>;
export const MISSION_KIND_LABELS: Record<MissionKind, string> = {
  delivery: 'Livraison',
  return: 'Retour',
};

/** Where the agent is: the customer sees it live on the booking page. */
export const MissionStatus = z.enum(['planned', 'en_route', 'delivered', 'collected']);
export type MissionStatus = z.infer<typeof MissionStatus>;
export const MISSION_STATUS_LABELS: Record<MissionStatus, string> = {
  planned: 'Planifiée',
  en_route: 'En route',
  delivered: 'Livré',
  collected: 'Récupéré',
};

export const ReturnMode = z.enum(['address', 'agency']);
export type ReturnMode = z.infer<typeof ReturnMode>;

// The delivery window and the agency's hours: ./mission-window, without schemas.

export const Agent = z.object({ id: z.uuid(), name: z.string(), email: z.string() });
export type Agent = z.infer<typeof Agent>;
export const AgentList = z.object({ agents: z.array(Agent) });
export type AgentList = z.infer<typeof AgentList>;

export const AgentAddRequest = z.object({
  email: z.email({ error: 'Adresse e-mail invalide' }).max(254),
});
export type AgentAddRequest = z.infer<typeof AgentAddRequest>;

export const MissionAssignment = z.object({
  kind: MissionKind,
  agentId: z.uuid({ error: 'Agent invalide' }).nullable(),
});
export type MissionAssignment = z.infer<typeof MissionAssignment>;

/** One delivery or return, as the planning and the agent's phone show it. */
export const Mission = z.object({
  bookingId: z.uuid(),
  reference: z.string(),
  kind: MissionKind,
  at: z.iso.datetime({ offset: true }),
  windowStart: z.iso.datetime({ offset: true }),
  windowEnd: z.iso.datetime({ offset: true }),
  address: z.string(),
  returnMode: ReturnMode,
  customerName: z.string(),
  customerPhone: z.string().nullable(),
  vehicleName: z.string(),
  vehicleCategory: z.string(),
  bookingStatus: BookingStatus,
  identityState: StepState,
  contractState: StepState,
  depositStatus: z.string(),
  /**
   * What the handover still waits for, in the gate's order: empty but for a confirmed booking's
   * delivery, whose car the server would refuse to hand over until it is.
   */
  handoverBlockers: z.array(HandoverBlocker),
  status: MissionStatus,
  agent: Agent.nullable(),
});
export type Mission = z.infer<typeof Mission>;
export const MissionList = z.object({ missions: z.array(Mission) });
export type MissionList = z.infer<typeof MissionList>;

export const PlanningQuery = z.object({
  from: z.iso.datetime({ offset: true, error: 'Date de début invalide' }),
  to: z.iso.datetime({ offset: true, error: 'Date de fin invalide' }),
});
export type PlanningQuery = z.infer<typeof PlanningQuery>;

/** What the agent checks the customer's documents against: the driver validated by the team. */
export const MissionDetail = Mission.extend({
  driver: z.object({
    firstName: z.string(),
    lastName: z.string(),
    dateOfBirth: z.string(),
    licenseNumber: z.string(),
    licenseIssueDate: z.string(),
  }),
  /** The handover's readings, for the return's comparison. */
  handover: z.object({ odometerKm: z.number().int(), fuelPercent: z.number().int() }).nullable(),
});
export type MissionDetail = z.infer<typeof MissionDetail>;

export const MissionProgress = z.object({
  kind: MissionKind,
  status: z.literal('en_route'),
});
export type MissionProgress = z.infer<typeof MissionProgress>;

/** The zones of the car diagram an agent marks damage on. */
export const CAR_ZONES = [
  'front',
  'front-left',
  'front-right',
  'left',
  'right',
  'rear-left',
  'rear-right',
  'rear',
  'roof',
  'windscreen',
  'wheels',
  'interior',
] as const;
export const CarZone = z.enum(CAR_ZONES, { error: 'Zone du véhicule inconnue' });
export type CarZone = z.infer<typeof CarZone>;
export const CAR_ZONE_LABELS: Record<CarZone, string> = {
  front: 'Avant',
  'front-left': 'Avant gauche',
  'front-right': 'Avant droit',
  left: 'Côté gauche',
  right: 'Côté droit',
  'rear-left': 'Arrière gauche',
  'rear-right': 'Arrière droit',
  rear: 'Arrière',
  roof: 'Toit',
  windscreen: 'Pare-brise et vitres',
  wheels: 'Jantes et pneus',
  interior: 'Intérieur',
};

export const Damage = z.object({
  zone: CarZone,
  note: z.string().trim().min(1, 'Décrivez le dommage').max(200),
  photoIds: z.array(z.uuid()).max(6, 'Six photos au plus par dommage'),
});
export type Damage = z.infer<typeof Damage>;

export const INSPECTION_PHOTO_MAX_BYTES = 8 * 1024 * 1024;
export const INSPECTION_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The handover report the agent fills in and the customer signs on the agent's phone. */
export const HandoverReport = z.object({
  odometerKm: z.number().int().min(0).max(2_000_000, 'Kilométrage invalide'),
  fuelPercent: z.number().int().min(0).max(100, 'Niveau entre 0 et 100 %'),
  identityChecked: z.literal(true, {
    error: 'Vérifiez le permis et la pièce d’identité du client avant la remise.',
  }),
  damages: z.array(Damage).max(20),
  interiorNote: z.string().trim().max(500),
  keysCount: z.number().int().min(0).max(5),
  accessories: z.array(z.string().trim().min(1).max(60)).max(12),
  signerName: z.string().trim().min(2, 'Le nom du signataire est requis').max(100),
  /** The customer's drawn signature, a PNG data URL. */
  signature: z
    .string()
    .max(400_000, 'Signature trop volumineuse')
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, 'Signature invalide'),
});
export type HandoverReport = z.infer<typeof HandoverReport>;

export const InspectionRecorded = z.object({
  bookingId: z.uuid(),
  bookingStatus: BookingStatus,
  reportUrl: z.string(),
});
export type InspectionRecorded = z.infer<typeof InspectionRecorded>;

/** The deposit hold as the team reads it. */
export const DEPOSIT_STATUS_LABELS: Record<string, string> = {
  scheduled: 'prévue',
  held: 'retenue',
  not_held: 'non retenue',
  failed: 'échec de la retenue',
  released: 'libérée',
  captured: 'prélevée',
};

/** The return inspection: the same readings as the handover, where it happened, what is owed. */
export const ReturnReport = HandoverReport.omit({ identityChecked: true }).extend({
  atAgency: z.boolean(),
  /**
   * New damage, assessed by the agent in cents (0 when none), shown by photos of the damages. It
   * is charged only within the plan's excess, once an administrator approves it.
   */
  damageCents: z.number().int().min(0).max(10_000_000, 'Montant invalide'),
  chargeNote: z.string().trim().max(500),
});
export type ReturnReport = z.infer<typeof ReturnReport>;

export const ReturnCharges = z.object({
  drivenKm: z.number().int(),
  allowanceKm: z.number().int().nullable(),
  extraKm: z.number().int(),
  extraKmCents: z.number().int(),
  missingFuelPercent: z.number().int(),
  fuelCents: z.number().int(),
  damageCents: z.number().int(),
  totalCents: z.number().int(),
});

/** New damage found at the return, and what of it the plan's excess lets the team charge. */
export const DamageAssessment = z.object({
  assessedCents: z.number().int(),
  chargeableCents: z.number().int(),
  /** The charge waits for an administrator's decision; the deposit stays held until then. */
  awaitingApproval: z.boolean(),
});
export type DamageAssessment = z.infer<typeof DamageAssessment>;

export const ReturnRecorded = InspectionRecorded.extend({
  /** What is owed now: kilometres and fuel (the damage, once approved, comes on top). */
  charges: ReturnCharges,
  damage: DamageAssessment.nullable(),
  /** The single-use code earned by a return at the agency. */
  promoCode: z.string().nullable(),
});
export type ReturnRecorded = z.infer<typeof ReturnRecorded>;

export const ReturnModeChange = z.object({ mode: ReturnMode });
export type ReturnModeChange = z.infer<typeof ReturnModeChange>;
