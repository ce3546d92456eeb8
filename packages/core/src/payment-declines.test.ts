import { describe, expect, it } from 'vitest';
import { declineReason } from './payment-declines';

describe('declineReason', () => {
  it('prefers the issuer’s reason, then the code, then a general message', () => {
    expect(declineReason({ code: 'card_declined', decline_code: 'insufficient_funds' })).toEqual({
      code: 'insufficient_funds',
      message: 'Votre carte ne dispose pas de fonds suffisants.',
    });
    expect(declineReason({ code: 'card_declined', decline_code: 'generic_decline' })).toEqual({
      code: 'card_declined',
      message: 'Votre carte a été refusée.',
    });
    expect(declineReason({ code: 'expired_card', decline_code: 'expired_card' })).toEqual({
      code: 'expired_card',
      message: 'Votre carte a expiré.',
    });
    expect(declineReason({ code: 'incorrect_cvc' }).message).toBe(
      'Le code de sécurité est incorrect.',
    );
    expect(declineReason({ code: 'authentication_required' }).message).toBe(
      'Votre banque demande une authentification\u00a0: nous vous contacterons pour valider la caution.',
    );
    expect(declineReason({ code: 'processing_error' })).toEqual({
      code: 'processing_error',
      message: 'Le paiement a été refusé par votre banque.',
    });
    expect(declineReason({ code: 'toString' }).message).toBe(
      'Le paiement a été refusé par votre banque.',
    );
  });
});
