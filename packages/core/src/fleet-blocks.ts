import { z } from 'zod';

/**
 * A fleet block: the team takes a car out of service for a period, with a reason. The car is
 * then unavailable to every search, quote and payment start for that period. Shared by the
 * console and the server; the public pages only ever see the dates as unavailable.
 */
export const FLEET_BLOCK_KINDS = ['maintenance', 'repair', 'inspection', 'private_use'] as const;
export const FleetBlockKind = z.enum(FLEET_BLOCK_KINDS, {
  error: 'Choisissez le type d’immobilisation.',
});
export type FleetBlockKind = z.infer<typeof FleetBlockKind>;
export const FLEET_BLOCK_KIND_LABELS: Record<FleetBlockKind, string> = {
  maintenance: 'Entretien',
  repair: 'Réparation',
  inspection: 'Contrôle technique',
  private_use: 'Usage privé',
};

/** A block lasts at most a year: beyond, the car should be withdrawn from the catalogue. */
export const MAX_BLOCK_DAYS = 366;

const instant = (what: string) =>
  z.iso.datetime({ offset: true, error: `La date de ${what} est invalide.` });

const blockFields = {
  start: instant('début'),
  end: instant('fin'),
  kind: FleetBlockKind,
  reason: z
    .string({ error: 'Le motif est obligatoire.' })
    .trim()
    .min(3, 'Indiquez le motif de l’immobilisation (3 caractères au moins).')
    .max(500, 'Le motif ne doit pas dépasser 500 caractères.'),
};

function checkBlockPeriod(block: { start: string; end: string }, ctx: z.RefinementCtx): void {
  const start = Date.parse(block.start);
  const end = Date.parse(block.end);
  if (!(end > start)) {
    ctx.addIssue({
      code: 'custom',
      path: ['end'],
      message: 'La fin de l’immobilisation doit suivre son début.',
    });
  } else if (end - start > MAX_BLOCK_DAYS * 86_400_000) {
    ctx.addIssue({
      code: 'custom',
      path: ['end'],
      message: `Une immobilisation dure au plus ${MAX_BLOCK_DAYS}\u00a0jours : retirez plutôt le véhicule du catalogue.`,
    });
  }
}

/** Creating a block: the car, the period (half-open), the kind and the reason. */
export const FleetBlockRequest = z
  .object({
    vehicleId: z.uuid('Choisissez un véhicule.'),
    ...blockFields,
    /** The damage claim that proposed this repair block, if any. */
    damageClaimId: z.uuid().optional(),
  })
  .superRefine(checkBlockPeriod);
export type FleetBlockRequest = z.input<typeof FleetBlockRequest>;

/** Changing a block's dates or reason (its car stays). */
export const FleetBlockChange = z.object(blockFields).superRefine(checkBlockPeriod);
export type FleetBlockChange = z.input<typeof FleetBlockChange>;

export const FleetBlock = z.object({
  id: z.uuid(),
  vehicleId: z.uuid(),
  vehicleName: z.string(),
  start: z.string(),
  end: z.string(),
  kind: FleetBlockKind,
  reason: z.string(),
  damageClaimId: z.uuid().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  liftedAt: z.string().nullable(),
});
export type FleetBlock = z.infer<typeof FleetBlock>;

export const FleetBlockList = z.object({ blocks: z.array(FleetBlock) });
export type FleetBlockList = z.infer<typeof FleetBlockList>;

/** The console's list: the blocks not over yet, or those overlapping [from, to) (the planning). */
export const FleetBlockQuery = z
  .object({
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    vehicleId: z.uuid().optional(),
  })
  .refine((query) => (query.from === undefined) === (query.to === undefined), {
    message: 'Indiquez le début et la fin de la période.',
    path: ['to'],
  });
export type FleetBlockQuery = z.infer<typeof FleetBlockQuery>;
