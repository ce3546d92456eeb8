import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandlers } from '../../src/plugins/errors';
import { IdempotencyConflictError } from '../../src/providers/payment/payment-provider';

function appThrowing(error: Error) {
  const app = Fastify({ logger: false });
  registerErrorHandlers(app);
  app.get('/', async () => {
    throw error;
  });
  return app;
}

describe('the error handler', () => {
  it('answers 409 with a French message while the payment provider still carries out the same operation', async () => {
    const response = await appThrowing(new IdempotencyConflictError()).inject('/');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: {
        code: 'operation_in_progress',
        message: 'Cette opération est déjà en cours. Veuillez réessayer dans quelques instants.',
      },
    });
  });

  it('answers an unexpected failure with a generic 500 that tells nothing of it', async () => {
    const response = await appThrowing(new Error('secret detail')).inject('/');
    expect(response.statusCode).toBe(500);
    expect(response.json().error.code).toBe('internal_error');
    expect(response.body).not.toContain('secret detail');
  });
});
