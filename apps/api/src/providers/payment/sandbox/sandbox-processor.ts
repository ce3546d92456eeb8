import { randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../../../db/client';
import {
  PaymentDeclinedError,
  type CreateIntentInput,
  type OffSessionHoldInput,
  type PaymentIntent,
  type PaymentProvider,
} from '../payment-provider';
import { SandboxError } from './sandbox-error';
import { runOnce } from './sandbox-idempotency';
import { checkTestCard, OFF_SESSION_CEILING, OFF_SESSION_DECLINE_LAST4 } from './test-cards';

/** Card authorisations lapse after 7 days, as with real cards. */
const AUTHORISATION_DAYS = 7;

interface IntentRow {
  id: string;
  client_secret: string;
  amount_cents: number;
  capture_method: 'automatic' | 'manual';
  status: PaymentIntent['status'];
  amount_capturable_cents: number;
  amount_received_cents: number;
  amount_refunded_cents: number;
  payment_method: string | null;
  save_payment_method: boolean;
  capture_before: Date | null;
  last_error_code: string | null;
  last_error_message: string | null;
  metadata: Record<string, string>;
}

const toIntent = (row: IntentRow): PaymentIntent => ({
  id: row.id,
  status: row.status,
  amountCents: row.amount_cents,
  amountCapturableCents: row.amount_capturable_cents,
  amountReceivedCents: row.amount_received_cents,
  amountRefundedCents: row.amount_refunded_cents,
  clientSecret: row.client_secret,
  paymentMethodId: row.save_payment_method ? row.payment_method : null,
  captureBefore: row.capture_before,
  lastError: row.last_error_code
    ? { code: row.last_error_code, message: row.last_error_message ?? '' }
    : null,
  metadata: row.metadata,
});

const token = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export { SandboxError };

/**
 * The built-in payment processor ('mode démonstration'). It keeps its own ledger in the
 * database and answers like a real processor: intents, 3-D Secure challenges, manual capture,
 * authorisations that lapse, refunds, idempotency keys. Only test cards are accepted.
 */
export class SandboxProcessor implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly publishableKey = null;

  constructor(
    private readonly db: Database,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  private idempotent(
    key: string,
    request: unknown,
    run: (q: Queryable) => Promise<PaymentIntent>,
  ): Promise<PaymentIntent> {
    return runOnce(this.db, key, request, run, (id) => this.retrieveIntent(id));
  }

  private async row(id: string, q: Queryable = this.db): Promise<IntentRow> {
    const { rows } = await q.query<IntentRow>('select * from sandbox_intents where id = $1', [id]);
    if (!rows[0])
      throw new SandboxError('resource_missing', `No such payment_intent: '${id}'`, 404);
    return rows[0];
  }

  private async update(
    id: string,
    set: string,
    params: unknown[],
    q: Queryable = this.db,
  ): Promise<PaymentIntent> {
    const intent = await this.updateWhere(id, set, 'true', params, q);
    return intent!;
  }

  /**
   * One conditional statement: the change happens only while `condition` holds, so two
   * operations racing on one intent (a capture and a cancel, two refunds) never both apply.
   * Null when the condition no longer held.
   */
  private async updateWhere(
    id: string,
    set: string,
    condition: string,
    params: unknown[],
    q: Queryable,
  ): Promise<PaymentIntent | null> {
    const { rows } = await q.query<IntentRow>(
      `update sandbox_intents set ${set}, updated_at = now() where id = $1 and (${condition})
       returning *`,
      [id, ...params] as never[],
    );
    return rows[0] ? toIntent(rows[0]) : null;
  }

  createIntent(input: CreateIntentInput): Promise<PaymentIntent> {
    const { idempotencyKey, ...request } = input;
    return this.idempotent(idempotencyKey, request, async (q) => {
      const id = token('pi_sbx');
      const { rows } = await q.query<IntentRow>(
        `insert into sandbox_intents (id, client_secret, amount_cents, capture_method, status,
           save_payment_method, metadata)
         values ($1, $2, $3, $4, 'requires_payment_method', $5, $6) returning *`,
        [
          id,
          `${id}_secret_${randomBytes(8).toString('hex')}`,
          input.amountCents,
          input.captureMethod,
          input.saveCard ?? false,
          JSON.stringify(input.metadata),
        ],
      );
      return toIntent(rows[0]!);
    });
  }

  async retrieveIntent(id: string): Promise<PaymentIntent> {
    return toIntent(await this.row(id));
  }

  /** What the browser's card form calls (Stripe.js does this against Stripe). */
  async confirmWithCard(
    id: string,
    clientSecret: string,
    card: { number: string; expMonth: number; expYear: number; cvc: string },
  ): Promise<PaymentIntent> {
    const row = await this.row(id);
    if (row.client_secret !== clientSecret) {
      throw new SandboxError('invalid_client_secret', 'Paiement introuvable.', 404);
    }
    if (row.status !== 'requires_payment_method') return toIntent(row);
    const check = checkTestCard({ ...card, now: this.clock() });
    if (!check.ok) {
      throw new PaymentDeclinedError(check.code, check.message, toIntent(row));
    }
    const paymentMethod = token('pm_sbx');
    if (check.outcome.kind === 'decline') {
      const intent = await this.update(id, 'last_error_code = $2, last_error_message = $3', [
        check.outcome.code,
        check.outcome.message,
      ]);
      throw new PaymentDeclinedError(check.outcome.code, check.outcome.message, intent);
    }
    await this.update(
      id,
      'payment_method = $2, card_brand = $3, card_last4 = $4, last_error_code = null, last_error_message = null',
      [paymentMethod, check.brand, check.last4],
    );
    if (check.outcome.kind === 'challenge') {
      return this.update(id, "status = 'requires_action'", []);
    }
    return this.authorise(row);
  }

  /** The 3-D Secure challenge page's answer. */
  async completeChallenge(
    id: string,
    clientSecret: string,
    approved: boolean,
  ): Promise<PaymentIntent> {
    const row = await this.row(id);
    if (row.client_secret !== clientSecret) {
      throw new SandboxError('invalid_client_secret', 'Paiement introuvable.', 404);
    }
    if (row.status !== 'requires_action') return toIntent(row);
    if (!approved) {
      const message = 'L’authentification 3-D Secure a échoué. Aucun montant n’a été débité.';
      const intent = await this.update(
        id,
        "status = 'requires_payment_method', last_error_code = 'authentication_failed', last_error_message = $2",
        [message],
      );
      throw new PaymentDeclinedError('authentication_failed', message, intent);
    }
    return this.authorise(row);
  }

  private authorise(row: IntentRow): Promise<PaymentIntent> {
    if (row.capture_method === 'automatic') {
      return this.update(row.id, "status = 'succeeded', amount_received_cents = amount_cents", []);
    }
    const captureBefore = new Date(this.clock().getTime() + AUTHORISATION_DAYS * 86_400_000);
    return this.update(
      row.id,
      "status = 'requires_capture', amount_capturable_cents = amount_cents, capture_before = $2",
      [captureBefore],
    );
  }

  async captureIntent(
    id: string,
    idempotencyKey: string,
    amountCents?: number,
  ): Promise<PaymentIntent> {
    // A lapsed authorisation is cancelled for good, whatever becomes of this request.
    const current = await this.row(id);
    if (
      current.status === 'requires_capture' &&
      current.capture_before &&
      current.capture_before <= this.clock()
    ) {
      await this.updateWhere(
        id,
        "status = 'canceled', amount_capturable_cents = 0",
        "status = 'requires_capture'",
        [],
        this.db,
      );
      throw new SandboxError('charge_expired_for_capture', 'The authorisation has expired');
    }
    return this.idempotent(idempotencyKey, { capture: id, amountCents }, async (q) => {
      const row = await this.row(id, q);
      if (row.status !== 'requires_capture') {
        throw new SandboxError(
          'payment_intent_unexpected_state',
          `Cannot capture in ${row.status}`,
        );
      }
      const amount = amountCents ?? row.amount_capturable_cents;
      if (amount > row.amount_capturable_cents || amount < 1) {
        throw new SandboxError('amount_too_large', 'Amount exceeds the authorised amount');
      }
      const captured = await this.updateWhere(
        id,
        "status = 'succeeded', amount_received_cents = $2, amount_capturable_cents = 0",
        "status = 'requires_capture'",
        [amount],
        q,
      );
      if (!captured) {
        throw new SandboxError('payment_intent_unexpected_state', 'Cannot capture any more');
      }
      return captured;
    });
  }

  cancelIntent(id: string, idempotencyKey: string): Promise<PaymentIntent> {
    return this.idempotent(idempotencyKey, { cancel: id }, async (q) => {
      const cancelled = await this.updateWhere(
        id,
        "status = 'canceled', amount_capturable_cents = 0",
        "status not in ('succeeded', 'canceled')",
        [],
        q,
      );
      return cancelled ?? toIntent(await this.row(id, q));
    });
  }

  holdOffSession(input: OffSessionHoldInput): Promise<PaymentIntent> {
    const { idempotencyKey, ...request } = input;
    return this.idempotent(idempotencyKey, request, async (q) => {
      const { rows } = await q.query<{ card_last4: string | null }>(
        'select card_last4 from sandbox_intents where payment_method = $1 limit 1',
        [input.paymentMethodId],
      );
      if (!rows[0]) throw new SandboxError('resource_missing', 'No such payment_method');
      if (rows[0].card_last4 === OFF_SESSION_DECLINE_LAST4) {
        throw new PaymentDeclinedError('card_declined', 'Votre carte a été refusée.');
      }
      if (
        rows[0].card_last4 === OFF_SESSION_CEILING.last4 &&
        input.amountCents > OFF_SESSION_CEILING.maxCents
      ) {
        throw new PaymentDeclinedError(
          'insufficient_funds',
          'Votre carte ne dispose pas de fonds suffisants.',
        );
      }
      const id = token('pi_sbx');
      const captureBefore = new Date(this.clock().getTime() + AUTHORISATION_DAYS * 86_400_000);
      const inserted = await q.query<IntentRow>(
        `insert into sandbox_intents (id, client_secret, amount_cents, capture_method, status,
           amount_capturable_cents, payment_method, card_last4, save_payment_method, capture_before, metadata)
         values ($1, $2, $3, 'manual', 'requires_capture', $3, $4, $5, true, $6, $7) returning *`,
        [
          id,
          `${id}_secret_${randomBytes(8).toString('hex')}`,
          input.amountCents,
          input.paymentMethodId,
          rows[0].card_last4,
          captureBefore,
          JSON.stringify(input.metadata),
        ],
      );
      return toIntent(inserted.rows[0]!);
    });
  }

  async refund(intentId: string, amountCents: number, idempotencyKey: string) {
    const intent = await this.idempotent(
      idempotencyKey,
      { refund: intentId, amountCents },
      async (q) => {
        const refunded =
          amountCents >= 1
            ? await this.updateWhere(
                intentId,
                'amount_refunded_cents = amount_refunded_cents + $2',
                "status = 'succeeded' and amount_received_cents - amount_refunded_cents >= $2",
                [amountCents],
                q,
              )
            : null;
        if (!refunded) throw new SandboxError('refund_invalid', 'This amount cannot be refunded');
        return refunded;
      },
    );
    return { id: `re_sbx_${intent.id.slice(7)}`, status: 'succeeded', amountCents };
  }
}
