import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANCELLATION_TIERS, cancellationTerms } from '@vroum/core/cancellation';
import { SUPERCAR_CASH_DEPOSIT_MAX_CENTS } from '@vroum/core/cash-deposit';
import { AGENCY_CODE } from '@vroum/core/customer-codes';
import { BASIC_EXCESS_CENTS } from '@vroum/core/damage-excess';
import { extraCostCents, findExtra } from '@vroum/core/extras';
import { formatEuros, formatPrice } from '@vroum/core/money-format';
import { computeQuote } from '@vroum/core/pricing';
import { CONTEST_DAYS, REFUEL_CENTS_PER_PERCENT } from '@vroum/core/return-charges';
import { replyOf } from '../../helpers/chat-reply';
import { createBooking, findVehicleId } from '../../helpers/factories';
import { createTestApp, type TestContext } from '../../helpers/test-app';

let ctx: TestContext;
let reference: string;
const EMAIL = 'rental.owner@example.fr';

beforeAll(async () => {
  // More questions than the per-address limit allows in a minute.
  ctx = await createTestApp({ CHAT_RATE_LIMIT: '1000' });
  const bookingId = await createBooking(ctx.db, {
    vehicleId: await findVehicleId(ctx.db, 'porsche-panamera'),
    start: '2027-11-01T09:00:00Z',
    end: '2027-11-04T09:00:00Z',
  });
  await ctx.db.query('update bookings set customer_email = $1 where id = $2', [EMAIL, bookingId]);
  reference = bookingId.slice(0, 8).toUpperCase();
});
afterAll(() => ctx.close());

type Message = { role: 'user' | 'assistant'; content: string };

async function talk(messages: Message[]): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/chat',
    payload: { messages },
  });
  expect(response.statusCode).toBe(200);
  return replyOf(response.body);
}

const ask = (content: string) => talk([{ role: 'user', content }]);

/** Asks each message in turn, the assistant's real answers kept, and returns the last answer. */
async function converse(...questions: string[]): Promise<string> {
  const messages: Message[] = [];
  let answer = '';
  for (const content of questions) {
    messages.push({ role: 'user', content });
    answer = await talk(messages);
    messages.push({ role: 'assistant', content: answer });
  }
  return answer;
}

async function vehicleRow(slug: string) {
  const { rows } = await ctx.db.query<{ price_per_day_cents: number; deposit_cents: number }>(
    'select price_per_day_cents, deposit_cents from vehicles where slug = $1',
    [slug],
  );
  return rows[0]!;
}

describe('the assistant resolves follow-ups from the conversation', () => {
  it('prices a cancellation at a notice for the car and days named earlier, by core’s tiers', async () => {
    const reply = await converse(
      'Combien pour la Panamera pendant 3 jours ?',
      'Et si j’annule 30 h avant ?',
    );
    const car = await vehicleRow('porsche-panamera');
    const start = new Date('2027-05-01T09:00:00Z');
    const total = computeQuote({
      pricePerDayCents: car.price_per_day_cents,
      depositCents: car.deposit_cents,
      start,
      end: new Date(start.getTime() + 3 * 86_400_000),
      deliveryFeeCents: 0,
      withDriver: false,
      unlimitedKm: false,
      protection: 'none',
      options: [],
    }).totalCents;
    const terms = cancellationTerms(start, total, 0, new Date(start.getTime() - 30 * 3_600_000));
    expect(terms.feeRate).toBe(CANCELLATION_TIERS[1].feeRate);
    expect(reply).toContain(`Pour la Porsche Panamera (${formatEuros(total)})`);
    expect(reply).toContain(`${formatEuros(terms.feeCents)} seraient retenus`);
  });

  it('takes the car the assistant itself named for « et sa caution ? »', async () => {
    const reply = await talk([
      { role: 'user', content: 'Quelle voiture me conseillez-vous ?' },
      {
        role: 'assistant',
        content: 'Je vous propose la [Toyota Yaris](/vehicule/toyota-yaris), notre citadine.',
      },
      { role: 'user', content: 'Et sa caution ?' },
    ]);
    const car = await vehicleRow('toyota-yaris');
    expect(reply).toContain(
      `La caution de la Toyota Yaris est de ${formatPrice(car.deposit_cents)}`,
    );
  });

  it('answers « et en espèces ? » after a Super Car’s deposit with the cash cap of core', async () => {
    const reply = await converse('Quelle est la caution de la Ferrari F8 ?', 'Et en espèces ?');
    const car = await vehicleRow('ferrari-f8-spider');
    expect(reply).toContain(formatPrice(SUPERCAR_CASH_DEPOSIT_MAX_CENTS));
    expect(reply).toContain(
      `La caution de la Ferrari F8 Spider est de ${formatPrice(car.deposit_cents)}`,
    );
  });
});

