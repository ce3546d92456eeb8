import type { IdentityReviewItem } from '@vroum/core/rental-steps';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { IdentityReviewItemCard } from './identity-review-item';

const ITEM: IdentityReviewItem = {
  checkId: '5f0c6f3e-8a57-4c1e-9b7a-2d3e4f5a6b7c',
  userId: '0e8a1c2b-3d4e-4f50-8a6b-7c8d9e0f1a2b',
  status: 'processing',
  submittedAt: '2026-05-02T08:30:00.000Z',
  customerName: 'Camille Durand',
  email: 'camille@exemple.fr',
  licenseNumber: 'AB123456',
  licenseIssueDate: '2023-04-10',
  documentExpiryDate: '2031-01-01',
  driver: {
    firstName: 'Camille',
    lastName: 'Durand',
    dateOfBirth: '1990-06-15',
    licenseNumber: 'AB 123 456',
    licenseIssueDate: '2023-04-11',
  },
  booking: {
    id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    reference: 'A1B2C3D4',
    vehicleName: 'Ferrari Roma',
    category: 'Super Car',
    pickupDate: '2026-06-01T08:00:00.000Z',
  },
  conditions: [
    {
      label: 'Âge au début de la location',
      required: '30 ans minimum',
      actual: '35 ans',
      pass: true,
    },
    {
      label: 'Ancienneté du permis',
      required: '5 ans minimum',
      actual: '3 ans',
      pass: false,
    },
  ],
  files: [
    {
      id: '11111111-1111-4111-8111-111111111111',
      label: 'Pièce d’identité',
      contentType: 'application/pdf',
      url: '/api/v1/documents/1/file?expires=1&signature=a',
    },
    {
      id: '22222222-2222-4222-8222-222222222222',
      label: 'Permis de conduire (recto)',
      contentType: 'image/jpeg',
      url: '/api/v1/documents/2/file?expires=1&signature=b',
    },
  ],
  rejectionReason: null,
};

function renderItem() {
  const onDecide = vi.fn();
  render(<IdentityReviewItemCard item={ITEM} pending={false} onDecide={onDecide} />);
  return { onDecide, user: userEvent.setup() };
}

