import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MoneyActionForm } from './money-action-form';

function renderForm(withReason: boolean) {
  const onSubmit = vi.fn();
  render(
    <MoneyActionForm
      name="Retenue sur la caution"
      summary="Caution retenue : 3 500,00 €"
      amountLabel="Montant retenu (€)"
      maxCents={350000}
      initialCents={withReason ? undefined : 350000}
      tooMuch="Le montant dépasse la caution retenue sur la carte (3 500,00 €)."
      invalidAmount="Le montant retenu doit être supérieur à 0, avec au plus deux décimales."
      reason={
        withReason
          ? {
              label: 'Dommage constaté',
              tooShort: 'Décrivez le dommage constaté (3 caractères au moins).',
            }
          : undefined
      }
      submitLabels={['Confirmer la retenue', 'Retenue...']}
      pending={false}
      onSubmit={onSubmit}
      onCancel={() => {}}
    />,
  );
  return { onSubmit, user: userEvent.setup() };
}

describe('MoneyActionForm', () => {
  it('checks the amount and the reason before acting', async () => {
    const { onSubmit, user } = renderForm(true);
    const amount = screen.getByLabelText('Montant retenu (€)');
    const confirm = screen.getByRole('button', { name: 'Confirmer la retenue' });

    await user.click(confirm);
    expect(amount).toHaveAccessibleDescription(
      'Le montant retenu doit être supérieur à 0, avec au plus deux décimales.',
    );
    expect(screen.getByLabelText('Dommage constaté')).toHaveAccessibleDescription(
      'Décrivez le dommage constaté (3 caractères au moins).',
    );

    await user.type(amount, '3600');
    await user.type(screen.getByLabelText('Dommage constaté'), 'Jante rayée');
    await user.click(confirm);
    expect(amount).toHaveAccessibleDescription(
      'Le montant dépasse la caution retenue sur la carte (3 500,00 €).',
    );
    await user.clear(amount);
    await user.type(amount, '12.345');
    await user.click(confirm);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the amount in cents and the reason, with one key for every attempt', async () => {
    const { onSubmit, user } = renderForm(true);
    await user.type(screen.getByLabelText('Montant retenu (€)'), '450.50');
    await user.type(screen.getByLabelText('Dommage constaté'), '  Pare-choc arrière enfoncé ');
    const confirm = screen.getByRole('button', { name: 'Confirmer la retenue' });
    await user.click(confirm);
    await user.click(confirm);
    expect(onSubmit).toHaveBeenCalledTimes(2);
    const [first, second] = onSubmit.mock.calls;
    expect(first?.[0]).toEqual({ amountCents: 45050, reason: 'Pare-choc arrière enfoncé' });
    expect(second?.[1]).toBe(first?.[1]);
  });

  it('starts from the amount it is given (a refund offers the whole amount)', () => {
    renderForm(false);
    expect(screen.getByLabelText('Montant retenu (€)')).toHaveValue('3500,00');
    expect(screen.queryByLabelText('Dommage constaté')).toBeNull();
  });
});
