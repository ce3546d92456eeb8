import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Vehicle } from '@vroum/core/vehicle';
import { dailyKmLimitFor } from '@vroum/core/vehicle-km';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { catalogueVehicle } from '../../../test/vehicles';
import { BookingPanel } from './booking-panel';

const vehicle = (overrides: Partial<Vehicle>) => catalogueVehicle('porsche-panamera', overrides);

function renderPanel(car: Vehicle) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <BookingPanel
          vehicle={car}
          context={{ pickupAddress: '', returnAddress: '', start: '', end: '', deliveryFee: null }}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the booking panel’s kilometres', () => {
  it('offers no unlimited kilometres on a Super Car made in the console, with the limit core gives it', () => {
    // Created without a daily limit: the console's rule gives a Super Car its limit.
    const limit = dailyKmLimitFor('Super Cars', undefined);
    renderPanel(
      vehicle({
        name: 'McLaren Artura',
        slug: 'mclaren-artura',
        category: 'Super Cars',
        dailyKmLimit: limit,
      }),
    );
    expect(screen.queryByRole('checkbox', { name: /Kilométrage illimité/ })).toBeNull();
    expect(screen.getByText(/Kilométrage illimité non disponible/)).toHaveTextContent(
      `${limit} km inclus par jour.`,
    );
  });

  it('offers them on a car without a daily limit', () => {
    renderPanel(vehicle({ dailyKmLimit: null }));
    expect(screen.getByRole('checkbox', { name: /Kilométrage illimité/ })).toBeInTheDocument();
  });
});
