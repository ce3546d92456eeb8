import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UserDocument } from '@vroum/core/documents';
import { createDocumentUrl } from '../../src/modules/documents/document-links';
import { uploadDocument, UPLOADS_PER_WINDOW } from '../../src/modules/documents/documents.service';
import type { Database } from '../../src/db/client';
import type { ObjectStorage } from '../../src/providers/storage/object-storage';
import { signIn, signUpUser, type SignedInUser } from '../helpers/auth';
import { fileForm, multipartRequest } from '../helpers/multipart';
import { makeGif, makePdf, makePng, makeWindowsExecutable } from '../helpers/sample-files';
import { createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let storageDir: string;
let alice: SignedInUser;
let bob: SignedInUser;
let adminCookie: string;

beforeAll(async () => {
  storageDir = await mkdtemp(join(tmpdir(), 'vroum-documents-'));
  ctx = await createTestApp({ STORAGE_DIR: storageDir });
  [alice, bob] = [await signUpUser(ctx), await signUpUser(ctx)];
  adminCookie = await signIn(ctx, ctx.config.admin.email, ctx.config.admin.password!);
});
afterAll(async () => {
  await ctx.close();
  await rm(storageDir, { recursive: true, force: true });
});
afterEach(() => {
  vi.useRealTimers();
});

const MB = 1024 * 1024;

interface UploadOptions {
  documentType?: string;
  file?: { name: string; data: Buffer; type?: string };
  cookie?: string;
  origin?: string;
}

/** POSTs a multipart form the way a browser's FormData does. */
async function upload({ documentType, file, cookie, origin }: UploadOptions) {
  const form = file ? fileForm(file) : new FormData();
  if (documentType !== undefined) form.append('documentType', documentType);
  const { headers, payload } = await multipartRequest(form);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/me/documents',
    headers: {
      origin: origin ?? ctx.config.site.publicUrl,
      ...headers,
      ...(cookie ? { cookie } : {}),
    },
    payload,
  });
}

async function uploadAs(user: SignedInUser, documentType: string, name: string, data: Buffer) {
  const response = await upload({ documentType, file: { name, data }, cookie: user.cookie });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<UserDocument>();
}

const list = (cookie?: string) =>
  ctx.app.inject({ url: '/api/v1/me/documents', headers: cookie ? { cookie } : {} });

const open = (url: string, cookie?: string) =>
  ctx.app.inject({ url, headers: cookie ? { cookie } : {} });

const remove = (id: string, cookie?: string) =>
  ctx.app.inject({
    method: 'DELETE',
    url: `/api/v1/me/documents/${id}`,
    headers: { origin: ctx.config.site.publicUrl, ...(cookie ? { cookie } : {}) },
  });

async function countRows(userId: string): Promise<number> {
  const { rows } = await ctx.db.query<{ count: number }>(
    'select count(*)::int as count from documents where user_id = $1',
    [userId],
  );
  return rows[0]!.count;
}

async function storageKeyOf(id: string): Promise<string> {
  const { rows } = await ctx.db.query<{ storage_key: string }>(
    'select storage_key from documents where id = $1',
    [id],
  );
  return rows[0]!.storage_key;
}