describe('IdentityReviewItemCard', () => {
  it('shows the customer, the documents and each condition passing or failing in words', () => {
    renderItem();
    expect(screen.getByRole('heading', { name: 'Camille Durand' })).toBeInTheDocument();
    expect(screen.getByText('camille@exemple.fr')).toBeInTheDocument();
    expect(screen.getByText('A1B2C3D4')).toBeInTheDocument();

    expect(screen.getByRole('img', { name: 'Permis de conduire (recto)' })).toHaveAttribute(
      'src',
      ITEM.files[1]?.url,
    );
    const pdf = screen.getByRole('link', { name: 'Ouvrir le PDF' });
    expect(pdf).toHaveAttribute('href', ITEM.files[0]?.url);
    expect(pdf).toHaveAccessibleDescription('Pièce d’identité');

    const conditions = screen.getByRole('table', { name: /Conditions de location/ });
    const age = within(conditions).getByRole('row', { name: /Âge au début de la location/ });
    expect(age).toHaveTextContent('30 ans minimum');
    expect(age).toHaveTextContent('35 ans');
    expect(age).toHaveTextContent('Conforme');
    expect(age).not.toHaveTextContent('Non conforme');
    const licence = within(conditions).getByRole('row', { name: /Ancienneté du permis/ });
    expect(licence).toHaveTextContent('5 ans minimum');
    expect(licence).toHaveTextContent('3 ans');
    expect(licence).toHaveTextContent('Non conforme');
    // The title above the table's frame names it, with its summary.
    expect(conditions).toHaveAccessibleName('Conditions de location 1 condition non remplie.');

    const comparison = screen.getByRole('table', { name: /Conducteur déclaré/ });
    expect(within(comparison).getByRole('row', { name: /Numéro de permis/ })).toHaveTextContent(
      'Identique',
    );
    expect(
      within(comparison).getByRole('row', { name: /Date d’obtention du permis/ }),
    ).toHaveTextContent('Différent');
  });

  it('names its documents and tables after the booking, so that two checks in the list never share a landmark', () => {
    const other = { ...ITEM, checkId: 'a0c6f3e5-8a57-4c1e-9b7a-2d3e4f5a6b7c' };
    render(
      <ul>
        <li>
          <IdentityReviewItemCard item={ITEM} pending={false} onDecide={vi.fn()} />
        </li>
        <li>
          <IdentityReviewItemCard
            item={{ ...other, booking: { ...other.booking, reference: 'E5F6G7H8' } }}
            pending={false}
            onDecide={vi.fn()}
          />
        </li>
      </ul>,
    );
    const names = screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'));
    expect(names).toEqual([
      'Documents, réservation A1B2C3D4',
      'Conducteur déclaré et informations saisies, réservation A1B2C3D4',
      'Conditions de location, réservation A1B2C3D4',
      'Documents, réservation E5F6G7H8',
      'Conducteur déclaré et informations saisies, réservation E5F6G7H8',
      'Conditions de location, réservation E5F6G7H8',
    ]);
  });

  it('validates in one click', async () => {
    const { onDecide, user } = renderItem();
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(onDecide).toHaveBeenCalledWith({ decision: 'validate' });
  });

  it('asks for a reason, then sends the reason and the note when refusing', async () => {
    const { onDecide, user } = renderItem();
    await user.click(screen.getByRole('button', { name: 'Refuser' }));
    const reason = screen.getByRole('combobox', { name: 'Motif' });
    expect(reason).toHaveFocus();
    expect(within(reason).getByRole('option', { name: 'Document expiré' })).toBeInTheDocument();

    const confirm = screen.getByRole('button', { name: 'Confirmer le refus' });
    await user.click(confirm);
    expect(onDecide).not.toHaveBeenCalled();
    expect(reason).toHaveAccessibleDescription('Choisissez le motif du refus.');

    await user.selectOptions(reason, 'Document expiré');
    await user.type(screen.getByLabelText('Précisions (facultatif)'), '  Permis expiré en 2024 ');
    await user.click(confirm);
    expect(onDecide).toHaveBeenCalledTimes(1);
    expect(onDecide).toHaveBeenCalledWith({
      decision: 'reject',
      reason: 'expired',
      note: 'Permis expiré en 2024',
    });
  });

  it('leaves the note out when none is given, and cancelling brings the buttons back', async () => {
    const { onDecide, user } = renderItem();
    await user.click(screen.getByRole('button', { name: 'Refuser' }));
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.getByRole('button', { name: 'Refuser' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Refuser' }));
    await user.selectOptions(screen.getByLabelText('Motif'), 'unreadable');
    await user.click(screen.getByRole('button', { name: 'Confirmer le refus' }));
    expect(onDecide).toHaveBeenCalledWith({ decision: 'reject', reason: 'unreadable' });
  });

  it('ticks the files the reason names, and sends the ones the reviewer chose instead', async () => {
    const { onDecide, user } = renderItem();
    await user.click(screen.getByRole('button', { name: 'Refuser' }));
    await user.selectOptions(screen.getByLabelText('Motif'), 'unreadable');
    const files = screen.getByRole('group', { name: 'Documents à renvoyer' });
    expect(within(files).getByRole('checkbox', { name: 'Pièce d’identité' })).toBeChecked();
    expect(within(files).getByRole('checkbox', { name: 'Selfie' })).not.toBeChecked();
    await user.click(within(files).getByRole('checkbox', { name: 'Pièce d’identité' }));
    await user.click(within(files).getByRole('checkbox', { name: 'Permis de conduire — recto' }));
    await user.click(screen.getByRole('button', { name: 'Confirmer le refus' }));
    expect(onDecide).toHaveBeenCalledWith({
      decision: 'reject',
      reason: 'unreadable',
      files: ['licence_back'],
    });
  });
});
