import type { Profile } from '@vroum/core/profile';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { profileQuery } from '../../lib/queries';
import { DriverStep } from './components/driver-step';
import { useDriverStep } from './use-driver-step';

vi.mock('../../lib/toast', () => ({ notify: { error: vi.fn(), info: vi.fn(), success: vi.fn() } }));

const PROFILE: Profile = {
  userId: '7a1f4c44-8a5e-4c0f-9d53-2f7f0c6f2c11',
  email: 'camille@exemple.fr',
  firstName: 'Camille',
  lastName: 'Lefèvre',
  phone: '+33 6 11 22 33 44',
  dateOfBirth: '1985-06-15',
  address: '8 rue de la Paix',
  city: 'Paris',
  postalCode: '75002',
  country: 'FR',
  licenseNumber: null,
  licenseIssueDate: null,
  licenseCountry: null,
  accountStatus: 'validated',
  rejectionReason: null,
  createdAt: '2026-01-05T10:00:00.000Z',
};

function Harness({ onDone }: { onDone: () => void }) {
  const step = useDriverStep({ sent: undefined, accountEmail: PROFILE.email, onDone });
  return <DriverStep {...step.form} locked={false} supercar={false} />;
}

function renderStep(profile: Profile) {
  // The profile as the account pages left it in the cache, fresh: no request.
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  client.setQueryData(profileQuery().queryKey, profile);
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <Harness onDone={onDone} />
    </QueryClientProvider>,
  );
  return { onDone, user: userEvent.setup() };
}

const field = (name: string) => screen.getByRole('textbox', { name });

describe('the checkout’s driver step', () => {
  it('is prefilled from the profile, and moves on once the licence is given', async () => {
    const { onDone, user } = renderStep(PROFILE);
    expect(await screen.findByRole('form', { name: 'Conducteur principal' })).toBeVisible();
    expect(field('Prénom')).toHaveValue('Camille');
    expect(field('Email')).toHaveValue('camille@exemple.fr');

    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(onDone).not.toHaveBeenCalled();
    expect(field('Numéro de permis')).toHaveAttribute('aria-invalid', 'true');

    await user.type(field('Numéro de permis'), '12AB34567');
    expect(field('Numéro de permis')).not.toHaveAttribute('aria-invalid');
    const licenceDate = screen.getByLabelText(/Date d’obtention du permis/);
    expect(licenceDate).toHaveAttribute('aria-invalid', 'true');
    await user.type(licenceDate, '2005-09-01');
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('offers to keep the driver in the profile only when it says more than the profile holds', async () => {
    const complete = {
      ...PROFILE,
      licenseNumber: '12AB34567',
      licenseIssueDate: '2005-09-01',
      licenseCountry: 'FR',
    };
    const { user } = renderStep(complete);
    await screen.findByRole('form', { name: 'Conducteur principal' });
    const offer = 'Enregistrer ces informations dans mon profil';
    expect(screen.queryByRole('checkbox', { name: new RegExp(offer) })).toBeNull();

    await user.clear(field('Ville'));
    await user.type(field('Ville'), 'Lyon');
    const checkbox = screen.getByRole('checkbox', { name: new RegExp(offer) });
    expect(checkbox).toBeChecked();
    await user.click(checkbox);
    expect(checkbox).not.toBeChecked();

    await user.clear(field('Ville'));
    await user.type(field('Ville'), 'Paris');
    expect(screen.queryByRole('checkbox', { name: new RegExp(offer) })).toBeNull();
  });
});