describe('uploading a document', () => {
  it('replaces an earlier unverified document of the same type instead of piling up', async () => {
    const carol = await signUpUser(ctx, 'carol.replace@example.fr');
    await uploadAs(carol, 'proof_of_address', 'facture-1.pdf', makePdf());
    const second = await uploadAs(carol, 'proof_of_address', 'facture-2.pdf', makePdf());
    const { documents } = (await list(carol.cookie)).json<{ documents: UserDocument[] }>();
    expect(documents.map((document) => document.id)).toEqual([second.id]);
  });

  it('keeps one document per type and side when the same upload arrives many times at once', async () => {
    const dave = await signUpUser(ctx, 'dave.concurrent@example.fr');
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        upload({
          documentType: 'proof_of_address',
          file: { name: `facture-${i}.pdf`, data: makePdf() },
          cookie: dave.cookie,
        }),
      ),
    );
    expect(
      answers.map((answer) => answer.statusCode),
      answers.map((answer) => answer.body).join('\n'),
    ).toEqual(Array(6).fill(201));
    expect(await countRows(dave.id)).toBe(1);
  });

  it(`refuses more than ${UPLOADS_PER_WINDOW} uploads in ten minutes with a French 429`, async () => {
    const eve = await signUpUser(ctx, 'eve.quota@example.fr');
    for (let i = 0; i < UPLOADS_PER_WINDOW; i += 1) {
      await uploadAs(eve, 'proof_of_address', `facture-${i}.pdf`, makePdf());
    }
    const refused = await upload({
      documentType: 'proof_of_address',
      file: { name: 'une-de-trop.pdf', data: makePdf() },
      cookie: eve.cookie,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: {
        code: 'too_many_uploads',
        message:
          'Vous avez envoyé beaucoup de documents en peu de temps. Réessayez dans quelques minutes.',
        field: 'file',
      },
    });
    expect(await countRows(eve.id)).toBe(1);
    // Another customer is not held up.
    await uploadAs(bob, 'proof_of_address', 'facture.pdf', makePdf());
  });

  it('stores a PDF under {userId}/{documentType}_{timestamp}.pdf and answers the document', async () => {
    const pdf = makePdf();
    const document = await uploadAs(alice, 'driver_license', 'permis-recto.pdf', pdf);

    expect(Object.keys(document).sort()).toEqual(
      ['documentType', 'fileName', 'id', 'side', 'uploadedAt', 'url', 'verified'].sort(),
    );
    expect(document).toMatchObject({
      documentType: 'driver_license',
      fileName: 'permis-recto.pdf',
      verified: false,
    });
    expect(document.url).toMatch(
      new RegExp(`^/api/v1/documents/${document.id}/file\\?expires=\\d+&signature=[\\w-]+$`),
    );
    const key = await storageKeyOf(document.id);
    expect(key).toBe(`${alice.id}/driver_license_${Date.parse(document.uploadedAt)}.pdf`);
    expect((await stat(join(storageDir, 'objects', key))).size).toBe(pdf.length);
  });

  it('accepts a PNG image and keeps a name with accents', async () => {
    const document = await uploadAs(alice, 'id_card', 'carte d’identité.PNG', makePng());
    expect(document).toMatchObject({ documentType: 'id_card', fileName: 'carte d’identité.PNG' });
    expect(await storageKeyOf(document.id)).toMatch(/\/id_card_\d+\.png$/);
  });

  it('accepts a file of exactly 5 MB', async () => {
    const pdf = Buffer.concat([makePdf(), Buffer.alloc(5 * MB - makePdf().length, 0x20)]);
    const response = await upload({
      documentType: 'proof_of_address',
      file: { name: 'facture.pdf', data: pdf },
      cookie: bob.cookie,
    });
    expect(response.statusCode).toBe(201);
    await remove(response.json<UserDocument>().id, bob.cookie);
  });

  it.each([
    ['6 MB', 6 * MB],
    ['5 MB and 1 byte', 5 * MB + 1],
  ])('refuses a file of %s with "Le fichier ne doit pas dépasser 5 MB"', async (_, size) => {
    const before = await countRows(bob.id);
    const pdf = Buffer.concat([makePdf(), Buffer.alloc(size - makePdf().length, 0x20)]);
    const response = await upload({
      documentType: 'proof_of_address',
      file: { name: 'facture.pdf', data: pdf },
      cookie: bob.cookie,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: {
        code: 'file_too_large',
        message: 'Le fichier ne doit pas dépasser 5 MB',
        field: 'file',
      },
    });
    expect(await countRows(bob.id)).toBe(before);
  });

  it.each([
    ['a Windows executable renamed .pdf', 'permis.pdf', makeWindowsExecutable()],
    ['a GIF image', 'photo.gif', makeGif()],
    ['a GIF renamed .png', 'photo.png', makeGif()],
    ['a PNG named .pdf', 'scan.pdf', makePng()],
    ['a PDF without extension', 'permis', makePdf()],
  ])('refuses %s with the accepted formats', async (_, name, data) => {
    const before = await countRows(bob.id);
    const response = await upload({
      documentType: 'id_card',
      file: { name, data, type: 'application/pdf' },
      cookie: bob.cookie,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { message: 'Format non accepté : PDF, JPG ou PNG uniquement.', field: 'file' },
    });
    expect(await countRows(bob.id)).toBe(before);
  });

  it.each([
    [
      'a file that starts like a JPEG but is not one',
      'permis.jpg',
      Buffer.concat([
        Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
        Buffer.from('pas une photo '.repeat(40)),
      ]),
    ],
    ['a PNG cut in the middle', 'permis.png', makePng().subarray(0, 40)],
  ])('refuses %s: an image that does not decode, in French', async (_, name, data) => {
    const before = await countRows(bob.id);
    const response = await upload({
      documentType: 'id_card',
      file: { name, data },
      cookie: bob.cookie,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'unreadable_image',
        message:
          'Cette image est illisible ou endommagée : envoyez une autre photo ou un scan PDF.',
        field: 'file',
      },
    });
    expect(await countRows(bob.id)).toBe(before);
  });

  it('asks for a known document type', async () => {
    for (const documentType of [undefined, 'passport']) {
      const response = await upload({
        documentType,
        file: { name: 'permis.pdf', data: makePdf() },
        cookie: bob.cookie,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { field: 'documentType' } });
    }
  });

  it('asks for a file', async () => {
    const response = await upload({ documentType: 'id_card', cookie: bob.cookie });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { message: 'Aucun fichier reçu.', field: 'file' },
    });
  });

  it('refuses anonymous uploads', async () => {
    const response = await upload({
      documentType: 'id_card',
      file: { name: 'permis.pdf', data: makePdf() },
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses an upload sent from another site', async () => {
    const response = await upload({
      documentType: 'id_card',
      file: { name: 'permis.pdf', data: makePdf() },
      cookie: bob.cookie,
      origin: 'https://evil.example',
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('listing my documents', () => {
  it('lists only my own documents, newest first', async () => {
    const carol = await signUpUser(ctx);
    vi.useFakeTimers({ toFake: ['Date'] });
    const uploaded: UserDocument[] = [];
    for (const [day, type] of [
      [1, 'proof_of_address'],
      [3, 'id_card'],
      [2, 'driver_license'],
    ] as const) {
      vi.setSystemTime(new Date(`2026-03-0${day}T09:00:00Z`));
      uploaded.push(await uploadAs(carol, type, `${type}.pdf`, makePdf()));
    }
    vi.setSystemTime(new Date('2026-03-04T09:00:00Z'));
    await uploadAs(bob, 'id_card', 'bob.pdf', makePdf());

    const response = await list(carol.cookie);
    expect(response.statusCode).toBe(200);
    const { documents } = response.json<{ documents: UserDocument[] }>();
    expect(documents.map((d) => d.documentType)).toEqual([
      'id_card',
      'driver_license',
      'proof_of_address',
    ]);
    expect(documents.map((d) => d.uploadedAt)).toEqual([
      '2026-03-03T09:00:00.000Z',
      '2026-03-02T09:00:00.000Z',
      '2026-03-01T09:00:00.000Z',
    ]);
    expect(new Set(documents.map((d) => d.id))).toEqual(new Set(uploaded.map((d) => d.id)));
  });

  it('gives each document a link that opens its file', async () => {
    const png = makePng([0, 85, 164]);
    const { id } = await uploadAs(alice, 'id_card', 'verso.png', png);
    const { documents } = (await list(alice.cookie)).json<{ documents: UserDocument[] }>();
    const listed = documents.find((d) => d.id === id)!;
    const response = await open(listed.url, alice.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(png);
  });

  it('requires a session', async () => {
    expect((await list()).statusCode).toBe(401);
  });
});

describe('the link to a file', () => {
  let pdf: Buffer;
  let document: UserDocument;
  beforeAll(async () => {
    pdf = makePdf('Justificatif');
    document = await uploadAs(alice, 'proof_of_address', 'facture EDF été (mars).pdf', pdf);
  });

  it('serves the file inline, privately, with its content type', async () => {
    const response = await open(document.url, alice.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(pdf);
    expect(response.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(pdf.length),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      // Not the site's `object-src 'none'`, which stops Chrome's PDF viewer.
      'content-security-policy': expect.stringContaining("object-src 'self'"),
      'content-disposition': `inline; filename="facture EDF ete (mars).pdf"; filename*=UTF-8''facture%20EDF%20%C3%A9t%C3%A9%20%28mars%29.pdf`,
    });
  });

  it('is not enough without a session: 401', async () => {
    const response = await open(document.url);
    expect(response.statusCode).toBe(401);
  });

  it("does not open another user's document, even with its link: 403", async () => {
    const response = await open(document.url, bob.cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { message: expect.any(String) } });
  });

  it("lets an administrator open any user's document", async () => {
    const response = await open(document.url, adminCookie);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(pdf);
  });

  it('expires after 10 minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-05-01T10:00:00Z'));
    const { documents } = (await list(alice.cookie)).json<{ documents: UserDocument[] }>();
    const { url } = documents.find((d) => d.id === document.id)!;

    vi.setSystemTime(new Date('2026-05-01T10:09:59Z'));
    expect((await open(url, alice.cookie)).statusCode).toBe(200);

    vi.setSystemTime(new Date('2026-05-01T10:10:00Z'));
    const expired = await open(url, alice.cookie);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual({
      error: {
        code: 'link_expired',
        message:
          'Ce lien vers le document a expiré. Actualisez la page pour en obtenir un nouveau.',
      },
    });
  });

  it('refuses a forged or altered signature: 403', async () => {
    const url = new URL(document.url, 'http://localhost');
    const later = new URL(url);
    later.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    const tampered = new URL(url);
    tampered.searchParams.set('signature', 'A'.repeat(43));
    for (const forged of [later, tampered]) {
      const response = await open(`${forged.pathname}${forged.search}`, alice.cookie);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        error: { code: 'invalid_link', message: 'Ce lien vers le document n’est pas valide.' },
      });
    }
  });

  it("refuses one document's signature on another document", async () => {
    const other = await uploadAs(alice, 'id_card', 'autre.pdf', makePdf());
    const signature = new URL(document.url, 'http://localhost').search;
    const response = await open(`/api/v1/documents/${other.id}/file${signature}`, alice.cookie);
    expect(response.statusCode).toBe(403);
  });

  it('answers 404 for a document that does not exist', async () => {
    const url = createDocumentUrl(
      ctx.config.auth.secret,
      '00000000-0000-4000-8000-000000000000',
      Date.now(),
    );
    expect((await open(url, alice.cookie)).statusCode).toBe(404);
  });
});

describe('deleting a document', () => {
  it("does not delete another user's document: 404, and it stays", async () => {
    const document = await uploadAs(alice, 'id_card', 'garder.pdf', makePdf());
    const response = await remove(document.id, bob.cookie);
    expect(response.statusCode).toBe(404);
    expect((await open(document.url, alice.cookie)).statusCode).toBe(200);
  });

  it('requires a session', async () => {
    const document = await uploadAs(alice, 'id_card', 'garder.pdf', makePdf());
    expect((await remove(document.id)).statusCode).toBe(401);
  });

  it('keeps a document the team has verified: 409 with the way to have it removed', async () => {
    const document = await uploadAs(alice, 'driver_license', 'verifie.pdf', makePdf());
    await ctx.db.query(`update documents set verified = true where id = $1`, [document.id]);
    const response = await remove(document.id, alice.cookie);
    expect(response.statusCode).toBe(409);
    expect(response.json<{ error: { message: string } }>().error.message).toBe(
      'Ce document a été vérifié par notre équipe : contactez-nous pour le retirer.',
    );
    expect((await open(document.url, alice.cookie)).statusCode).toBe(200);
  });

  it('removes the row and the stored file', async () => {
    const document = await uploadAs(alice, 'id_card', 'supprimer.pdf', makePdf());
    const key = await storageKeyOf(document.id);

    const response = await remove(document.id, alice.cookie);
    expect(response.statusCode).toBe(204);
    const { documents } = (await list(alice.cookie)).json<{ documents: UserDocument[] }>();
    expect(documents.map((d) => d.id)).not.toContain(document.id);
    expect(await ctx.app.storage.get(key)).toBeNull();
    expect((await open(document.url, alice.cookie)).statusCode).toBe(404);
    expect((await remove(document.id, alice.cookie)).statusCode).toBe(404);
  });
});

describe('when the storage or the database fails', () => {
  const deps = (storage: ObjectStorage) => ({
    db: ctx.db,
    storage,
    secret: ctx.config.auth.secret,
    log: ctx.app.log,
  });
  const file = () => ({ fileName: 'permis.pdf', data: makePdf() });

  it('writes no row when the file cannot be stored', async () => {
    const failing: ObjectStorage = {
      ...ctx.app.storage,
      put: () => Promise.reject(new Error('disk full')),
    };
    const before = await countRows(bob.id);
    await expect(
      uploadDocument(deps(failing), bob.id, { documentType: 'id_card' }, file()),
    ).rejects.toMatchObject({
      statusCode: 500,
      message: "Erreur lors de l'upload du document",
    });
    expect(await countRows(bob.id)).toBe(before);
  });

  it('removes the stored file when the row cannot be written', async () => {
    const stored: string[] = [];
    const recording: ObjectStorage = {
      ...ctx.app.storage,
      async put(key, body, contentType) {
        stored.push(key);
        await ctx.app.storage.put(key, body, contentType);
      },
    };
    // The database refuses the document's row (the upload itself was counted).
    const refusing: Database = {
      ...ctx.db,
      transaction: (work) =>
        ctx.db.transaction((tx) =>
          work({
            exec: (sql) => tx.exec(sql),
            query: (text, params) =>
              text.startsWith('insert into documents')
                ? Promise.reject(new Error('disk full'))
                : tx.query(text, params),
          }),
        ),
    };
    await expect(
      uploadDocument(
        { ...deps(recording), db: refusing },
        bob.id,
        { documentType: 'id_card' },
        file(),
      ),
    ).rejects.toMatchObject({
      statusCode: 500,
      message: "Erreur lors de l'enregistrement du document",
    });
    expect(stored).toHaveLength(1);
    expect(await ctx.app.storage.get(stored[0]!)).toBeNull();
  });
});
