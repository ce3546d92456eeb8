import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findExtra } from '@vroum/core/extras';
import { computeQuote } from '@vroum/core/pricing';
import { findProtectionPlan } from '@vroum/core/protection';
import { formatPrice as formatEuros } from '@vroum/core/money-format';
import { replyOf } from '../../helpers/chat-reply';
import { createTestApp, type TestContext } from '../../helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function ask(content: string): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/chat',
    payload: { messages: [{ role: 'user', content }] },
  });
  return replyOf(response.body);
}

/** The checkout's price of so many days of a catalogue vehicle, as the server computes it. */
async function checkoutTotal(slug: string, days: number, protection: 'none' | 'complete') {
  const { rows } = await ctx.db.query<{ price_per_day_cents: number; deposit_cents: number }>(
    'select price_per_day_cents, deposit_cents from vehicles where slug = $1',
    [slug],
  );
  const start = new Date('2027-05-01T09:00:00Z');
  return computeQuote({
    pricePerDayCents: rows[0]!.price_per_day_cents,
    depositCents: rows[0]!.deposit_cents,
    start,
    end: new Date(start.getTime() + days * 86_400_000),
    deliveryFeeCents: 0,
    withDriver: false,
    unlimitedKm: false,
    protection,
    options: [],
  }).totalCents;
}

describe('the built-in assistant understands plainly worded questions', () => {
  it.each([
    ['Combien pour la Panamera pendant 3 jours ?', 'porsche-panamera', 3, 'none'],
    ['Quel est le prix de la Clio pour une semaine ?', 'renault-clio-5', 7, 'none'],
    ['L’Urus 2 jours avec la protection complète, combien ?', 'lamborghini-urus', 2, 'complete'],
  ] as const)(
    'prices a number of days without dates by the checkout’s rule: %s',
    async (question, slug, days, protection) => {
      const reply = await ask(question);
      const total = formatEuros(await checkoutTotal(slug, days, protection));
      expect(reply).toContain(`Total : ${total}`);
      expect(reply).toContain(`${days} jours`);
      expect(reply).toContain(`(/vehicule/${slug})`);
      expect(reply).toContain('Indiquez-moi vos dates');
    },
  );

  it.each([
    'Si je tombe en panne à 3h du matin ?',
    'assistance la nuit',
    'Peut-on vous joindre un jour férié ?',
    'Y a-t-il quelqu’un à minuit si la voiture ne démarre plus ?',
  ])('answers the assistance at any hour: %s', async (question) => {
    const reply = await ask(question);
    expect(reply).toContain('24h/24 et 7j/7, la nuit, le week-end et les jours fériés compris');
    expect(reply).toContain(ctx.config.site.phone);
  });

  it.each([
    ['Combien coûte la protection pneus et vitrages ?', 'tyre_glass_protection'],
    ['Avez-vous une assurance pour les pneus et les vitres ?', 'tyre_glass_protection'],
    ['Prix de l’option tyre and glass ?', 'tyre_glass_protection'],
    ['Combien coûte la protection intérieure ?', 'interior_protection'],
    ['J’ai peur de tacher la sellerie', 'interior_protection'],
  ] as const)(
    'answers an option named by its own words, not the plans: %s',
    async (question, id) => {
      const reply = await ask(question);
      const extra = findExtra(id);
      expect(reply).toContain(extra.name);
      expect(reply).toContain(extra.description);
      // The list of protection plans is not the answer.
      expect(reply).not.toContain(findProtectionPlan('basic').name);
      expect(reply).not.toContain(findProtectionPlan('intermediate').name);
    },
  );

  it('cites the pages as links named by their titles', async () => {
    const reply = await ask('Quelle est la caution de la Porsche Panamera ?');
    expect(reply).toContain('[Porsche Panamera](/vehicule/porsche-panamera)');
  });
});
