import type { Readable } from 'node:stream';
import type { ContractStep, ContractView } from '@vroum/core/rental-steps';
import type { SiteInfo } from '@vroum/core/site';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import type { SignatureProvider } from '../../providers/signature/signature-provider';
import type { ObjectStorage } from '../../providers/storage/object-storage';
import { renderInPdfWorker, renderInPdfWorkerLater } from '../../lib/pdf-pool';
import type { renderContractPdf } from './contract-pdf';
import { readContractTerms, sha256, termsHash, type ContractTerms } from './contract-terms';
import {
  cancelUnsignedVersions,
  findLatestContract,
  insertContractVersion,
  lockBookingContracts,
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

const contractNotFound = () => notFound('Contrat introuvable.', 'contract_not_found');
export const contractOutdated = () =>
  conflict(
    'Le contrat a changé depuis votre lecture : relisez la nouvelle version avant de signer.',
    'contract_outdated',
  );

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
 * `ahead`: made before anyone asks for it (contract-preparation.ts), after what others wait for.
 */
export async function ensureCurrentContract(
  deps: ContractsDeps,
  bookingId: string,
  ahead = false,
): Promise<{ contract: ContractRow; terms: ContractTerms }> {
  const terms = await readContractTerms(deps.db, bookingId);
  if (!terms) throw contractNotFound();
  const hash = termsHash(terms);
  const latest = await findLatestContract(deps.db, bookingId);
  if (latest && latest.terms_hash === hash && latest.status !== 'cancelled') {
    return { contract: latest, terms };
  }
  const version = (latest?.version ?? 0) + 1;
  // Rendering and storing take time: both happen before the transaction, which only records
  // the version (the embedded database serves nothing else while a transaction is open). The
  // file is named by its digest, so a request doing the same at once never overwrites it.
  const pdf = await (ahead ? renderInPdfWorkerLater : renderInPdfWorker)<typeof renderContractPdf>(
    'contract',
    deps.site,
    terms,
    version,
  );
  const documentSha256 = sha256(pdf);
  const documentKey = `contracts/${bookingId}/v${version}-${documentSha256.slice(0, 16)}.pdf`;
  await deps.storage.put(documentKey, Buffer.from(pdf), 'application/pdf');
  const contract = await deps.db.transaction(async (tx) => {
    await lockBookingContracts(tx, bookingId);
    const again = await findLatestContract(tx, bookingId);
    if (again && again.terms_hash === hash && again.status !== 'cancelled') return again;
    // Another version was recorded meanwhile, for other terms: this one is not the next.
    if ((again?.version ?? 0) + 1 !== version) return null;
    await cancelUnsignedVersions(tx, bookingId);
    return insertContractVersion(tx, {
      bookingId,
      version,
      provider: deps.signature.name,
      termsHash: hash,
      documentKey,
      documentSha256,
    });
  });
  if (contract?.document_key !== documentKey) {
    await deps.storage.delete(documentKey).catch(() => undefined);
  }
  if (!contract) throw contractOutdated();
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
