import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { makePdf } from './sample-files';

/**
 * A local server speaking Yousign API v3's wire format for the adapter's tests: bearer key,
 * JSON bodies, the PDF uploaded as multipart, errors as `{type, detail}`. Signature requests live
 * in memory; the test plays the signer (`signAll`, `decline`) and Yousign's webhooks.
 */

type Json = Record<string, unknown>;

export interface FakeDocument {
  id: string;
  filename: string;
  nature: string;
  content_type: string;
  sha256: string;
  total_pages: number;
  is_signed: boolean;
  bytes: Buffer;
}

export interface FakeSigner {
  id: string;
  status: string;
  info: Json;
  signature_level: string;
  signature_authentication_mode: string;
  fields: Json[];
  redirect_urls: Json;
  signature_link: string | null;
  signature_link_expiration_date: string | null;
}

export interface FakeSignatureRequest {
  id: string;
  status: string;
  name: string;
  delivery_mode: string;
  timezone: string;
  external_id: string | null;
  created_at: string;
  decline_information: { reason: string; declined_at: string; signer_id: string } | null;
  cancellation: { reason: string; custom_note: string | null } | null;
  documents: FakeDocument[];
  signers: FakeSigner[];
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** Parsed JSON, or the fields and files of a multipart body. */
  body: unknown;
  status: number;
}

export interface YousignFake {
  /** The API's base, ending in /v3. */
  url: string;
  apiKey: string;
  requests: RecordedRequest[];
  signatureRequests: Map<string, FakeSignatureRequest>;
  requestsTo(method: string, path: string | RegExp): RecordedRequest[];
  /** The next call matching answers this error instead (e.g. 500, or 429 `{message}`). */
  failNext(method: string, path: string | RegExp, status: number, body?: Json): void;
  /** The signer signs: the request is `done` and its document carries the signature. */
  signAll(requestId: string): void;
  decline(requestId: string, reason: string): void;
  /** The body and headers Yousign would POST; `tamper` changes the body after signing it. */
  buildWebhook(
    eventName: string,
    requestId: string,
    options: { secret: string; tamper?: boolean },
  ): { rawBody: Buffer; headers: Record<string, string> };
  sendWebhook(
    targetUrl: string,
    eventName: string,
    requestId: string,
    options: { secret: string; tamper?: boolean },
  ): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

class FakeError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(JSON.stringify(body));
  }
}
const invalid = (detail: string) => new FakeError(400, { type: 'invalid_request_error', detail });
const notFound = (detail = 'Resource not found.') =>
  new FakeError(404, { type: 'not_found', detail });

const CANCEL_REASONS = ['contractualization_aborted', 'errors_in_document', 'other'];
const E164 = /^\+[1-9]\d{6,14}$/;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isInteger = (value: unknown, min: number, max: number): value is number =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max;
const requireString = (body: Json, key: string, label = key): string => {
  const value = body[key];
  if (typeof value !== 'string' || !value)
    throw invalid(`${label}: This value should not be blank.`);
  return value;
};

interface Part {
  name: string;
  filename: string | null;
  contentType: string | null;
  data: Buffer;
}

/** Reads a `multipart/form-data` body into its parts; null when it is not one. */
function parseMultipart(body: Buffer, contentType: string | undefined): Part[] | null {
  const boundary = /^multipart\/form-data;.*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(
    contentType ?? '',
  );
  if (!boundary) return null;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const parts: Part[] = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const headerStart = start + delimiter.length + 2;
    if (body.subarray(start + delimiter.length, headerStart).toString() === '--') break;
    const headerEnd = body.indexOf('\r\n\r\n', headerStart);
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headerEnd);
    if (headerEnd === -1 || next === -1) return null;
    const headers = body.subarray(headerStart, headerEnd).toString('utf8');
    const disposition = /content-disposition:[^\r\n]*/i.exec(headers)?.[0] ?? '';
    parts.push({
      name: /\bname="([^"]*)"/.exec(disposition)?.[1] ?? '',
      filename: /\bfilename="([^"]*)"/.exec(disposition)?.[1] ?? null,
      contentType: /content-type:\s*([^\r\n;]+)/i.exec(headers)?.[1]?.trim() ?? null,
      data: body.subarray(headerEnd + 4, next),
    });
    start = next + 2;
  }
  return parts;
}

