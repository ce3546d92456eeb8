import { createHmac, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { headerOf, type VerifiedWebhookEvent, type WebhookHeaders } from '../webhook-event';
import {
  InvalidSignatureWebhook,
  type CreateSignatureRequestInput,
  type HostedSignature,
  type SignatureBox,
  type SignatureRequest,
  type SignatureRequestStatus,
  type SignatureWebhookEvent,
} from './signature-provider';

export interface YousignSettings {
  apiKey: string;
  webhookSecret: string;
  /** e.g. https://api-sandbox.yousign.app/v3, https://api.yousign.app/v3 or a test server. */
  apiUrl: string;
}

export interface YousignOptions {
  /** Pause before the single retry of a read; 500 ms by default. */
  retryDelayMs?: number;
  /** Per call; 30 s by default (an upload carries the whole contract). */
  timeoutMs?: number;
}

/** Yousign answered with an error status; `detail` is its own explanation. */
export class YousignApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string | null,
    readonly detail: string | null,
  ) {
    const what =
      status === 401 || status === 403
        ? 'Yousign refused the API key'
        : status === 429
          ? 'Yousign is rate limiting us'
          : 'Yousign answered';
    super(`${what} (${status}${type ? ` ${type}` : ''})${detail ? `: ${detail}` : ''}`);
    this.name = 'YousignApiError';
  }
}

/**
 * Our contracts are A4 portrait. The port's box has its origin at the bottom left of the page
 * (PDF convention), Yousign's field at the top left: converting needs the page height, which
 * the port does not carry, so it is A4's.
 */
const A4_HEIGHT_PT = 841.89;
/** Yousign refuses a signature field outside these sizes (points). */
const FIELD_WIDTH = { min: 85, max: 2000 };
const FIELD_HEIGHT = { min: 37, max: 1000 };
const NAME_MAX_LENGTH = 128;
const CUSTOM_NOTE_MAX_LENGTH = 255;

const STATUSES: readonly SignatureRequestStatus[] = [
  'draft',
  'approval',
  'ongoing',
  'done',
  'declined',
  'expired',
  'canceled',
  'deleted',
  'rejected',
];

const Created = z.object({ id: z.string() });

const YousignRequest = z.object({
  id: z.string(),
  status: z.string(),
  external_id: z.string().nullish(),
  signers: z.array(z.object({ id: z.string(), signature_link: z.string().nullish() })).nullish(),
  documents: z.array(z.object({ id: z.string(), nature: z.string() })).nullish(),
  decline_information: z.object({ reason: z.string().nullish() }).nullish(),
});
type YousignRequest = z.infer<typeof YousignRequest>;

const WebhookBody = z.object({
  event_id: z.string().min(1),
  event_name: z.string().min(1),
  // Unix seconds, sent as a string.
  event_time: z.union([z.string(), z.number()]),
  data: z.object({ signature_request: z.object({ id: z.string().min(1) }) }),
});

function toSignatureRequest(body: YousignRequest): SignatureRequest {
  const signer = body.signers?.[0];
  const document = body.documents?.find((d) => d.nature === 'signable_document');
  return {
    id: body.id,
    // A status this code does not know yet is treated as still in progress.
    status: STATUSES.includes(body.status as SignatureRequestStatus)
      ? (body.status as SignatureRequestStatus)
      : 'ongoing',
    externalId: body.external_id ?? null,
    signatureLink: signer?.signature_link ?? null,
    signerId: signer?.id ?? null,
    documentId: document?.id ?? null,
    declineReason: body.decline_information?.reason ?? null,
  };
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** The port's box (bottom-left origin) as a Yousign field (top-left origin, whole points). */
export function toYousignField(box: SignatureBox, documentId: string) {
  const width = clamp(Math.round(box.width), FIELD_WIDTH.min, FIELD_WIDTH.max);
  const height = clamp(Math.round(box.height), FIELD_HEIGHT.min, FIELD_HEIGHT.max);
  // The box keeps its bottom-left corner when its size is clamped, and stays on the page.
  const top = Math.round(A4_HEIGHT_PT - box.y - height);
  return {
    document_id: documentId,
    type: 'signature' as const,
    page: box.page,
    x: Math.max(0, Math.round(box.x)),
    y: Math.max(0, Math.min(top, Math.floor(A4_HEIGHT_PT) - height)),
    width,
    height,
  };
}

/** Reads `{type, detail}` (or `{message}` on 429) from an error answer. */
async function toApiError(response: Response): Promise<YousignApiError> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { type?: unknown; detail?: unknown; message?: unknown };
    const detail = typeof body.detail === 'string' ? body.detail : body.message;
    return new YousignApiError(
      response.status,
      typeof body.type === 'string' ? body.type : null,
      typeof detail === 'string' ? detail.slice(0, 500) : null,
    );
  } catch {
    return new YousignApiError(response.status, null, text.slice(0, 200) || null);
  }
}

