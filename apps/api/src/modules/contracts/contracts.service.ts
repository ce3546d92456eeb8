import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { ContractSignRequest, ContractStep, ContractView } from '@vroum/core/rental-steps';
import type { SiteInfo } from '@vroum/core/site';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { AppError, conflict, notFound } from '../../lib/app-error';
import type { SignatureProvider } from '../../providers/signature/signature-provider';
import type { ObjectStorage } from '../../providers/storage/object-storage';
import { noticeMail } from '../mail/mail-templates';
import { enqueueMail } from '../mail/mail.repository';
import { notifyCustomer } from '../notifications/notify-customer';
import { renderContractPdf } from './contract-pdf';
import { sealContractPdf } from './contract-seal';
import { readContractTerms, sha256, termsHash, type ContractTerms } from './contract-terms';
import {
  cancelUnsignedVersions,
  deleteSigningCode,
  findLatestContract,
  insertContractVersion,
  lockBookingContracts,
  markContractSigned,
  takeSigningCodeAttempt,
  upsertSigningCode,
  type ContractRow,
} from './contracts.repository';

export interface ContractsDeps {
  db: Database;
  storage: ObjectStorage;
  signature: SignatureProvider;
  site: SiteInfo;
  /** Keys the hash of the e-mailed codes (config.auth.secret). */
  secret: string;
  log: FastifyBaseLogger;
}

const CODE_MINUTES = 10;
const CODE_MAX_ATTEMPTS = 5;

const contractNotFound = () => notFound('Contrat introuvable.', 'contract_not_found');

/** The contract step of a booking: done when its current version (same terms) is signed. */
export function contractStepOf(
  latest: ContractRow | null,
  currentTermsHash: string | null,
  provider: SignatureProvider['name'],
): ContractStep {
  const signed = latest?.status === 'signed' && latest.terms_hash === currentTermsHash;
  return {
    state: signed ? 'done' : 'todo',
    provider,
    version: latest?.version ?? null,
    signedAt: signed ? (latest.signed_at?.toISOString() ?? null) : null,
  };
}

export async function contractStepForBooking(
  deps: ContractsDeps,
  bookingId: string,
): Promise<ContractStep> {
  const terms = await readContractTerms(deps.db, bookingId);
  return contractStepOf(
    await findLatestContract(deps.db, bookingId),
    terms ? termsHash(terms) : null,
    deps.signature.name,
  );
}

/**
 * The contract version matching the booking's terms today, generated when there is none or the
 * terms changed since the last one (which is then void if unsigned, and re-signed either way).
 */
export async function ensureCurrentContract(
  deps: ContractsDeps,
  bookingId: string,
): Promise<{ contract: ContractRow; terms: ContractTerms }> {
  const terms = await readContractTerms(deps.db, bookingId);
  if (!terms) throw contractNotFound();
  const hash = termsHash(terms);
  const latest = await findLatestContract(deps.db, bookingId);
  if (latest && latest.terms_hash === hash && latest.status !== 'cancelled') {
    return { contract: latest, terms };
  }
  const contract = await deps.db.transaction(async (tx) => {
    await lockBookingContracts(tx, bookingId);
    const again = await findLatestContract(tx, bookingId);
    if (again && again.terms_hash === hash && again.status !== 'cancelled') return again;
    const version = (again?.version ?? 0) + 1;
    const pdf = await renderContractPdf(deps.site, terms, version);
    const documentKey = `contracts/${bookingId}/v${version}.pdf`;
    await deps.storage.put(documentKey, Buffer.from(pdf), 'application/pdf');
    await cancelUnsignedVersions(tx, bookingId);
    return insertContractVersion(tx, {
      bookingId,
      version,
      provider: deps.signature.name,
      termsHash: hash,
      documentKey,
      documentSha256: sha256(pdf),
    });
  });
  return { contract, terms };
}