const countPages = (pdf: Buffer) =>
  pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;

/**
 * The document with Yousign's mark: an incremental update (the original bytes stay as they are)
 * adding an Info dictionary. A PDF without a classic trailer gets the mark as a trailing comment.
 */
function markSigned(pdf: Buffer, requestId: string): Buffer {
  const text = pdf.toString('latin1');
  const size = [...text.matchAll(/\/Size\s+(\d+)/g)].at(-1)?.[1];
  const root = [...text.matchAll(/\/Root\s+(\d+\s+\d+\s+R)/g)].at(-1)?.[1];
  const previous = [...text.matchAll(/startxref\s+(\d+)/g)].at(-1)?.[1];
  const mark = `Signé via Yousign ${requestId}`;
  if (!size || !root || !previous || !text.includes('trailer')) {
    return Buffer.concat([pdf, Buffer.from(`\n%${mark}\n`, 'latin1')]);
  }
  const head = pdf.at(-1) === 0x0a ? '' : '\n';
  const object = Number(size);
  const offset = pdf.length + head.length;
  let update = `${head}${object} 0 obj\n<< /Producer (Yousign) /Subject (${mark}) >>\nendobj\n`;
  const xref = offset + update.length - head.length;
  update += `xref\n${object} 1\n${String(offset).padStart(10, '0')} 00000 n \n`;
  update += `trailer\n<< /Size ${object + 1} /Root ${root} /Info ${object} 0 R /Prev ${previous} >>\n`;
  update += `startxref\n${xref}\n%%EOF\n`;
  return Buffer.concat([pdf, Buffer.from(update, 'latin1')]);
}