const isRetryable = (status: number) => status === 429 || status >= 500;

/**
 * The Yousign API v3 adapter of the e-signature port. The request is created with
 * `delivery_mode: none`: Yousign sends nothing, we give the signer the link ourselves; the signer
 * confirms with a code sent by e-mail. Yousign reports progress by webhook and the request is
 * then re-read here.
 */
export class YousignSignature implements HostedSignature {
  readonly kind = 'hosted' as const;
  readonly name = 'yousign' as const;
  private readonly apiUrl: string;
  private readonly apiKey: string;
  private readonly webhookSecret: string;
  private readonly retryDelayMs: number;
  private readonly timeoutMs: number;

  constructor(settings: YousignSettings, options: YousignOptions = {}) {
    this.apiUrl = settings.apiUrl.replace(/\/+$/, '');
    this.apiKey = settings.apiKey;
    this.webhookSecret = settings.webhookSecret;
    this.retryDelayMs = options.retryDelayMs ?? 500;
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  async createSignatureRequest(input: CreateSignatureRequestInput): Promise<SignatureRequest> {
    const created = await this.readJson(Created, 'POST', '/signature_requests', {
      name: input.name.slice(0, NAME_MAX_LENGTH),
      delivery_mode: 'none',
      timezone: 'Europe/Paris',
      external_id: input.externalId,
    });
    const path = `/signature_requests/${encodeURIComponent(created.id)}`;
    try {
      const form = new FormData();
      form.append(
        'file',
        new Blob([new Uint8Array(input.pdf)], { type: 'application/pdf' }),
        input.fileName,
      );
      form.append('nature', 'signable_document');
      const document = await this.readJson(Created, 'POST', `${path}/documents`, form);
      const { signer, box, redirectUrls } = input;
      await this.readJson(Created, 'POST', `${path}/signers`, {
        info: {
          first_name: signer.firstName,
          last_name: signer.lastName,
          email: signer.email,
          ...(signer.phone ? { phone_number: signer.phone } : {}),
          locale: 'fr',
        },
        signature_level: 'electronic_signature',
        signature_authentication_mode: 'otp_email',
        fields: [toYousignField(box, document.id)],
        redirect_urls: redirectUrls,
      });
      const activated = await this.readJson(YousignRequest, 'POST', `${path}/activate`);
      return toSignatureRequest(activated);
    } catch (error) {
      await this.abandon(created.id);
      throw error;
    }
  }

  async getSignatureRequest(id: string): Promise<SignatureRequest> {
    const path = `/signature_requests/${encodeURIComponent(id)}`;
    return toSignatureRequest(await this.readJson(YousignRequest, 'GET', path));
  }

  downloadSignedDocument(id: string): Promise<Buffer> {
    return this.readPdf(`/signature_requests/${encodeURIComponent(id)}/documents/download`);
  }

  downloadAuditTrail(id: string): Promise<Buffer> {
    return this.readPdf(`/signature_requests/${encodeURIComponent(id)}/audit_trails/download`);
  }

  async cancelSignatureRequest(id: string, reason: string): Promise<void> {
    const path = `/signature_requests/${encodeURIComponent(id)}/cancel`;
    const response = await this.send('POST', path, {
      reason: 'contractualization_aborted',
      custom_note: reason.slice(0, CUSTOM_NOTE_MAX_LENGTH),
    });
    await response.body?.cancel();
  }

  /** The port's verification: `X-Yousign-Signature-256`, the signature request as the object. */
  verifyWebhook(rawBody: Buffer, headers: WebhookHeaders): VerifiedWebhookEvent {
    const event = this.parseWebhook(rawBody, headerOf(headers, 'x-yousign-signature-256'));
    return { id: event.eventId, type: event.eventName, objectId: event.signatureRequestId };
  }

  /**
   * Checks `X-Yousign-Signature-256` (`sha256=` + hex HMAC-SHA256 of the raw body with the
   * subscription's secret) before reading anything. Only ids come out: the caller re-reads the
   * request, so a replayed event can do no more than trigger that read again.
   */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): SignatureWebhookEvent {
    // An empty key would let anyone compute the signature.
    if (!this.webhookSecret) throw new InvalidSignatureWebhook('no webhook secret is configured');
    if (!signatureHeader) throw new InvalidSignatureWebhook('missing signature header');
    const match = /^sha256=([0-9a-f]{64})$/i.exec(signatureHeader.trim());
    if (!match) throw new InvalidSignatureWebhook('malformed signature header');
    const expected = createHmac('sha256', this.webhookSecret).update(rawBody).digest();
    if (!timingSafeEqual(expected, Buffer.from(match[1]!, 'hex'))) {
      throw new InvalidSignatureWebhook('signature does not match the body');
    }
    let json: unknown;
    try {
      json = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new InvalidSignatureWebhook('body is not JSON');
    }
    const body = WebhookBody.safeParse(json);
    if (!body.success) throw new InvalidSignatureWebhook('body is not a Yousign event');
    return {
      eventId: body.data.event_id,
      eventName: body.data.event_name,
      signatureRequestId: body.data.data.signature_request.id,
    };
  }