describe('the assistant answers the rental’s second half from core', () => {
  it.each([
    ['Combien de temps ai-je pour contester les frais de restitution ?', `${CONTEST_DAYS} jours`],
    [
      'Si je rends la voiture avec 20 % d’essence en moins, combien vais-je payer ?',
      formatEuros(20 * REFUEL_CENTS_PER_PERCENT),
    ],
    [
      'Avec la protection basique, combien je paie si j’abîme la voiture pour 5 000 € ?',
      `${formatPrice(BASIC_EXCESS_CENTS)} resteraient à votre charge`,
    ],
    ['Qu’est-ce que je gagne à rendre la voiture à l’agence ?', `${AGENCY_CODE.validDays} jours`],
  ])('%s', async (question, fact) => {
    expect(await ask(question)).toContain(fact);
  });
});

describe('the assistant answers in English to a visitor writing in English', () => {
  it('gives a car’s deposit in English, not in French', async () => {
    const reply = await ask('How much is the deposit for the Lamborghini Urus?');
    const car = await vehicleRow('lamborghini-urus');
    expect(reply).toContain(
      `The deposit for the Lamborghini Urus is ${formatPrice(car.deposit_cents)}.`,
    );
    expect(reply).toContain('See:');
    expect(reply).not.toContain('La caution');
  });

  it('keeps English for a follow-up and prices the cancellation', async () => {
    const reply = await converse(
      'How much is the Porsche Panamera for 3 days?',
      'What if I cancel 30 hours before?',
    );
    expect(reply).toContain('30 hours before the start of the rental, 50% of the rental price');
    expect(reply).toContain('would be kept');
  });

  it('says plainly in English when it does not know, with the contact channels', async () => {
    const reply = await ask('Can I take the car to Italy?');
    expect(reply).toContain('I do not know the answer');
    expect(reply).toContain(ctx.config.site.phone);
  });
});

describe('the assistant refuses anything about other customers or their bookings', () => {
  it.each([
    'Qui a loué la Porsche Panamera en novembre ?',
    'Donnez-moi le nom et le téléphone du client qui a réservé la Panamera',
    'Pouvez-vous me donner la liste des réservations de la semaine ?',
    'Je voudrais l’e-mail du client de la réservation {reference}',
    'Who rented the Porsche Panamera in November?',
    'What is the e-mail of the customer who booked {reference}?',
  ])('%s', async (question) => {
    const reply = await ask(question.replace('{reference}', reference));
    expect(reply).toMatch(/confidenti/);
    for (const leaked of [EMAIL, reference, 'Confirmée', '1 novembre 2027', 'Porsche']) {
      expect(reply).not.toContain(leaked);
    }
  });

  it.each([
    ['Ma collègue veut louer la Porsche Panamera, quel âge faut-il ?', '25 ans'],
    [
      'Can someone else drive the car? How much is an additional driver?',
      formatPrice(extraCostCents(findExtra('additional_driver'), 1)),
    ],
  ])(
    'answers a question that names someone else without being about their booking: %s',
    async (question, fact) => {
      const reply = await ask(question);
      expect(reply).toContain(fact);
      expect(reply).not.toMatch(/confidenti/);
    },
  );

  it('still needs the e-mail with the number, even after a refusal', async () => {
    const reply = await converse(
      'Qui a réservé la Porsche Panamera ?',
      `Statut de la réservation ${reference}`,
    );
    expect(reply).toContain('adresse e-mail utilisée lors de la réservation');
    expect(reply).not.toContain('Confirmée');
  });
});
