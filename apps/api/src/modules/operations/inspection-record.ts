import type { Damage, HandoverReport } from '@vroum/core/operations';
import { AppError } from '../../lib/app-error';
import { readObjectBytes } from '../../providers/storage/read-bytes';
import { renderInPdfWorker } from '../../lib/pdf-pool';
import type { renderInspectionReport, InspectionReportInput } from './inspection-pdf';
import {
  findPhotos,
  type InspectionKind,
  type NewInspection,
  type PhotoRow,
} from './inspections.repository';
import type { MissionRow } from './operations.repository';
import type { OperationsDeps, Staff } from './operations.service';

// The inspection, the same routine at the handover and at the return: the readings and damages
// the agent took, the photos they name, the report the customer signs sealed by its digest and
// stored, then the inspection's row. Each moment adds its own rules around it (the handover
// gate, the return's charges).

/** What both inspections read: the handover's report without its identity check. */
export type InspectionReadings = Omit<HandoverReport, 'identityChecked'>;

export interface InspectionToSeal {
  kind: InspectionKind;
  mission: MissionRow;
  staff: Staff & { name: string };
  readings: InspectionReadings;
  /** Where it happened: the mission's address, or the agency's for a return there. */
  address: string;
  identityChecked: boolean;
  signaturePng: Uint8Array;
  /** At the return: what is charged, line by line. */
  charges?: InspectionReportInput['charges'];
}

export interface SealedInspection {
  reportKey: string;
  reportSha256: string;
  photos: PhotoRow[];
}

/** The photos a report names, all received for this booking and moment, or a French 422. */
export async function requirePhotos(
  deps: OperationsDeps,
  bookingId: string,
  kind: InspectionKind,
  damages: Damage[],
): Promise<PhotoRow[]> {
  const photoIds = [...new Set(damages.flatMap((damage) => damage.photoIds))];
  const photos = await findPhotos(deps.db, bookingId, photoIds);
  if (photos.length !== photoIds.length || photos.some((photo) => photo.kind !== kind)) {
    throw new AppError(
      'photo_missing',
      'Une photo n’a pas encore été reçue : attendez la fin de l’envoi ou reprenez-la.',
      422,
      'damages',
    );
  }
  return photos;
}

/** The photos' bytes by id, for the report. */
export async function loadPhotos(
  deps: OperationsDeps,
  photos: PhotoRow[],
): Promise<Map<string, { bytes: Uint8Array; contentType: string }>> {
  const bytes = new Map<string, { bytes: Uint8Array; contentType: string }>();
  for (const photo of photos) {
    const stored = await deps.storage.get(photo.storage_key);
    if (stored) {
      // A copy with its own ArrayBuffer: pdf-lib reads a JPEG from offset 0 of the buffer, and
      // small Node buffers are slices of a shared pool.
      const copy = new Uint8Array(await readObjectBytes(stored.body));
      bytes.set(photo.id, { bytes: copy, contentType: photo.content_type });
    }
  }
  return bytes;
}

/**
 * Renders the signed report with the photos it names and stores it under its digest, before
 * anything is recorded: the row then names a file that exists.
 */
export async function sealInspection(
  deps: OperationsDeps,
  inspection: InspectionToSeal,
): Promise<SealedInspection> {
  const { kind, mission, readings } = inspection;
  const bookingId = mission.booking_id;
  const photos = await requirePhotos(deps, bookingId, kind, readings.damages);
  const { pdf, sha256 } = await renderInPdfWorker<typeof renderInspectionReport>(
    'inspection-report',
    deps.site,
    {
      kind,
      reference: mission.reference,
      vehicleName: mission.vehicle_name,
      customerName: mission.customer_name,
      address: inspection.address,
      agentName: inspection.staff.name,
      at: new Date(),
      odometerKm: readings.odometerKm,
      fuelPercent: readings.fuelPercent,
      keysCount: readings.keysCount,
      accessories: readings.accessories,
      identityChecked: inspection.identityChecked,
      damages: readings.damages,
      interiorNote: readings.interiorNote,
      photos: await loadPhotos(deps, photos),
      signerName: readings.signerName,
      signaturePng: inspection.signaturePng,
      ...(inspection.charges ? { charges: inspection.charges } : {}),
    },
  );
  const reportKey = `inspections/${bookingId}/${kind}/report-${sha256.slice(0, 16)}.pdf`;
  await deps.storage.put(reportKey, Buffer.from(pdf), 'application/pdf');
  return { reportKey, reportSha256: sha256, photos };
}

/** The inspection's row, from what was sealed; the return adds where and what it charges. */
export function inspectionRow(
  inspection: InspectionToSeal,
  sealed: SealedInspection,
  extra: Pick<NewInspection, 'atAgency' | 'charges' | 'contestUntil'>,
): NewInspection {
  const { readings } = inspection;
  return {
    bookingId: inspection.mission.booking_id,
    kind: inspection.kind,
    agentId: inspection.staff.id,
    odometerKm: readings.odometerKm,
    fuelPercent: readings.fuelPercent,
    damages: readings.damages,
    interiorNote: readings.interiorNote,
    keysCount: readings.keysCount,
    accessories: readings.accessories,
    identityChecked: inspection.identityChecked,
    atAgency: extra.atAgency,
    signerName: readings.signerName,
    reportKey: sealed.reportKey,
    reportSha256: sealed.reportSha256,
    ...(extra.charges !== undefined ? { charges: extra.charges } : {}),
    ...(extra.contestUntil !== undefined ? { contestUntil: extra.contestUntil } : {}),
  };
}