export function toContractView(
  contract: ContractRow,
  signingUrl: string | null = contract.status === 'sent' ? contract.signing_url : null,
): ContractView {
  return {
    version: contract.version,
    status: contract.status,
    documentSha256: contract.document_sha256 ?? '',
    signedSha256: contract.signed_sha256,
    signedAt: contract.signed_at?.toISOString() ?? null,
    signingUrl,
  };
}

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

async function readAll(body: Buffer | Readable): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

export async function readStored(deps: ContractsDeps, key: string | null): Promise<Buffer> {
  const stored = key ? await deps.storage.get(key) : null;
  if (!stored) throw contractNotFound();
  return readAll(stored.body);
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
  if (contract.version !== request.version) {
    throw conflict(
      'Le contrat a changé depuis votre lecture : relisez la nouvelle version avant de signer.',
      'contract_outdated',
    );
  }
  const signed = await deps.db.transaction(async (tx) => {
    await lockBookingContracts(tx, bookingId);
    const code = await takeSigningCodeAttempt(tx, contract.id);
    if (!code || code.expires_at.getTime() < Date.now() || code.attempts > CODE_MAX_ATTEMPTS) {
      throw new AppError('code_expired', 'Code expiré : demandez un nouveau code.', 422, 'code');
    }
    const expected = Buffer.from(code.code_hash, 'hex');
    if (!timingSafeEqual(expected, hashCode(deps.secret, contract.id, request.code))) {
      return null;
    }
    const unsigned = await readStored(deps, contract.document_key);
    if (sha256(unsigned) !== contract.document_sha256) {
      throw new AppError(
        'contract_tampered',
        'Le contrat stocké est altéré : contactez-nous.',
        409,
      );
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
    const sealed = await sealContractPdf(unsigned, mark, proof).catch(() => {
      throw new AppError('signature_invalid', 'La signature est invalide.', 400, 'signature');
    });
    const signedKey = `contracts/${bookingId}/v${contract.version}-signed.pdf`;
    await deps.storage.put(signedKey, Buffer.from(sealed.pdf), 'application/pdf');
    await markContractSigned(tx, contract.id, {
      signedDocumentKey: signedKey,
      signedSha256: sealed.sha256,
      signerName: proof.signerName,
      proof,
    });
    await deleteSigningCode(tx, contract.id);
    return findLatestContract(tx, bookingId);
  });
  if (!signed) {
    throw new AppError(
      'code_invalid',
      'Code invalide : vérifiez le code reçu par e-mail.',
      422,
      'code',
    );
  }
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

/** The contract file to read (current version) or the sealed one, as bytes. */
export async function readContractFile(
  deps: ContractsDeps,
  bookingId: string,
  which: 'current' | 'signed',
): Promise<{ pdf: Buffer; fileName: string }> {
  const { contract, terms } = await ensureCurrentContract(deps, bookingId);
  if (which === 'current') {
    return {
      pdf: await readStored(deps, contract.document_key),
      fileName: `contrat-${terms.reference}-v${contract.version}.pdf`,
    };
  }
  const latest = await findLatestContract(deps.db, bookingId);
  if (latest?.status !== 'signed')
    throw notFound('Le contrat n’est pas encore signé.', 'not_signed');
  return {
    pdf: await readStored(deps, latest.signed_document_key),
    fileName: `contrat-${terms.reference}-v${latest.version}-signe.pdf`,
  };
}

/** Whether the stored sealed contract still has the SHA-256 recorded at signature. */
export async function verifySignedContract(
  deps: ContractsDeps,
  bookingId: string,
): Promise<{ recorded: string; actual: string; intact: boolean }> {
  const latest = await findLatestContract(deps.db, bookingId);
  if (latest?.status !== 'signed' || !latest.signed_sha256) {
    throw notFound('Le contrat n’est pas encore signé.', 'not_signed');
  }
  const actual = sha256(await readStored(deps, latest.signed_document_key));
  return { recorded: latest.signed_sha256, actual, intact: actual === latest.signed_sha256 };
}
