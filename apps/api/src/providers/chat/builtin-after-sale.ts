import { cancellationTerms } from '@vroum/core/cancellation';
import { SUPERCAR_CASH_DEPOSIT_MAX_CENTS } from '@vroum/core/cash-deposit';
import { chargeableDamageCents, PLAN_EXCESS } from '@vroum/core/damage-excess';
import { formatEuros, formatPrice } from '@vroum/core/money-format';
import { findProtectionPlan } from '@vroum/core/protection';
import { computeReturnCharges } from '@vroum/core/return-charges';
import type { Vehicle } from '@vroum/core/vehicle';
import { findExtras, findProtection } from './builtin-entities';
import { say } from './builtin-language';
import { section, type Context, type Section } from './builtin-sections';
import { hasAny } from './french-text';
import { AFTER_SALE } from './knowledge-after-sale';
import { PAGE_LINKS, vehicleLink } from './knowledge';

// The built-in assistant's answers on the rental's second half: cancellation at a given notice,
// the return's charges with the customer's own figures, damage within the plan's excess, the
// agency return, the contest period, the identity check, the contract, the cash deposit.

const HOUR_MS = 3_600_000;
const NOTICE_UNITS = '(h|heures?|hours?|hrs?|jours?|days?|semaines?|weeks?)';

/** The notice a cancellation is asked at: '30 h avant', '3 jours avant', '12 hours before'. */
export function findNoticeHours(text: string): number | null {
  const match = new RegExp(
    ` (\\d{1,3}|un|une|deux|trois|one|two|three) ?${NOTICE_UNITS} (avant|before|prior)`,
  ).exec(text);
  if (match) {
    const words: Record<string, number> = {
      un: 1,
      une: 1,
      one: 1,
      deux: 2,
      two: 2,
      trois: 3,
      three: 3,
    };
    const count = words[match[1]!] ?? Number(match[1]);
    const unit = match[2]!;
    if (/^(s|w)/.test(unit)) return count * 24 * 7;
    if (/^(j|d)/.test(unit)) return count * 24;
    return count;
  }
  if (hasAny(text, ['le jour meme', 'le matin meme', 'same day', 'on the day'])) return 2;
  return null;
}

/** The rental's price as the conversation stated it, for a fee in euros. */
async function conversationTotal(
  context: Context,
): Promise<{ vehicle: Vehicle; cents: number } | null> {
  const vehicle = context.vehicles.length === 1 ? context.vehicles[0]! : null;
  const days =
    context.duration ??
    (context.dates
      ? Math.round((Date.parse(context.dates.end) - Date.parse(context.dates.start)) / 86_400_000)
      : null);
  if (!vehicle || !days) return null;
  const result = await context.tools.quoteDuration({
    vehicle: vehicle.slug,
    days,
    protection: findProtection(context.conversationText) ?? undefined,
    options: findExtras(context.conversationText),
  });
  return 'error' in result ? null : { vehicle, cents: result.quote.totalCents };
}

export async function cancellation(context: Context): Promise<Section> {
  const { lang } = context;
  const notice = findNoticeHours(context.current.text);
  if (notice === null) return section(AFTER_SALE.cancellation(lang), PAGE_LINKS.conditions);
  // The tiers of core, asked at that notice before a start.
  const start = new Date(Date.UTC(2030, 0, 10, 9));
  const at = new Date(start.getTime() - notice * HOUR_MS);
  const total = await conversationTotal(context);
  const terms = cancellationTerms(start, total?.cents ?? 100_00, 0, at);
  const lines = [AFTER_SALE.cancellationAt(lang, notice, terms.feeRate)];
  if (total && terms.feeRate > 0) {
    const fee = cancellationTerms(start, total.cents, 0, at);
    lines.push(
      say(
        lang,
        `Pour la ${total.vehicle.name} (${formatEuros(total.cents)}), ${formatEuros(fee.feeCents)} seraient retenus et ${formatEuros(fee.refundCents)} remboursés.`,
        `For the ${total.vehicle.name} (${formatEuros(total.cents)}), ${formatEuros(fee.feeCents)} would be kept and ${formatEuros(fee.refundCents)} refunded.`,
      ),
    );
  }
  lines.push(AFTER_SALE.cancellation(lang));
  return section(lines.join('\n'), PAGE_LINKS.conditions);
}

