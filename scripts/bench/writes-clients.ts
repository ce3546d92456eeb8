// The clients of the "writes" phase and what they do through the API, as the site's pages do it:
// customers who book and pay with the sandbox processor, send their identity files and sign
// their contract with the code mailed to them, the team that validates and assigns, and the
// agent who records a handover with photos. Every call answers what it cost, for the phase's
// per-operation figures.
import { randomUUID } from 'node:crypto';
import { Agent } from 'node:http';
import { driverFor } from './seeded-app';
import { send, type Answer, type Visitor } from './visitor';

/** One timed request of the concurrent part: its operation, status and latency. */
export interface Sample {
  op: string;
  status: number;
  ms: number;
}

/** Where the samples go; undefined during the preparation, which is not measured. */
export type Recorder = ((sample: Sample) => void) | undefined;

/** The same session on a connection of its own: one more tab of the same customer. */
export const fork = (visitor: Visitor): Visitor => ({
  ...visitor,
  agent: new Agent({ keepAlive: true, maxSockets: 1 }),
});

/** Sends, records and insists on a 2xx: a refusal is a bug of the bench or of the app. */
export async function call<T>(
  record: Recorder,
  op: string,
  visitor: Visitor,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  options: Parameters<typeof send>[3] = {},
): Promise<Answer<T>> {
  const answer = await send<T>(visitor, method, path, options);
  record?.({ op, status: answer.status, ms: answer.ms });
  if (answer.status < 200 || answer.status > 299) {
    throw new Error(
      `${op}: ${method} ${path} answered ${answer.status} ${JSON.stringify(answer.body)}`,
    );
  }
  return answer;
}

export interface Customer {
  email: string;
  index: number;
  visitor: Visitor;
}

interface Started {
  bookingId: string;
  paymentIntentId: string;
  clientSecret: string;
}

/** Books car `vehicleSlug` from `start` for two days and pays: start, sandbox card, capture. */
export async function bookAndPay(
  record: Recorder,
  customer: Customer,
  vehicleSlug: string,
  start: Date,
): Promise<string> {
  const v = customer.visitor;
  const { body } = await call<Started>(record, 'payment start', v, 'POST', '/api/v1/bookings', {
    headers: { 'idempotency-key': randomUUID() },
    body: {
      vehicleSlug,
      start: start.toISOString(),
      end: new Date(start.getTime() + 2 * 86_400_000).toISOString(),
      deliveryAddress: '10 rue de Rivoli, 75001 Paris',
      protection: 'none',
      options: [],
      withDriver: false,
      unlimitedKm: false,
      driver: driverFor(customer.email, customer.index),
      acceptTerms: true,
    },
  });
  const intent = `/api/v1/sandbox/payment-intents/${body.paymentIntentId}/confirm`;
  await call(record, 'payment confirm', v, 'POST', intent, {
    body: {
      clientSecret: body.clientSecret,
      number: '4242424242424242',
      expMonth: 12,
      expYear: new Date().getFullYear() + 3,
      cvc: '123',
    },
  });
  const capture = `/api/v1/payments/${body.paymentIntentId}/capture`;
  await call(record, 'payment capture', v, 'POST', capture);
  return body.bookingId;
}

