import type { Damage, HandoverReport, InspectionRecorded } from '@vroum/core/operations';
import { AppError, notFound } from '../../lib/app-error';
import { reencodeDrawing } from '../../lib/image-decoding';
import { readObjectBytes } from '../../providers/storage/read-bytes';
import { findBookingForSteps } from '../bookings/booking-reads.service';
import { startRental } from '../bookings/rental-steps.service';
import { renderInspectionReport, signatureUnreadable } from './inspection-pdf';
import {
  findInspectionReport,
  findPhoto,
  photosDeletedByRetention,
  findPhotos,
  insertInspection,
  type InspectionKind,
  type PhotoRow,
} from './inspections.repository';
import { ownMission, type OperationsDeps, type Staff } from './operations.service';
import { setMissionStatus } from './operations.repository';

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

  const photos = await requirePhotos(deps, bookingId, 'handover', report.damages);
  const bytes = await loadPhotos(deps, photos);
  const at = new Date();
  const { pdf, sha256 } = await renderInspectionReport(deps.site, {
    kind: 'handover',
    reference: mission.reference,
    vehicleName: mission.vehicle_name,
    customerName: mission.customer_name,
    address: mission.address,
    agentName: staff.name,
    at,
    odometerKm: report.odometerKm,
    fuelPercent: report.fuelPercent,
    keysCount: report.keysCount,
    accessories: report.accessories,
    identityChecked: report.identityChecked,
    damages: report.damages,
    interiorNote: report.interiorNote,
    photos: bytes,
    signerName: report.signerName,
    signaturePng: new Uint8Array(signaturePng),
  });
  const reportKey = `inspections/${bookingId}/handover/report-${sha256.slice(0, 16)}.pdf`;
  await deps.storage.put(reportKey, Buffer.from(pdf), 'application/pdf');

  await startRental(
    deps,
    staff.id,
    booking,
    async (tx) => {
      await insertInspection(tx, {
        bookingId,
        kind: 'handover',
        agentId: staff.id,
        odometerKm: report.odometerKm,
        fuelPercent: report.fuelPercent,
        damages: report.damages,
        interiorNote: report.interiorNote,
        keysCount: report.keysCount,
        accessories: report.accessories,
        identityChecked: report.identityChecked,
        atAgency: false,
        signerName: report.signerName,
        reportKey,
        reportSha256: sha256,
      });
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