/** '1 300 km', '1300km': the kilometres the customer says they drove. */
function findDrivenKm(text: string): number | null {
  const match = / (\d{1,3}(?: \d{3})+|\d+) ?km /.exec(text);
  return match ? Number(match[1]!.replaceAll(' ', '')) : null;
}

/** '20 %', 'un quart', 'à moitié': the share of the tank missing. */
function findMissingFuelPercent(original: string, text: string): number | null {
  const match = /(\d{1,3})\s?(%|pour ?cent|percent)/i.exec(
    original.replace(/[\u00a0\u202f]/g, ' '),
  );
  if (match) return Math.min(100, Number(match[1]));
  if (hasAny(text, ['un quart', 'quarter'])) return 25;
  if (hasAny(text, ['moitie', 'half'])) return 50;
  return null;
}

/** '5 000 €', '800 euros': the damage assessed. */
function findAmountCents(original: string): number | null {
  const spaced = ` ${original.replace(/[\u00a0\u202f]/g, ' ')} `;
  const match =
    /(\d{1,3}(?:[ .,]\d{3})+|\d+) ?(eur\b|euros?\b|€)/i.exec(spaced) ??
    /€ ?(\d{1,3}(?:[ .,]\d{3})+|\d+)/.exec(spaced);
  return match ? Number(match[1]!.replace(/[ .,]/g, '')) * 100 : null;
}

export function fuel(context: Context): Section {
  const { lang } = context;
  const missing = findMissingFuelPercent(context.current.original, context.current.text);
  if (missing === null) return section(AFTER_SALE.fuel(lang), PAGE_LINKS.conditions);
  const charges = computeReturnCharges({
    ...NOTHING_DRIVEN,
    handoverFuelPercent: 100,
    returnFuelPercent: 100 - missing,
  });
  return section(
    say(
      lang,
      `Avec ${missing} % de carburant en moins qu’à la livraison, ${formatEuros(charges.fuelCents)} vous seraient facturés.`,
      `With ${missing}% less fuel than at delivery, you would be charged ${formatEuros(charges.fuelCents)}.`,
    ) +
      '\n' +
      AFTER_SALE.fuel(lang),
    PAGE_LINKS.conditions,
  );
}

const NOTHING_DRIVEN = {
  handoverKm: 0,
  returnKm: 0,
  handoverFuelPercent: 0,
  returnFuelPercent: 0,
  days: 1,
  unlimitedKm: false,
  dailyKmLimit: null,
  damageCents: 0,
};

/** The extra kilometres for the distance the customer names, on the car and days of the talk. */
export function extraKilometres(context: Context): Section | null {
  const { lang } = context;
  const driven = findDrivenKm(context.current.text);
  if (
    driven === null ||
    !hasAny(context.current.text, [
      'fait',
      'parcouru',
      'roule',
      'drive',
      'drove',
      'driven',
      'si je',
    ])
  ) {
    return null;
  }
  const vehicle = context.vehicles.length === 1 ? context.vehicles[0]! : null;
  const days = context.duration ?? 1;
  const charges = computeReturnCharges({
    ...NOTHING_DRIVEN,
    returnKm: driven,
    days,
    dailyKmLimit: vehicle?.dailyKmLimit ?? null,
  });
  const subject = vehicle ? say(lang, ` avec la ${vehicle.name}`, ` with the ${vehicle.name}`) : '';
  return section(
    say(
      lang,
      `Pour ${driven} km${subject} sur ${days} jour${days > 1 ? 's' : ''} : ${charges.allowanceKm} km inclus, ${charges.extraKm} km en plus, soit ${formatEuros(charges.extraKmCents)}.`,
      `For ${driven} km${subject} over ${days} day${days > 1 ? 's' : ''}: ${charges.allowanceKm} km included, ${charges.extraKm} km extra, that is ${formatEuros(charges.extraKmCents)}.`,
    ),
    ...(vehicle ? [vehicleLink(vehicle)] : []),
    PAGE_LINKS.conditions,
  );
}