/** A multipart/form-data body with text fields and one file, as a browser's FormData sends it. */
function multipart(
  fields: Record<string, string>,
  file: { name: string; type: string; bytes: Buffer },
) {
  const boundary = `----vroum-bench-${randomUUID()}`;
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    bytes: Buffer.concat([
      Buffer.from(parts.join('') + head),
      file.bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

/** A 1×1 PNG: the scans, the selfie and the damage photos (the files' size is not the point). */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const IDENTITY_FILES: [string, string | undefined, string][] = [
  ['id_card', 'front', 'carte.png'],
  ['driver_license', 'front', 'permis-recto.png'],
  ['driver_license', 'back', 'permis-verso.png'],
  ['selfie', undefined, 'selfie.png'],
];

/** The identity document, both sides of the licence and the selfie, one upload each. */
export async function uploadIdentityFiles(record: Recorder, visitor: Visitor): Promise<void> {
  for (const [documentType, side, name] of IDENTITY_FILES) {
    const file = { name, type: 'image/png', bytes: TINY_PNG };
    const raw = multipart({ documentType, ...(side ? { side } : {}) }, file);
    await call(record, 'document upload', visitor, 'POST', '/api/v1/me/documents', { raw });
  }
}

/** Submits the uploaded files for the booking; the team validates the check it opened. */
export async function submitAndValidateIdentity(
  customer: Customer,
  admin: Visitor,
  bookingId: string,
): Promise<void> {
  await call(
    undefined,
    'identity',
    customer.visitor,
    'POST',
    `/api/v1/bookings/${bookingId}/identity`,
    {
      body: {
        licenseNumber: driverFor(customer.email, customer.index).licenseNumber,
        licenseIssueDate: '2005-01-01',
        documentExpiryDate: '2034-01-01',
      },
    },
  );
  const me = await call<{ user: { id: string } }>(
    undefined,
    'session',
    customer.visitor,
    'GET',
    '/api/auth/get-session',
  );
  const queue = await call<{ items: { checkId: string }[] }>(
    undefined,
    'identity queue',
    admin,
    'GET',
    `/api/v1/admin/identity-checks?userId=${me.body.user.id}`,
  );
  const checkId = queue.body.items[0]?.checkId;
  await call(
    undefined,
    'identity decision',
    admin,
    'POST',
    `/api/v1/admin/identity-checks/${checkId}/decision`,
    {
      body: { decision: 'validate' },
    },
  );
}

/** The latest contract code mailed to `email`, read from the demo mailbox (not timed). */
async function mailedCode(admin: Visitor, email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const list = await call<{ mails: { id: string; to: string; template: string }[] }>(
      undefined,
      'mails',
      admin,
      'GET',
      '/api/v1/admin/mails?pageSize=100',
    );
    const mail = list.body.mails.find((m) => m.to === email && m.template === 'contract-code');
    if (mail) {
      const detail = await call<{ text: string }>(
        undefined,
        'mail',
        admin,
        'GET',
        `/api/v1/admin/mails/${mail.id}`,
      );
      const code = detail.body.text.match(/\b(\d{6})\b/)?.[1];
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no contract code mailed to ${email}`);
}

/** Asks for the signing code, reads it in the mailbox, signs with a typed signature. */
export async function signContract(
  record: Recorder,
  customer: Customer,
  admin: Visitor,
  bookingId: string,
): Promise<void> {
  const v = customer.visitor;
  const path = `/api/v1/bookings/${bookingId}/contract`;
  const asked = await call<{ version: number }>(record, 'contract code', v, 'POST', `${path}/code`);
  const code = await mailedCode(admin, customer.email);
  await call(record, 'contract sign', v, 'POST', `${path}/sign`, {
    body: {
      version: asked.body.version,
      consent: true,
      code,
      signature: { kind: 'typed', text: 'Camille Lefèvre' },
    },
  });
}

/** Waits until the agent's mission has nothing left in the way of the handover (deposit held). */
export async function waitForHandoverReady(agent: Visitor, bookingId: string): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt++) {
    const mission = await call<{ handoverBlockers: string[] }>(
      undefined,
      'mission',
      agent,
      'GET',
      `/api/v1/agent/missions/${bookingId}/delivery`,
    );
    if (mission.body.handoverBlockers.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the handover of ${bookingId} stayed blocked`);
}

/** The agent's handover: two photos of a damage, then the signed report. */
export async function recordHandover(
  record: Recorder,
  agent: Visitor,
  bookingId: string,
): Promise<void> {
  const photoIds = [randomUUID(), randomUUID()];
  for (const photoId of photoIds) {
    await call(
      record,
      'inspection photo',
      agent,
      'PUT',
      `/api/v1/agent/missions/${bookingId}/delivery/photos/${photoId}`,
      {
        raw: { bytes: TINY_PNG, contentType: 'image/png' },
      },
    );
  }
  await call(record, 'handover', agent, 'POST', `/api/v1/agent/missions/${bookingId}/handover`, {
    body: {
      odometerKm: 12_450,
      fuelPercent: 90,
      identityChecked: true,
      damages: [{ zone: 'front-left', note: 'Rayure de 3 cm sur l’aile', photoIds }],
      interiorNote: '',
      keysCount: 2,
      accessories: ['Certificat d’immatriculation'],
      signerName: 'Camille Lefèvre',
      signature: `data:image/png;base64,${TINY_PNG.toString('base64')}`,
    },
  });
}