export async function startYousignFakeServer(
  options: { apiKey?: string } = {},
): Promise<YousignFake> {
  const apiKey = options.apiKey ?? `ys_test_${randomBytes(12).toString('hex')}`;
  const signatureRequests = new Map<string, FakeSignatureRequest>();
  const requests: RecordedRequest[] = [];
  const failures: { method: string; path: string | RegExp; status: number; body: Json }[] = [];
  let origin = '';

  const matches = (path: string, pattern: string | RegExp) =>
    typeof pattern === 'string' ? path === pattern : pattern.test(path);
  const now = () => new Date().toISOString();

  function find(id: string): FakeSignatureRequest {
    const found = signatureRequests.get(id);
    if (!found || found.status === 'deleted') throw notFound('Signature request not found.');
    return found;
  }

  /** The request as the API shows it (the cancellation stays with the fake). */
  function render(request: FakeSignatureRequest, withLinks = false): Json {
    const { id, status, name, delivery_mode, timezone, external_id, created_at } = request;
    return {
      id,
      status,
      name,
      delivery_mode,
      timezone,
      external_id,
      created_at,
      decline_information: request.decline_information,
      signers: request.signers.map((s) => ({
        id: s.id,
        status: s.status,
        ...(withLinks
          ? {
              signature_link: s.signature_link,
              signature_link_expiration_date: s.signature_link_expiration_date,
            }
          : {}),
      })),
      documents: request.documents.map((d) => ({ id: d.id, nature: d.nature })),
    };
  }

  function renderDocument({ bytes: _bytes, ...document }: FakeDocument): Json {
    return document;
  }

  function create(body: Json): [number, Json] {
    const name = requireString(body, 'name');
    if (name.length > 128) throw invalid('name: This value is too long.');
    const deliveryMode = requireString(body, 'delivery_mode');
    if (!['none', 'email'].includes(deliveryMode)) throw invalid('delivery_mode: Invalid value.');
    const request: FakeSignatureRequest = {
      id: randomUUID(),
      status: 'draft',
      name,
      delivery_mode: deliveryMode,
      timezone: typeof body.timezone === 'string' ? body.timezone : 'Europe/Paris',
      external_id: typeof body.external_id === 'string' ? body.external_id : null,
      created_at: now(),
      decline_information: null,
      cancellation: null,
      documents: [],
      signers: [],
    };
    signatureRequests.set(request.id, request);
    return [201, render(request)];
  }

  function upload(request: FakeSignatureRequest, raw: Buffer, type: string | undefined) {
    if (request.status !== 'draft') throw invalid('Signature request is not in draft.');
    const parts = parseMultipart(raw, type);
    if (!parts)
      throw new FakeError(415, {
        type: 'unsupported_media_type',
        detail: 'Expected multipart/form-data.',
      });
    const file = parts.find((p) => p.name === 'file' && p.filename !== null);
    if (!file) throw invalid('file: This value should not be blank.');
    if (
      file.contentType !== 'application/pdf' ||
      !file.data.subarray(0, 5).equals(Buffer.from('%PDF-'))
    ) {
      throw new FakeError(415, {
        type: 'unsupported_media_type',
        detail: 'The file must be a PDF.',
      });
    }
    const nature = parts.find((p) => p.name === 'nature')?.data.toString('utf8');
    if (nature !== 'signable_document' && nature !== 'attachment') {
      throw invalid('nature: The value you selected is not a valid choice.');
    }
    const document: FakeDocument = {
      id: randomUUID(),
      filename: file.filename!,
      nature,
      content_type: 'application/pdf',
      sha256: createHash('sha256').update(file.data).digest('hex'),
      total_pages: countPages(file.data),
      is_signed: false,
      bytes: Buffer.from(file.data),
    };
    request.documents.push(document);
    return {
      document,
      recorded: {
        nature,
        file: {
          name: file.name,
          filename: file.filename,
          contentType: file.contentType,
          size: file.data.length,
        },
      },
    };
  }

  function addSigner(request: FakeSignatureRequest, body: Json): Json {
    if (request.status !== 'draft') throw invalid('Signature request is not in draft.');
    const info = isRecord(body.info) ? body.info : {};
    for (const key of ['first_name', 'last_name', 'email', 'locale']) {
      requireString(info, key, `info.${key}`);
    }
    if (info.phone_number !== undefined && !E164.test(String(info.phone_number))) {
      throw invalid('info.phone_number: This value is not a valid phone number.');
    }
    if (requireString(body, 'signature_level') !== 'electronic_signature') {
      throw invalid('signature_level: Only electronic_signature is enabled on this account.');
    }
    const mode = requireString(body, 'signature_authentication_mode');
    if (!['otp_email', 'otp_sms', 'no_otp'].includes(mode)) {
      throw invalid('signature_authentication_mode: Invalid value.');
    }
    if (mode === 'otp_sms' && info.phone_number === undefined) {
      throw invalid('info.phone_number: Required with otp_sms.');
    }
    const fields = Array.isArray(body.fields) ? body.fields : [];
    fields.forEach((field: unknown, i) => {
      const f = isRecord(field) ? field : {};
      const document = request.documents.find((d) => d.id === f.document_id);
      if (!document) throw invalid(`fields[${i}].document_id: Document not found.`);
      if (f.type !== 'signature') throw invalid(`fields[${i}].type: Invalid value.`);
      if (!isInteger(f.page, 1, document.total_pages)) {
        throw invalid(`fields[${i}].page: The document has ${document.total_pages} page(s).`);
      }
      if (!isInteger(f.x, 0, 10_000) || !isInteger(f.y, 0, 10_000)) {
        throw invalid(`fields[${i}]: x and y must be positive integers.`);
      }
      if (!isInteger(f.width, 85, 2000)) throw invalid(`fields[${i}].width: Between 85 and 2000.`);
      if (!isInteger(f.height, 37, 1000))
        throw invalid(`fields[${i}].height: Between 37 and 1000.`);
    });
    const redirects = isRecord(body.redirect_urls) ? body.redirect_urls : {};
    for (const [key, value] of Object.entries(redirects)) {
      if (typeof value !== 'string' || !URL.canParse(value)) {
        throw invalid(`redirect_urls.${key}: This value is not a valid URL.`);
      }
    }
    const signer: FakeSigner = {
      id: randomUUID(),
      status: 'initiated',
      info,
      signature_level: 'electronic_signature',
      signature_authentication_mode: mode,
      fields: fields as Json[],
      redirect_urls: redirects,
      signature_link: null,
      signature_link_expiration_date: null,
    };
    request.signers.push(signer);
    return { ...signer };
  }

  function activate(request: FakeSignatureRequest): Json {
    if (request.status !== 'draft')
      throw invalid('Only a draft signature request can be activated.');
    if (!request.documents.some((d) => d.nature === 'signable_document')) {
      throw invalid('A signature request needs at least one signable document.');
    }
    if (request.signers.length === 0) throw invalid('A signature request needs a signer.');
    if (request.signers.some((s) => !s.fields.some((f) => f.type === 'signature'))) {
      throw invalid('Each signer needs a signature field.');
    }
    request.status = 'ongoing';
    const expiry = new Date(Date.now() + 180 * 86_400_000).toISOString();
    for (const signer of request.signers) {
      signer.status = 'notified';
      signer.signature_link = `${origin}/signatures/${request.id}?s=${randomBytes(16).toString('hex')}&signer=${signer.id}`;
      signer.signature_link_expiration_date = expiry;
    }
    return render(request, true);
  }

  function cancel(request: FakeSignatureRequest, body: Json): Json {
    if (request.status !== 'ongoing' && request.status !== 'approval') {
      throw invalid('Only an ongoing or approval signature request can be canceled.');
    }
    const reason = requireString(body, 'reason');
    if (!CANCEL_REASONS.includes(reason)) throw invalid('reason: Invalid value.');
    const note = typeof body.custom_note === 'string' ? body.custom_note : null;
    if (reason === 'other' && !note) throw invalid('custom_note: Required with reason other.');
    if (note && note.length > 255) throw invalid('custom_note: This value is too long.');
    request.status = 'canceled';
    request.cancellation = { reason, custom_note: note };
    return render(request);
  }

  function route(method: string, path: string, raw: Buffer, type: string | undefined) {
    const json = (): Json => {
      if (raw.length === 0) return {};
      if (!type?.startsWith('application/json')) {
        throw new FakeError(415, { type: 'unsupported_media_type', detail: 'Expected JSON.' });
      }
      try {
        const parsed: unknown = JSON.parse(raw.toString('utf8'));
        if (isRecord(parsed)) return parsed;
      } catch {
        // answered below
      }
      throw invalid('The body is not a JSON object.');
    };
    if (method === 'POST' && path === '/v3/signature_requests') {
      const body = json();
      return { result: create(body), body };
    }
    const match = /^\/v3\/signature_requests\/([^/]+)(\/.*)?$/.exec(path);
    if (!match) throw notFound('No route.');
    const request = find(decodeURIComponent(match[1]!));
    const action = `${method} ${match[2] ?? ''}`;
    switch (action) {
      case 'GET ':
        return { result: [200, render(request)] as const };
      case 'DELETE ':
        if (request.status === 'ongoing' || request.status === 'approval') {
          throw invalid('An ongoing or approval signature request cannot be deleted.');
        }
        request.status = 'deleted';
        return { result: [204, null] as const };
      case 'POST /documents': {
        const { document, recorded } = upload(request, raw, type);
        return { result: [201, renderDocument(document)] as const, body: recorded };
      }
      case 'POST /signers': {
        const body = json();
        return { result: [201, addSigner(request, body)] as const, body };
      }
      case 'POST /activate': {
        const body = json();
        return { result: [201, activate(request)] as const, body };
      }
      case 'POST /cancel': {
        const body = json();
        return { result: [201, cancel(request, body)] as const, body };
      }
      case 'GET /documents/download': {
        const document = request.documents.find((d) => d.nature === 'signable_document');
        if (!document) throw notFound('No document.');
        return { result: [200, document.bytes] as const };
      }
      case 'GET /audit_trails/download':
        if (request.status !== 'done') throw invalid('The audit trail is available once done.');
        return { result: [200, makePdf(`Audit trail ${request.id}`)] as const };
      default:
        throw notFound('No route.');
    }
  }

  function reply(res: ServerResponse, status: number, body: Json | Buffer | null) {
    if (body === null) res.writeHead(status).end();
    else if (Buffer.isBuffer(body)) {
      res.writeHead(status, { 'content-type': 'application/pdf' }).end(body);
    } else {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const method = req.method ?? 'GET';
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const record: RecordedRequest = { method, path, headers: req.headers, body: null, status: 0 };
    requests.push(record);
    try {
      if (req.headers.authorization !== `Bearer ${apiKey}`) {
        throw new FakeError(401, { type: 'unauthorized', detail: 'Invalid API key.' });
      }
      const failure = failures.findIndex((f) => f.method === method && matches(path, f.path));
      if (failure !== -1) {
        const [{ status, body }] = failures.splice(failure, 1) as [(typeof failures)[number]];
        throw new FakeError(status, body);
      }
      const { result, body } = route(method, path, raw, req.headers['content-type']);
      record.body = body ?? null;
      record.status = result[0];
      reply(res, result[0], result[1]);
    } catch (error) {
      const fake =
        error instanceof FakeError
          ? error
          : new FakeError(500, { type: 'internal_error', detail: String(error) });
      record.status = fake.status;
      reply(res, fake.status, fake.body);
    }
  }

  const server = createServer((req, res) => void handle(req, res));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function signAll(requestId: string) {
    const request = find(requestId);
    if (request.status !== 'ongoing') throw new Error(`Request ${requestId} is ${request.status}`);
    for (const signer of request.signers) signer.status = 'signed';
    for (const document of request.documents.filter((d) => d.nature === 'signable_document')) {
      document.bytes = markSigned(document.bytes, requestId);
      document.is_signed = true;
    }
    request.status = 'done';
  }

  function decline(requestId: string, reason: string) {
    const request = find(requestId);
    const signer = request.signers[0];
    if (request.status !== 'ongoing' || !signer)
      throw new Error(`Request ${requestId} cannot be declined`);
    signer.status = 'declined';
    request.status = 'declined';
    request.decline_information = { reason, declined_at: now(), signer_id: signer.id };
  }

  function buildWebhook(
    eventName: string,
    requestId: string,
    { secret, tamper = false }: { secret: string; tamper?: boolean },
  ) {
    const request = find(requestId);
    const signer = request.signers[0];
    const body = JSON.stringify({
      event_id: randomUUID(),
      event_name: eventName,
      event_time: String(Math.floor(Date.now() / 1000)),
      subscription_id: 'fake-subscription',
      subscription_description: 'Vroum tests',
      sandbox: true,
      data: {
        signature_request: render(request),
        ...(eventName.startsWith('signer.') && signer
          ? { signer: { id: signer.id, status: signer.status } }
          : {}),
      },
    });
    const signature = createHmac('sha256', secret).update(body).digest('hex');
    // Signed, then pointed at another request: what a forger who replays a signature would send.
    const sent = tamper ? body.replaceAll(requestId, randomUUID()) : body;
    return {
      rawBody: Buffer.from(sent),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Yousign Webhook Bot',
        'x-yousign-signature-256': `sha256=${signature}`,
        'x-yousign-retry': '0',
        'x-yousign-issued-at': now(),
      },
    };
  }

  return {
    url: `${origin}/v3`,
    apiKey,
    requests,
    signatureRequests,
    requestsTo: (method, path) =>
      requests.filter((r) => r.method === method && matches(r.path, path)),
    failNext: (method, path, status, body) =>
      failures.push({
        method,
        path,
        status,
        body:
          body ??
          (status === 429
            ? { message: 'Too Many Requests' }
            : { type: 'internal_error', detail: 'Injected failure.' }),
      }),
    signAll,
    decline,
    buildWebhook,
    async sendWebhook(targetUrl, eventName, requestId, options) {
      const { rawBody, headers } = buildWebhook(eventName, requestId, options);
      const response = await fetch(targetUrl, { method: 'POST', headers, body: rawBody });
      return { status: response.status, body: await response.text() };
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