/** Damage at the return: what the plan of the talk leaves to the customer, for an amount named. */
export function damage(context: Context): Section {
  const { lang } = context;
  const plan = findProtection(context.conversationText);
  const amount = findAmountCents(context.current.original);
  const lines: string[] = [];
  if (plan) {
    const name = findProtectionPlan(plan).name;
    const excess = PLAN_EXCESS[plan];
    if (amount !== null) {
      const due = chargeableDamageCents(plan, amount, null);
      lines.push(
        say(
          lang,
          `Avec la ${name}, pour un dommage estimé à ${formatPrice(amount)}, ${formatPrice(due)} resteraient à votre charge.`,
          `With the ${name}, for damage assessed at ${formatPrice(amount)}, you would bear ${formatPrice(due)}.`,
        ),
      );
    } else if (excess.kind === 'none') {
      lines.push(
        say(
          lang,
          `Avec la ${name}, aucun dommage ne reste à votre charge (sans franchise).`,
          `With the ${name}, you bear no damage (no excess).`,
        ),
      );
    } else if (excess.kind === 'fixed') {
      lines.push(
        say(
          lang,
          `Avec la ${name}, au plus ${formatPrice(excess.cents)} restent à votre charge.`,
          `With the ${name}, you bear at most ${formatPrice(excess.cents)}.`,
        ),
      );
    }
  }
  lines.push(AFTER_SALE.damage(lang));
  return section(lines.join('\n'), PAGE_LINKS.conditions);
}

/** Cash for the deposit: the Super Cars' rule, with the car of the talk when it names one. */
export function cashDeposit(context: Context): Section {
  const { lang } = context;
  const lines = [AFTER_SALE.cashDeposit(lang)];
  for (const vehicle of context.vehicles.slice(0, 3)) {
    if (!vehicle.isSupercar) {
      lines.push(
        say(
          lang,
          `La ${vehicle.name} n’est pas une Super Car : sa caution de ${formatPrice(vehicle.depositCents)} est une empreinte sur la carte.`,
          `The ${vehicle.name} is not a Super Car: its ${formatPrice(vehicle.depositCents)} deposit is a card hold.`,
        ),
      );
    } else if (vehicle.depositCents > SUPERCAR_CASH_DEPOSIT_MAX_CENTS) {
      lines.push(
        say(
          lang,
          `La caution de la ${vehicle.name} est de ${formatPrice(vehicle.depositCents)} : ${formatPrice(SUPERCAR_CASH_DEPOSIT_MAX_CENTS)} au plus en espèces ; pour le reste, contactez-nous.`,
          `The ${vehicle.name}’s deposit is ${formatPrice(vehicle.depositCents)}: at most ${formatPrice(SUPERCAR_CASH_DEPOSIT_MAX_CENTS)} in cash; for the rest, contact us.`,
        ),
      );
    } else {
      lines.push(
        say(
          lang,
          `La caution de la ${vehicle.name} (${formatPrice(vehicle.depositCents)}) peut donc être versée en espèces.`,
          `The ${vehicle.name}’s deposit (${formatPrice(vehicle.depositCents)}) can therefore be paid in cash.`,
        ),
      );
    }
  }
  return section(
    lines.join('\n'),
    ...context.vehicles.slice(0, 3).map(vehicleLink),
    PAGE_LINKS.conditions,
  );
}

/** How identity and the contract work: the one asked about, or both. */
export function rentalSteps(context: Context): Section {
  const { text } = context.current;
  const contract = hasAny(text, [
    'contrat',
    'signature',
    'sign*',
    'contract',
    'code a usage unique',
  ]);
  const identity = hasAny(text, [
    'identite',
    'selfie',
    'identity',
    'verif*',
    'id check',
    'documents',
  ]);
  const parts = [];
  if (identity || !contract) parts.push(AFTER_SALE.identity(context.lang));
  if (contract || !identity) parts.push(AFTER_SALE.contract(context.lang));
  return section(parts.join('\n'), PAGE_LINKS.howItWorks, PAGE_LINKS.conditions);
}

export const returnCharges = (context: Context) =>
  section(AFTER_SALE.returnCharges(context.lang), PAGE_LINKS.conditions);
export const contest = (context: Context) =>
  section(AFTER_SALE.contest(context.lang), PAGE_LINKS.bookingLookup, PAGE_LINKS.conditions);
export const agencyReturn = (context: Context) =>
  section(AFTER_SALE.agency(context.lang, context.tools.site), PAGE_LINKS.conditions);
export const privacy = (context: Context) =>
  section(AFTER_SALE.privacy(context.lang), PAGE_LINKS.bookingLookup);
