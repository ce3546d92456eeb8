import type { GeocodedAddress } from '@vroum/core/address';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AddressAutocomplete } from './address-autocomplete';

const PARIS: GeocodedAddress = {
  id: 'paris',
  label: 'Paris 75001',
  postcode: '75001',
  city: 'Paris',
  departmentCode: '75',
  lat: 48.86,
  lon: 2.34,
  kind: 'municipality',
};

let answer: (found: GeocodedAddress[]) => void = () => {};
vi.mock('../lib/addresses', () => ({
  searchAddresses: () => new Promise<GeocodedAddress[]>((resolve) => (answer = resolve)),
}));

function Form() {
  const [value, setValue] = useState('');
  return (
    <form>
      <AddressAutocomplete
        id="pickup"
        label="Adresse de livraison"
        value={value}
        onChange={setValue}
        onSelect={() => {}}
      />
      <label>
        Date et heure de départ
        <input type="datetime-local" />
      </label>
    </form>
  );
}

describe('AddressAutocomplete', () => {
  it('keeps suggestions that arrive after the customer moved on closed until the field is back in focus', async () => {
    const user = userEvent.setup();
    render(<Form />);
    const field = screen.getByRole('combobox', { name: 'Adresse de livraison' });
    await user.type(field, 'Paris');
    await user.click(screen.getByLabelText('Date et heure de départ'));
    await act(() => new Promise((done) => setTimeout(done, 600)));
    await act(async () => answer([PARIS]));
    expect(screen.queryByRole('option')).toBeNull();
    expect(field).toHaveAttribute('aria-expanded', 'false');

    await user.click(field);
    expect(screen.getByRole('option', { name: /Paris 75001/ })).toBeVisible();
  });

  it('opens the suggestions when they arrive while the field has the focus', async () => {
    const user = userEvent.setup();
    render(<Form />);
    const field = screen.getByRole('combobox', { name: 'Adresse de livraison' });
    await user.type(field, 'Paris');
    await act(() => new Promise((done) => setTimeout(done, 600)));
    await act(async () => answer([PARIS]));
    expect(field).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('option', { name: /Paris 75001/ })).toBeVisible();
  });
});