  /**
   * Yousign deletes a draft but only cancels an active request: a failed creation leaves one or
   * the other (activation may have gone through before its answer was lost). Failures are left
   * unreported: the caller's error is the one that matters.
   */
  private async abandon(id: string): Promise<void> {
    try {
      const response = await this.send('DELETE', `/signature_requests/${encodeURIComponent(id)}`);
      await response.body?.cancel();
    } catch {
      await this.cancelSignatureRequest(id, 'Creation of the signature request failed').catch(
        () => undefined,
      );
    }
  }

  private async readJson<T>(
    schema: z.ZodType<T>,
    method: 'GET' | 'POST',
    path: string,
    body?: object,
  ): Promise<T> {
    const response = await this.send(method, path, body);
    const parsed = schema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success)
      throw new Error(`Yousign answered an unexpected body to ${method} ${path}`);
    return parsed.data;
  }

  private async readPdf(path: string): Promise<Buffer> {
    const response = await this.send('GET', path, undefined, 'application/pdf');
    const pdf = Buffer.from(await response.arrayBuffer());
    // Several documents come as a zip: one contract is one PDF.
    if (!pdf.subarray(0, 5).equals(Buffer.from('%PDF-'))) {
      throw new Error(`Yousign answered something other than a PDF to GET ${path}`);
    }
    return pdf;
  }

  /** One call; a read answered 429 or 5xx is tried once more (a POST could act twice). */
  private async send(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: object,
    accept = 'application/json',
  ): Promise<Response> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.apiKey}`,
      accept: accept === 'application/json' ? accept : `${accept}, application/json`,
    };
    if (body && !(body instanceof FormData)) headers['content-type'] = 'application/json';
    const attempt = () =>
      fetch(`${this.apiUrl}${path}`, {
        method,
        headers,
        body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    let response = await attempt();
    if (method === 'GET' && isRetryable(response.status)) {
      await response.body?.cancel();
      await sleep(this.retryDelayMs);
      response = await attempt();
    }
    if (!response.ok) throw await toApiError(response);
    return response;
  }
}
