import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { ContractSignRequest, ContractView } from '@vroum/core/rental-steps';
import { AppError, conflict } from '../../lib/app-error';
import { noticeMail } from '../mail/mail-templates';
import { enqueueMail } from '../mail/mail.service';
import { notifyCustomer } from '../notifications/notify-customer';
import { PdfUnavailable, renderInPdfWorker } from '../../lib/pdf-pool';
import type { sealContractPdf } from './contract-seal';
import { sha256 } from './contract-terms';
import {
  deleteSigningCode,
  findLatestContract,
  lockBookingContracts,
  markContractSigned,
  takeSigningCodeAttempt,
  upsertSigningCode,
} from './contracts.repository';
import {
  contractOutdated,
  ensureCurrentContract,
  readStored,
  toContractView,
  type ContractsDeps,
} from './contracts.service';

// The built-in signature: a code e-mailed to the customer, then the contract sealed with the
// signature and its proof.

const CODE_MINUTES = 10;
const CODE_MAX_ATTEMPTS = 5;

const hashCode = (secret: string, contractId: string, code: string) =>
  createHmac('sha256', secret).update(`${contractId}:${code}`).digest();

/** Sends a fresh 6-digit code to the customer's address; the last code sent is the valid one. */
export async function sendSigningCode(
  deps: ContractsDeps,
  bookingId: string,
  email: string,
): Promise<ContractView> {
  const { contract, terms } = await ensureCurrentContract(deps, bookingId);
  if (contract.status === 'signed') throw conflict('Ce contrat est déjà signé.', 'contract_signed');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await upsertSigningCode(
    deps.db,
    contract.id,
    hashCode(deps.secret, contract.id, code).toString('hex'),
    CODE_MINUTES,
  );
  await enqueueMail(deps.db, {
    to: email,
    template: 'contract-code',
    ...noticeMail(deps.site, {
      subject: `Votre code de signature : ${code}`,
      heading: `Code de signature du contrat ${terms.reference}`,
      paragraphs: [
        `Pour signer la version ${contract.version} de votre contrat de location, saisissez ce code : ${code}`,
        `Ce code est valable ${CODE_MINUTES} minutes. Si vous n’êtes pas à l’origine de cette demande, ignorez ce message et contactez-nous.`,
      ],
      link: `/reservation/${bookingId}/contrat`,
      linkLabel: 'Revenir au contrat',
    }),
  });
  return toContractView(contract, null);
}

export interface SignatureContext {
  userId: string;
  email: string;
  ip: string;
  userAgent: string;
}

/**
 * The built-in signature: the version the customer read must still be the current one, the
 * e-mailed code must match (5 attempts, 10 minutes), then the PDF is sealed with the signature
 * and its proof, stored, and its SHA-256 recorded. A retry after success changes nothing.
 */
export async function signContract(
  deps: ContractsDeps,
  bookingId: string,
  request: ContractSignRequest,
  who: SignatureContext,
): Promise<ContractView> {
  if (deps.signature.kind !== 'in_app') {
    throw conflict('La signature se fait sur la page de notre prestataire.', 'hosted_signature');
  }
  const { contract, terms } = await ensureCurrentContract(deps, bookingId);
  if (contract.status === 'signed') return toContractView(contract, null);
  if (contract.version !== request.version) throw contractOutdated();
  // The seal (a PDF rewritten) and the file are made before any transaction: the embedded
  // database serves nothing else while one is open.
  const unsigned = await readStored(deps, contract.document_key);
  if (sha256(unsigned) !== contract.document_sha256) {
    throw new AppError('contract_tampered', 'Le contrat stocké est altéré : contactez-nous.', 409);
  }
  const now = new Date().toISOString();
  const proof = {
    signerName: terms.customer.name || who.email,
    signerEmail: who.email,
    signedAt: now,
    ip: who.ip,
    userAgent: who.userAgent.slice(0, 300),
    documentSha256: contract.document_sha256 ?? '',
    codeVerifiedAt: now,
    consent: 'J’ai lu et j’accepte le contrat de location et les conditions générales.',
    method: request.signature.kind,
  };
  const mark =
    request.signature.kind === 'drawn'
      ? {
          kind: 'drawn' as const,
          png: Buffer.from(request.signature.png.split(',')[1] ?? '', 'base64'),
        }
      : { kind: 'typed' as const, text: request.signature.text };
  const sealed = await renderInPdfWorker<typeof sealContractPdf>(
    'contract-seal',
    unsigned,
    mark,
    proof,
  ).catch((error: unknown) => {
    // A PDF thread that failed is the server's fault, not the signature's.
    if (error instanceof PdfUnavailable) throw error;
    throw new AppError('signature_invalid', 'La signature est invalide.', 400, 'signature');
  });
  const verdict = await deps.db.transaction(async (tx) => {
    await lockBookingContracts(tx, bookingId);
    const latest = await findLatestContract(tx, bookingId);
    if (latest?.id === contract.id && latest.status === 'signed') return latest;
    if (latest?.id !== contract.id) throw contractOutdated();
    const code = await takeSigningCodeAttempt(tx, contract.id);
    if (!code || code.expires_at.getTime() < Date.now() || code.attempts > CODE_MAX_ATTEMPTS) {
      throw new AppError('code_expired', 'Code expiré : demandez un nouveau code.', 422, 'code');
    }
    const expected = Buffer.from(code.code_hash, 'hex');
    if (!timingSafeEqual(expected, hashCode(deps.secret, contract.id, request.code))) {
      return 'wrong_code' as const;
    }
    // The code is spent here, so this request alone stores the sealed file and records it.
    await deleteSigningCode(tx, contract.id);
    return 'verified' as const;
  });
  if (verdict === 'wrong_code') {
    throw new AppError(
      'code_invalid',
      'Code invalide : vérifiez le code reçu par e-mail.',
      422,
      'code',
    );
  }
  if (verdict !== 'verified') return toContractView(verdict, null);
  const signedKey = `contracts/${bookingId}/v${contract.version}-signed.pdf`;
  await deps.storage.put(signedKey, Buffer.from(sealed.pdf), 'application/pdf');
  const signed = await deps.db.transaction(async (tx) => {
    await lockBookingContracts(tx, bookingId);
    const recorded = await markContractSigned(tx, contract.id, {
      signedDocumentKey: signedKey,
      signedSha256: sealed.sha256,
      signerName: proof.signerName,
      proof,
    });
    // The terms changed since the code was checked: the new version is to be signed.
    if (!recorded) throw contractOutdated();
    return (await findLatestContract(tx, bookingId))!;
  });
  await notifyCustomer(deps.db, deps.site, {
    userId: who.userId,
    email: who.email,
    dedupeKey: `contract-signed:${signed.id}`,
    title: `Contrat ${terms.reference} signé`,
    message: 'Votre contrat est signé. Vous pouvez le télécharger depuis votre réservation.',
    link: `/reservation/${bookingId}`,
    linkLabel: 'Télécharger le contrat signé',
  });
  return toContractView(signed, null);
}
