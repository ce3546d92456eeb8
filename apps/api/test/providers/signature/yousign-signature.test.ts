import { createHash, createHmac } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  InvalidSignatureWebhook,
  type CreateSignatureRequestInput,
} from '../../../src/providers/signature/signature-provider';
import {
  YousignApiError,
  YousignSignature,
  toYousignField,
} from '../../../src/providers/signature/yousign-signature';
import { startYousignFakeServer, type YousignFake } from '../../helpers/yousign-fake-server';

const WEBHOOK_SECRET = 'whsec_yousign_test';

let fake: YousignFake;
let yousign: YousignSignature;
/** Plays our webhook endpoint: answers 200 with the parsed event, 400 with the refusal. */
let receiver: Server;
let receiverUrl: string;

beforeAll(async () => {
  fake = await startYousignFakeServer();
  yousign = new YousignSignature(
    { apiKey: fake.apiKey, webhookSecret: WEBHOOK_SECRET, apiUrl: fake.url },
    { retryDelayMs: 5 },
  );
  receiver = createServer((req, res) => void receive(req, res));
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/yousign`;
});
afterAll(async () => {
  receiver.close();
  await fake.close();
});

/** The application's side of a webhook: verifies the signature, answers the parsed event. */
async function receive(req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const header = req.headers['x-yousign-signature-256'];
  try {
    const event = yousign.parseWebhook(Buffer.concat(chunks), header as string | undefined);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(event));
  } catch (error) {
    res.writeHead(error instanceof InvalidSignatureWebhook ? 400 : 500).end(String(error));
  }
}

/** A real A4 PDF of `pages` pages, like our contracts. */
function makeA4Pdf(pages: number): Buffer {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', ''];
  const kids: string[] = [];
  for (let page = 1; page <= pages; page++) {
    const content = `BT /F1 12 Tf 56 780 Td (Contrat de location page ${page}) Tj ET`;
    kids.push(`${objects.length + 1} 0 R`);
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595.28 841.89] /Contents ${objects.length + 2} 0 R /Resources << /Font << /F1 ${3 * pages + 3} 0 R >> >> >>`,
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    );
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages} >>`;
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = pdf.length;
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

let counter = 0;
function contract(
  overrides: Partial<CreateSignatureRequestInput> = {},
): CreateSignatureRequestInput {
  counter += 1;
  return {
    externalId: `contract-version-${counter}`,
    name: `Contrat de location AB12CD3${counter} v1`,
    fileName: `contrat-AB12CD3${counter}-v1.pdf`,
    pdf: makeA4Pdf(3),
    signer: { firstName: 'Alice', lastName: 'Martin', email: 'alice@example.fr', phone: null },
    box: { page: 3, x: 350, y: 80, width: 180, height: 60 },
    redirectUrls: {
      success: 'https://vroum.test/contrat/signe',
      error: 'https://vroum.test/contrat/erreur',
      decline: 'https://vroum.test/contrat/refuse',
    },
    ...overrides,
  };
}

const last = <T>(items: T[]): T | undefined => items.at(-1);
const signed = (body: string, secret = WEBHOOK_SECRET) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

describe('YousignSignature.createSignatureRequest', () => {
  it('creates, uploads, places the field on the last page with converted coordinates, activates and returns the signer’s link', async () => {
    const input = contract();
    const started = fake.requests.length;
    const request = await yousign.createSignatureRequest(input);

    const calls = fake.requests.slice(started);
    expect(calls.map((c) => `${c.method} ${c.path.replace(request.id, ':id')}`)).toEqual([
      'POST /v3/signature_requests',
      'POST /v3/signature_requests/:id/documents',
      'POST /v3/signature_requests/:id/signers',
      'POST /v3/signature_requests/:id/activate',
    ]);
    expect(calls.every((c) => c.headers.authorization === `Bearer ${fake.apiKey}`)).toBe(true);
    expect(calls[0]?.body).toEqual({
      name: input.name,
      delivery_mode: 'none',
      timezone: 'Europe/Paris',
      external_id: input.externalId,
    });
    expect(calls[1]?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(calls[1]?.body).toEqual({
      nature: 'signable_document',
      file: {
        name: 'file',
        filename: input.fileName,
        contentType: 'application/pdf',
        size: input.pdf.length,
      },
    });

    const stored = fake.signatureRequests.get(request.id)!;
    const document = stored.documents[0]!;
    expect(document.bytes.equals(input.pdf)).toBe(true);
    expect(document.sha256).toBe(createHash('sha256').update(input.pdf).digest('hex'));
    expect(document.total_pages).toBe(3);
    expect(calls[2]?.body).toEqual({
      // No phone number known: the key is left out.
      info: { first_name: 'Alice', last_name: 'Martin', email: 'alice@example.fr', locale: 'fr' },
      signature_level: 'electronic_signature',
      signature_authentication_mode: 'otp_email',
      // y: 841.89 (A4 height) − 80 (bottom of the box) − 60 (its height), top-left origin.
      fields: [
        {
          document_id: document.id,
          type: 'signature',
          page: 3,
          x: 350,
          y: 702,
          width: 180,
          height: 60,
        },
      ],
      redirect_urls: input.redirectUrls,
    });

    const signer = stored.signers[0]!;
    expect(stored.status).toBe('ongoing');
    expect(request).toEqual({
      id: stored.id,
      status: 'ongoing',
      externalId: input.externalId,
      signatureLink: signer.signature_link,
      signerId: signer.id,
      documentId: document.id,
      declineReason: null,
    });
    expect(request.signatureLink).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/signatures\//);
  });

  it('sends the phone number when known and stretches a box smaller than Yousign allows', async () => {
    const request = await yousign.createSignatureRequest(
      contract({
        signer: {
          firstName: 'Bob',
          lastName: 'Durand',
          email: 'bob@example.fr',
          phone: '+33612345678',
        },
        box: { page: 1, x: 40.4, y: 100.2, width: 40, height: 20 },
      }),
    );
    const sent = last(fake.requestsTo('POST', `/v3/signature_requests/${request.id}/signers`));
    expect(sent?.body).toMatchObject({
      info: { phone_number: '+33612345678' },
      // The box keeps its bottom-left corner: 841.89 − 100.2 − 37 ≈ 705.
      fields: [{ page: 1, x: 40, y: 705, width: 85, height: 37 }],
    });
  });

  it('converts the bottom-left box of the port into a top-left field that stays on the page', () => {
    expect(toYousignField({ page: 2, x: 0, y: 0, width: 200, height: 50 }, 'doc')).toEqual({
      document_id: 'doc',
      type: 'signature',
      page: 2,
      x: 0,
      // 841.89 − 0 − 50, kept inside the page.
      y: 791,
      width: 200,
      height: 50,
    });
    // A box reaching above the page is brought down to its top edge.
    expect(
      toYousignField({ page: 1, x: -5, y: 830, width: 5000, height: 3000 }, 'doc'),
    ).toMatchObject({ x: 0, y: 0, width: 2000, height: 1000 });
  });

  it('deletes the draft and rethrows Yousign’s error when a step after creation fails', async () => {
    const started = fake.requests.length;
    const error = await yousign
      .createSignatureRequest(contract({ box: { page: 5, x: 350, y: 80, width: 180, height: 60 } }))
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(YousignApiError);
    expect(error).toMatchObject({ status: 400, type: 'invalid_request_error' });
    expect((error as Error).message).toMatch(/page.*3 page/);
    const calls = fake.requests.slice(started);
    const id = (calls[1]?.path ?? '').split('/').at(-2)!;
    expect(calls.map((c) => `${c.method} ${c.path.replace(id, ':id')} ${c.status}`)).toEqual([
      'POST /v3/signature_requests 201',
      'POST /v3/signature_requests/:id/documents 201',
      'POST /v3/signature_requests/:id/signers 400',
      'DELETE /v3/signature_requests/:id 204',
    ]);
    expect(fake.signatureRequests.get(id)?.status).toBe('deleted');
  });

  it('does not repeat a failed activation (a POST) and abandons the draft', async () => {
    fake.failNext('POST', /\/activate$/, 500);
    const started = fake.requests.length;
    await expect(yousign.createSignatureRequest(contract())).rejects.toMatchObject({
      name: 'YousignApiError',
      status: 500,
    });
    const calls = fake.requests.slice(started);
    expect(calls.filter((c) => c.path.endsWith('/activate'))).toHaveLength(1);
    expect(last(calls)?.method).toBe('DELETE');
  });

  it('turns a refused API key (401) into a clear error', async () => {
    const wrongKey = new YousignSignature({
      apiKey: 'not-the-key',
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: fake.url,
    });
    const error = await wrongKey.createSignatureRequest(contract()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(YousignApiError);
    expect(error).toMatchObject({ status: 401, detail: 'Invalid API key.' });
    expect((error as Error).message).toBe(
      'Yousign refused the API key (401 unauthorized): Invalid API key.',
    );
  });
});

describe('YousignSignature.getSignatureRequest', () => {
  it('reads the status after signing', async () => {
    const created = await yousign.createSignatureRequest(contract());
    fake.signAll(created.id);
    expect(await yousign.getSignatureRequest(created.id)).toEqual({
      ...created,
      status: 'done',
      // A read carries no link: it is only given at activation.
      signatureLink: null,
    });
  });

  it('reads why the signer declined', async () => {
    const created = await yousign.createSignatureRequest(contract());
    fake.decline(created.id, 'Le montant de la caution est erroné');
    expect(await yousign.getSignatureRequest(created.id)).toMatchObject({
      status: 'declined',
      declineReason: 'Le montant de la caution est erroné',
    });
  });

  it('tries a read once more after a 5xx or a 429, then gives up with Yousign’s message', async () => {
    const { id } = await yousign.createSignatureRequest(contract());
    const path = `/v3/signature_requests/${id}`;
    fake.failNext('GET', path, 503);
    expect((await yousign.getSignatureRequest(id)).status).toBe('ongoing');
    expect(fake.requestsTo('GET', path).map((r) => r.status)).toEqual([503, 200]);

    fake.failNext('GET', path, 429);
    fake.failNext('GET', path, 429);
    await expect(yousign.getSignatureRequest(id)).rejects.toMatchObject({
      status: 429,
      detail: 'Too Many Requests',
    });
  });

  it('reports an unknown request as a 404', async () => {
    await expect(
      yousign.getSignatureRequest('00000000-0000-4000-8000-000000000000'),
    ).rejects.toMatchObject({ name: 'YousignApiError', status: 404 });
  });
});

describe('YousignSignature downloads', () => {
  it('downloads the signed PDF and the audit trail', async () => {
    const input = contract();
    const { id } = await yousign.createSignatureRequest(input);
    fake.signAll(id);

    const pdf = await yousign.downloadSignedDocument(id);
    // Signed as an incremental update: the contract's bytes are kept as they were.
    expect(pdf.subarray(0, input.pdf.length).equals(input.pdf)).toBe(true);
    expect(pdf.toString('latin1')).toContain('Signé via Yousign');
    expect(pdf.toString('latin1')).toMatch(/%%EOF\n$/);
    expect(
      last(fake.requestsTo('GET', `/v3/signature_requests/${id}/documents/download`)),
    ).toBeDefined();

    const auditTrail = await yousign.downloadAuditTrail(id);
    expect(auditTrail.subarray(0, 5).toString()).toBe('%PDF-');
    expect(auditTrail.toString('latin1')).toContain(`Audit trail ${id}`);
  });
});

describe('YousignSignature.cancelSignatureRequest', () => {
  it('cancels an ongoing request as an aborted contractualisation, with our reason as the note', async () => {
    const { id } = await yousign.createSignatureRequest(contract());
    await yousign.cancelSignatureRequest(id, 'Réservation annulée par le client');
    expect(last(fake.requestsTo('POST', `/v3/signature_requests/${id}/cancel`))?.body).toEqual({
      reason: 'contractualization_aborted',
      custom_note: 'Réservation annulée par le client',
    });
    expect((await yousign.getSignatureRequest(id)).status).toBe('canceled');
  });

  it('reports Yousign’s refusal to cancel a request already signed', async () => {
    const { id } = await yousign.createSignatureRequest(contract());
    fake.signAll(id);
    await expect(yousign.cancelSignatureRequest(id, 'trop tard')).rejects.toMatchObject({
      status: 400,
      type: 'invalid_request_error',
    });
  });
});

describe('YousignSignature.parseWebhook', () => {
  it('accepts a correctly signed body and returns only the ids', async () => {
    const { id } = await yousign.createSignatureRequest(contract());
    fake.signAll(id);
    const answer = await fake.sendWebhook(receiverUrl, 'signature_request.done', id, {
      secret: WEBHOOK_SECRET,
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({
      eventId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      eventName: 'signature_request.done',
      signatureRequestId: id,
    });
  });

  it('refuses a body changed after it was signed', async () => {
    const { id } = await yousign.createSignatureRequest(contract());
    const answer = await fake.sendWebhook(receiverUrl, 'signature_request.done', id, {
      secret: WEBHOOK_SECRET,
      tamper: true,
    });
    expect(answer).toEqual({ status: 400, body: expect.stringMatching(/does not match/) });
  });

  it('refuses a body signed with another secret', async () => {
    const { id } = await yousign.createSignatureRequest(contract());
    const { rawBody, headers } = fake.buildWebhook('signer.done', id, { secret: 'whsec_other' });
    expect(() => yousign.parseWebhook(rawBody, headers['x-yousign-signature-256'])).toThrow(
      InvalidSignatureWebhook,
    );
  });

  it('refuses a missing or malformed signature header', async () => {
    const { id } = await yousign.createSignatureRequest(contract());
    const { rawBody, headers } = fake.buildWebhook('signer.done', id, { secret: WEBHOOK_SECRET });
    expect(() => yousign.parseWebhook(rawBody, undefined)).toThrow(/missing signature header/);
    expect(() => yousign.parseWebhook(rawBody, '')).toThrow(/missing signature header/);
    const hex = headers['x-yousign-signature-256']!.slice('sha256='.length);
    expect(() => yousign.parseWebhook(rawBody, hex)).toThrow(/malformed signature header/);
    expect(() => yousign.parseWebhook(rawBody, `sha1=${hex}`)).toThrow(InvalidSignatureWebhook);
  });

  it('accepts event_time as a string of unix seconds', () => {
    const body = JSON.stringify({
      event_id: 'b6c63685-c556-4a30-8fe9-b6f2b187d936',
      event_name: 'signature_request.activated',
      event_time: '1670855889',
      subscription_id: 'sub',
      subscription_description: 'Vroum',
      sandbox: false,
      data: { signature_request: { id: 'sr-1', status: 'ongoing', external_id: 'cv-1' } },
    });
    expect(yousign.parseWebhook(Buffer.from(body), signed(body))).toEqual({
      eventId: 'b6c63685-c556-4a30-8fe9-b6f2b187d936',
      eventName: 'signature_request.activated',
      signatureRequestId: 'sr-1',
    });
  });

  it('refuses a correctly signed body that is not a Yousign event', () => {
    for (const body of ['not json', JSON.stringify({ event_id: 'e', event_name: 'x' })]) {
      expect(() => yousign.parseWebhook(Buffer.from(body), signed(body))).toThrow(
        InvalidSignatureWebhook,
      );
    }
  });

  it('refuses every webhook when no secret is configured', () => {
    const unconfigured = new YousignSignature({ apiKey: 'k', webhookSecret: '', apiUrl: fake.url });
    const body = '{}';
    expect(() => unconfigured.parseWebhook(Buffer.from(body), signed(body, ''))).toThrow(
      /no webhook secret/,
    );
  });
});
