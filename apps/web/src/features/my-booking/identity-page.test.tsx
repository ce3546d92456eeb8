import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { UserDocument } from '@vroum/core/documents';
import type { IdentityStep, RentalSteps } from '@vroum/core/rental-steps';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/responses';
import { IdentityPage } from './identity-page';

vi.mock('../../lib/toast', () => ({
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const BOOKING_ID = '7f1f3a52-4a7e-4d55-9a8e-3f0c1d2b6e10';
const REASON = 'Document illisible ou incomplet : Le verso du permis est flou';

const userDocument = (
  documentType: UserDocument['documentType'],
  side: UserDocument['side'],
  fileName: string,
): UserDocument => ({
  id: crypto.randomUUID(),
  documentType,
  side,
  fileName,
  verified: false,
  uploadedAt: '2026-11-20T10:00:00.000Z',
  url: '/x',
});
const SENT_BEFORE = [
  userDocument('id_card', 'front', 'carte.pdf'),
  userDocument('driver_license', 'front', 'recto.pdf'),
  userDocument('driver_license', 'back', 'verso-flou.pdf'),
  userDocument('selfie', null, 'selfie.png'),
];

function renderIdentity(identity: IdentityStep, documents: UserDocument[] = []) {
  const steps: RentalSteps = {
    bookingId: BOOKING_ID,
    identity,
    contract: { state: 'todo', provider: 'builtin', version: null, signedAt: null },
    ready: false,
  };
  const fetch = vi.fn((url: string, _init?: RequestInit) =>
    Promise.resolve(
      jsonResponse(
        url.endsWith('/steps')
          ? steps
          : url.endsWith('/me/documents')
            ? { documents }
            : { ...identity, state: 'in_review' },
      ),
    ),
  );
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={[`/reservation/${BOOKING_ID}/identite`]}>
      <QueryClientProvider client={client}>
        <Routes>
          <Route path="/reservation/:id/identite" element={<IdentityPage />} />
          <Route path="/reservation/:id" element={<p>Réservation</p>} />
        </Routes>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  const submissions = () =>
    fetch.mock.calls.filter(([url, init]) => url.endsWith('/identity') && init?.method === 'POST');
  return { user: userEvent.setup(), submissions };
}

const TODO: IdentityStep = { state: 'todo', provider: 'builtin', reason: null, refusedFiles: [] };
// A required field's label ends with a star, hidden from screen readers.
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));
const findField = (label: string) => screen.findByLabelText(new RegExp(`^${label}`));
const send = () => screen.getByRole('button', { name: 'Envoyer pour vérification' });

describe('the identity form', () => {
  it('says an empty field is required, before and after sending, never “invalide”', async () => {
    const { user, submissions } = renderIdentity(TODO);
    await screen.findByText('Les trois champs sont obligatoires.');
    const expiry = field('Expiration de la pièce d’identité');
    expect(expiry).toBeRequired();

    await user.click(send());
    expect(field('Numéro du permis')).toHaveAccessibleDescription(
      'Le numéro de permis est obligatoire.',
    );
    expect(field('Date d’obtention du permis')).toHaveAccessibleDescription(
      'La date d’obtention du permis est obligatoire.',
    );
    expect(expiry).toHaveAccessibleDescription(
      'La date d’expiration de la pièce d’identité est obligatoire.',
    );
    expect(screen.queryByText(/invalide/)).toBeNull();
    expect(screen.getByLabelText('Permis de conduire — verso')).toHaveAccessibleDescription(
      /Ce document est obligatoire\./,
    );
    expect(submissions()).toHaveLength(0);
  });

  it('takes an error away as soon as its field is mended, and keeps the others', async () => {
    const { user } = renderIdentity(TODO);
    await screen.findByText('Les trois champs sont obligatoires.');
    await user.click(send());
    const licence = field('Numéro du permis');
    await user.type(licence, '12');
    expect(licence).toHaveAccessibleDescription('Le numéro de permis est invalide.');
    await user.type(licence, 'AB34567');
    expect(licence).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Le numéro de permis est invalide.')).toBeNull();
    expect(screen.getByText('La date d’obtention du permis est obligatoire.')).toBeVisible();
  });

  it('tells a field typed in and left empty that it is required, without sending', async () => {
    const { user } = renderIdentity(TODO);
    const expiry = await findField('Expiration de la pièce d’identité');
    await user.type(expiry, '2034-01-01');
    await user.clear(expiry);
    await user.tab();
    expect(expiry).toHaveAccessibleDescription(
      'La date d’expiration de la pièce d’identité est obligatoire.',
    );
  });
});

describe('the identity files', () => {
  it('are French file controls that name the chosen file, with the camera for the licence and the selfie', async () => {
    renderIdentity(TODO);
    const recto = await screen.findByLabelText('Permis de conduire — recto');
    expect(recto).toHaveAttribute('type', 'file');
    expect(recto).toHaveAttribute('capture', 'environment');
    expect(recto).toHaveAccessibleDescription(
      'Face avec la photo, lisible en entier. Aucun fichier choisi',
    );
    expect(screen.getByLabelText('Ou choisissez une photo')).toHaveAttribute('capture', 'user');
    expect(screen.getAllByText('Choisir un fichier')).toHaveLength(3);
    expect(screen.getByText(/PDF, JPG ou PNG, 5\sMo au plus\./)).toBeVisible();
    expect(document.body.textContent).not.toMatch(/\bMB\b|Choose File|No file chosen/);
  });

  it('after a refusal, says which file was refused and why, keeps the others, and asks for a new one', async () => {
    const { user, submissions } = renderIdentity(
      { state: 'refused', provider: 'builtin', reason: REASON, refusedFiles: ['licence_back'] },
      SENT_BEFORE,
    );
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('Notre équipe n’a pas pu valider vos documents');
    expect(note).toHaveTextContent(REASON);
    expect(note).toHaveTextContent('Envoyez un nouveau fichier pour : permis de conduire — verso.');
    const verso = await screen.findByLabelText('Permis de conduire — verso');
    expect(verso).toHaveAccessibleDescription(
      `Face avec les catégories et leurs dates. Refusé par notre équipe (${REASON})\u00a0: choisissez un nouveau fichier.`,
    );
    expect(screen.getByLabelText('Permis de conduire — recto')).toHaveAccessibleDescription(
      /Déjà reçu\s: recto\.pdf, vous pouvez le garder\./,
    );

    await user.type(field('Numéro du permis'), '12AB34567');
    await user.type(field('Date d’obtention du permis'), '2005-06-01');
    await user.type(field('Expiration de la pièce d’identité'), '2034-01-01');
    await user.click(send());
    expect(
      within(verso.closest('div')!).getByText(
        'Ce document a été refusé : choisissez un nouveau fichier.',
      ),
    ).toBeVisible();
    expect(submissions()).toHaveLength(0);

    await user.upload(verso, new File(['%PDF-1.4'], 'verso-net.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Reçu : verso-net.pdf')).toBeVisible();
    await user.click(send());
    expect(submissions()).toHaveLength(1);
  });
});
