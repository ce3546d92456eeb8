import type { HandoverReport, InspectionRecorded } from '@vroum/core/operations';
import { AppError, notFound } from '../../lib/app-error';
import { reencodeDrawing } from '../../lib/image-decoding';
import { readObjectBytes } from '../../providers/storage/read-bytes';
import { findBookingForSteps } from '../bookings/booking-reads.service';
import { startRental } from '../bookings/rental-steps.service';
import { signatureUnreadable } from './inspection-pdf';
import { inspectionRow, sealInspection, type InspectionToSeal } from './inspection-record';
import {
  findInspectionReport,
  findPhoto,
  photosDeletedByRetention,
  insertInspection,
  type InspectionKind,
} from './inspections.repository';
import { ownMission, type OperationsDeps, type Staff } from './operations.service';
import { setMissionStatus } from './operations.repository';

/**
 * The handover at delivery, recorded by the assigned agent (or an administrator): the readings,
 * the damages with their photos, the keys and accessories, and the customer's signature, sealed
 * in a PDF report kept in storage. The booking becomes active in the same transaction as the
 * inspection, only if identity, contract and deposit hold are in place; the customer gets the
 * report. Recording it again answers the same result.
 */
export async function recordHandover(
  deps: OperationsDeps,
  staff: Staff & { name: string },
  bookingId: string,
  report: HandoverReport,
): Promise<InspectionRecorded> {
  const mission = await ownMission(deps, staff, bookingId, 'delivery');
  const reportUrl = `/api/v1/bookings/${bookingId}/inspections/handover/report`;
  if (mission.booking_status !== 'confirmed') {
    if ((await findInspectionReport(deps.db, bookingId, 'handover')) !== null) {
      return { bookingId, bookingStatus: mission.booking_status, reportUrl };
    }
    throw new AppError(
      'invalid_transition',
      'Seule une réservation confirmée peut être remise au client.',
      409,
    );
  }
  // Read first: a signature that does not decode is drawn again before anything is done.
  const signaturePng = await reencodeDrawing(
    Buffer.from(report.signature.split(',')[1]!, 'base64'),
  );
  if (!signaturePng) throw signatureUnreadable();
  const booking = await findBookingForSteps(deps.db, bookingId);
  if (!booking) throw notFound('Réservation introuvable', 'booking_not_found');

  const inspection: InspectionToSeal = {
    kind: 'handover',
    mission,
    staff,
    readings: report,
    address: mission.address,
    identityChecked: report.identityChecked,
    signaturePng: new Uint8Array(signaturePng),
  };
  const sealed = await sealInspection(deps, inspection);
  await startRental(
    deps,
    staff.id,
    booking,
    async (tx) => {
      await insertInspection(tx, inspectionRow(inspection, sealed, { atAgency: false }));
      await setMissionStatus(tx, bookingId, 'delivery', 'delivered');
    },
    {
      paragraphs: [
        'Le véhicule vous a été remis. Bonne route !',
        'Le procès-verbal de livraison que vous avez signé, avec l’état des lieux du véhicule, est disponible depuis votre réservation.',
      ],
    },
  );
  return { bookingId, bookingStatus: 'active', reportUrl };
}

/** The report PDF of an inspection, for the customer, the team and the agent. */
export async function readInspectionReport(
  deps: OperationsDeps,
  bookingId: string,
  kind: InspectionKind,
): Promise<Buffer> {
  const report = await findInspectionReport(deps.db, bookingId, kind);
  const stored = report ? await deps.storage.get(report.reportKey) : null;
  if (!stored) throw notFound('Procès-verbal introuvable', 'report_not_found');
  return readObjectBytes(stored.body);
}

/** A photo of the car, for the team and the booking's customer. */
export async function readInspectionPhoto(
  deps: OperationsDeps,
  bookingId: string,
  photoId: string,
): Promise<{ bytes: Buffer; contentType: string }> {
  const photo = await findPhoto(deps.db, photoId);
  const stored = photo?.booking_id === bookingId ? await deps.storage.get(photo.storage_key) : null;
  if (!photo && (await photosDeletedByRetention(deps.db, bookingId))) {
    throw new AppError(
      'photo_deleted',
      'Les photos de cet état des lieux ont été supprimées à la fin de leur durée de conservation ; le procès-verbal signé les reproduit.',
      410,
    );
  }
  if (!photo || !stored) throw notFound('Photo introuvable', 'photo_not_found');
  return { bytes: await readObjectBytes(stored.body), contentType: photo.content_type };
}
