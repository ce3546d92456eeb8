import { expect, type APIRequestContext } from '@playwright/test';
import { latestCode } from './accounts';

/** A small valid PDF, as a customer's scan would be. */
export function scanPdf(text: string): Buffer {
  const content = `BT /F1 18 Tf 20 40 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
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

/** A 1×1 PNG (the selfie and the damage photo of the journeys). */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The customer's identity documents sent for a booking, waiting for the team's review. */
export async function submitIdentity(
  customer: APIRequestContext,
  baseURL: string,
  bookingId: string,
): Promise<void> {
  const headers = { origin: baseURL };
  const files: [string, string | undefined, string, Buffer, string][] = [
    ['id_card', 'front', 'carte.pdf', scanPdf('carte'), 'application/pdf'],
    ['driver_license', 'front', 'permis-recto.pdf', scanPdf('recto'), 'application/pdf'],
    ['driver_license', 'back', 'permis-verso.pdf', scanPdf('verso'), 'application/pdf'],
    ['selfie', undefined, 'selfie.png', TINY_PNG, 'image/png'],
  ];
  for (const [documentType, side, name, buffer, mimeType] of files) {
    const sent = await customer.post('/api/v1/me/documents', {
      headers,
      multipart: {
        documentType,
        ...(side ? { side } : {}),
        file: { name, mimeType, buffer },
      },
    });
    expect(sent.status(), await sent.text()).toBe(201);
  }
  const submitted = await customer.post(`/api/v1/bookings/${bookingId}/identity`, {
    headers,
    data: {
      licenseNumber: '12AB34567',
      licenseIssueDate: '2005-01-01',
      documentExpiryDate: '2034-01-01',
    },
  });
  expect(submitted.ok(), await submitted.text()).toBe(true);
}

/** The customer's latest identity check, as the team's queue lists it. */
export async function latestCheckId(
  customer: APIRequestContext,
  admin: APIRequestContext,
): Promise<string> {
  const me = (await (await customer.get('/api/auth/get-session')).json()) as {
    user: { id: string };
  };
  const queue = await admin.get(`/api/v1/admin/identity-checks?userId=${me.user.id}`);
  const { items } = (await queue.json()) as { items: { checkId: string }[] };
  return items[0]!.checkId;
}

/**
 * The identity check and the contract done through the API, as the customer and the team would
 * in their pages (those pages have their own journey): documents, validation, signed contract.
 */
export async function completeRentalSteps(
  customer: APIRequestContext,
  admin: APIRequestContext,
  baseURL: string,
  account: { email: string },
  bookingId: string,
): Promise<void> {
  const headers = { origin: baseURL };
  await submitIdentity(customer, baseURL, bookingId);
  const checkId = await latestCheckId(customer, admin);
  const decided = await admin.post(`/api/v1/admin/identity-checks/${checkId}/decision`, {
    headers,
    data: { decision: 'validate' },
  });
  expect(decided.status()).toBe(204);

  const code = await customer.post(`/api/v1/bookings/${bookingId}/contract/code`, { headers });
  expect(code.ok()).toBe(true);
  const { version } = (await code.json()) as { version: number };
  const signed = await customer.post(`/api/v1/bookings/${bookingId}/contract/sign`, {
    headers,
    data: {
      version,
      consent: true,
      code: await latestCode(admin, account.email, 'contract-code'),
      signature: { kind: 'typed', text: 'Camille Lefèvre' },
    },
  });
  expect(signed.ok(), await signed.text()).toBe(true);
}
