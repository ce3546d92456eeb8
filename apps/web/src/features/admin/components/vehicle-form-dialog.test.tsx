import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/responses';
import { VehicleFormDialog } from './vehicle-form-dialog';

vi.mock('../../../lib/toast', () => ({
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
}));

beforeAll(() => {
  // jsdom has the <dialog> element but not its modal opening.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderNewVehicleForm() {
  const fetchMock = vi.fn(() => Promise.resolve(jsonResponse({}, 201)));
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <VehicleFormDialog open vehicle={null} onClose={() => {}} />
    </QueryClientProvider>,
  );
  return { fetchMock, user: userEvent.setup() };
}

describe('the console’s vehicle form', () => {
  it('asks for a deposit a card can hold (0,50 € at least) before saving', async () => {
    const { fetchMock, user } = renderNewVehicleForm();
    await user.type(screen.getByLabelText('Nom *'), 'Mini Cooper S');
    await user.type(
      screen.getByLabelText('URL de l’image *'),
      'https://images.example.fr/mini.jpg',
    );
    await user.type(screen.getByLabelText('Prix par jour (€) *'), '99');
    const deposit = screen.getByLabelText('Caution (€) *');
    await user.type(deposit, '0');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(deposit).toHaveAccessibleDescription(
      'La caution doit être d’au moins 0,50\u00a0€, le plus petit montant qu’une carte peut retenir.',
    );
    expect(fetchMock).not.toHaveBeenCalled();

    await user.clear(deposit);
    await user.type(deposit, '0,50');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
