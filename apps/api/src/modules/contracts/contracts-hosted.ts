import { PDFDocument } from 'pdf-lib';
import type { ContractView } from '@vroum/core/rental-steps';
import { conflict } from '../../lib/app-error';
import type { HostedSignature } from '../../providers/signature/signature-provider';
import type { VerifiedWebhookEvent } from '../../providers/webhook-event';
import { notifyCustomer } from '../notifications/notify-customer';
import { signatureBoxOf } from './contract-pdf';
import { sha256 } from './contract-terms';
import {
  findContractByProviderRef,
  lockBookingContracts,
  markContractDeclined,
  markContractSent,
  markContractSigned,
} from './contracts.repository';
import {
  ensureCurrentContract,
  readStored,
  toContractView,
  type ContractsDeps,
} from './contracts.service';

const hosted = (deps: ContractsDeps): HostedSignature => {
  if (deps.signature.kind !== 'hosted') {
    throw conflict('La signature se fait sur notre site.', 'in_app_signature');
  }
  return deps.signature;
};

/**
 * Sends the current contract version to the signature provider (once per version) and returns
 * the signer's page. The field is placed on the contract's own signature box.
 */
export async function startHostedSignature(
  deps: ContractsDeps,
  bookingId: string,
): Promise<ContractView> {
  const provider = hosted(deps);
  const { contract, terms } = await ensureCurrentContract(deps, bookingId);
  if (contract.status !== 'draft') return toContractView(contract);
  const pdf = await readStored(deps, contract.document_key);
  const box = signatureBoxOf(await PDFDocument.load(pdf));
  const [firstName, ...rest] = terms.customer.name.split(' ');
  const back = `${deps.site.publicUrl}/reservation/${bookingId}`;
  const request = await provider.createSignatureRequest({
    externalId: contract.id,
    name: `Contrat de location ${terms.reference} v${contract.version}`,
    fileName: `contrat-${terms.reference}-v${contract.version}.pdf`,
    pdf,
    signer: {
      firstName: firstName || terms.customer.email,
      lastName: rest.join(' ') || '-',
      email: terms.customer.email,
      phone: null,
    },
    box: { page: box.pageIndex + 1, x: box.x, y: box.y, width: box.width, height: box.height },
    redirectUrls: { success: back, error: back, decline: back },
  });
  await markContractSent(deps.db, contract.id, request.id, request.signatureLink);
  return { ...toContractView(contract), status: 'sent', signingUrl: request.signatureLink };
}

/**
 * A provider's event about a signature request, from the webhook inbox (which runs it until it
 * succeeds): the request re-read from the provider decides. Once done, the signed PDF and the
 * audit trail are downloaded and kept, and the signed file's SHA-256 recorded; a contract no
 * longer waiting for its signature is left alone, so running twice changes nothing.
 */
export async function handleSignatureEvent(
  deps: ContractsDeps,
  event: VerifiedWebhookEvent,
  ownerOf: (bookingId: string) => Promise<{ userId: string; email: string } | null>,
): Promise<'ignored' | 'handled'> {
  const provider = hosted(deps);
  if (!event.objectId) return 'ignored';
  const contract = await findContractByProviderRef(deps.db, provider.name, event.objectId);
  if (contract?.status !== 'sent') return 'ignored';
  const request = await provider.getSignatureRequest(event.objectId);
  if (
    request.status === 'declined' ||
    request.status === 'expired' ||
    request.status === 'canceled'
  ) {
    await markContractDeclined(deps.db, contract.id);
    return 'handled';
  }
  if (request.status !== 'done') return 'ignored';
  const signed = await provider.downloadSignedDocument(request.id);
  const auditTrail = await provider.downloadAuditTrail(request.id);
  const base = `contracts/${contract.booking_id}/v${contract.version}`;
  await deps.storage.put(`${base}-signed.pdf`, signed, 'application/pdf');
  await deps.storage.put(`${base}-audit-trail.pdf`, auditTrail, 'application/pdf');
  const recorded = await deps.db.transaction(async (tx) => {
    await lockBookingContracts(tx, contract.booking_id);
    return markContractSigned(tx, contract.id, {
      signedDocumentKey: `${base}-signed.pdf`,
      signedSha256: sha256(signed),
      signerName: contract.signer_name ?? '',
      proof: {
        provider: provider.name,
        signatureRequestId: request.id,
        auditTrailKey: `${base}-audit-trail.pdf`,
        auditTrailSha256: sha256(auditTrail),
      },
    });
  });
  const owner = await ownerOf(contract.booking_id);
  if (recorded && owner) {
    await notifyCustomer(deps.db, deps.site, {
      userId: owner.userId,
      email: owner.email,
      dedupeKey: `contract-signed:${contract.id}`,
      title: 'Contrat signé',
      message: 'Votre contrat est signé. Vous pouvez le télécharger depuis votre réservation.',
      link: `/reservation/${contract.booking_id}`,
      linkLabel: 'Télécharger le contrat signé',
    });
  }
  return 'handled';
}
