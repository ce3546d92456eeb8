import { formatPrice } from '@vroum/core/money-format';
import { extraCostCents, findExtra } from '@vroum/core/extras';
import { findProtectionPlan } from '@vroum/core/protection';
import { findExtras, findProtection } from './builtin-entities';
import { dayCount, section, type Context, type Section } from './builtin-sections';
import type { DateRange } from './french-text';
import { say } from './builtin-language';
import { categoryLink, PAGE_LINKS, RULES, TEXT, vehicleLink } from './knowledge';
import { TEXT_EN } from './knowledge-en';

// The built-in assistant's answers on the rental's rules: deposit, driver conditions, protections,
// options, kilometres, assistance at any hour.

export async function deposit(context: Context): Promise<Section> {
  const { lang } = context;
  const all = await context.tools.listVehicles();
  if (context.vehicles.length > 0) {
    const lines = context.vehicles.map((vehicle) =>
      say(
        lang,
        `La caution de la ${vehicle.name} est de ${formatPrice(vehicle.depositCents)}.`,
        `The deposit for the ${vehicle.name} is ${formatPrice(vehicle.depositCents)}.`,
      ),
    );
    const how = say(
      lang,
      'Elle est prise sous forme d’empreinte bancaire sur la carte du conducteur principal : bloquée, jamais débitée, puis libérée après la restitution sans dommage.',
      'It is taken as a hold on the main driver’s credit card: blocked, never debited, and released after the car is returned without damage.',
    );
    return section(`${lines.join('\n')}\n${how}`, ...context.vehicles.map(vehicleLink));
  }
  if (lang === 'en') return section(TEXT_EN.deposit(all), PAGE_LINKS.conditions);
  if (context.category) {
    const vehicles = all.filter((v) => v.category === context.category);
    const lines = vehicles.map((v) => `- ${v.name} : ${formatPrice(v.depositCents)}`);
    return section(
      `Cautions de la catégorie ${context.category} :\n${lines.join('\n')}\n${TEXT.deposit(all)}`,
      categoryLink(context.category),
    );
  }
  return section(TEXT.deposit(all), PAGE_LINKS.conditions);
}

export function conditions(context: Context): Section {
  const { standard, supercar } = RULES.conditions;
  const supercars = context.vehicles.filter((vehicle) => vehicle.isSupercar);
  if (context.vehicles.length > 0 && supercars.length === context.vehicles.length) {
    const names = supercars.map((v) => v.name);
    return section(
      say(
        context.lang,
        `Pour la ${names.join(' ou la ')} (Super Car), le conducteur doit avoir au moins ${supercar.minAge} ans et son permis depuis au moins ${supercar.minLicenceYears} ans.`,
        `For the ${names.join(' or the ')} (Super Car), the driver must be at least ${supercar.minAge} and have held a licence for at least ${supercar.minLicenceYears} years.`,
      ),
      PAGE_LINKS.conditions,
    );
  }
  if (context.lang === 'en') return section(TEXT_EN.conditions(), PAGE_LINKS.conditions);
  if (context.vehicles.length > 0 || context.category) {
    const isSuper = context.category === 'Super Cars';
    const rule = isSuper ? supercar : standard;
    const subject = isSuper
      ? 'les Super Cars'
      : context.vehicles.length > 0
        ? `la ${context.vehicles.map((v) => v.name).join(' ou la ')}`
        : `la catégorie ${context.category}`;
    return section(
      `Pour ${subject}, le conducteur doit avoir au moins ${rule.minAge} ans et son permis depuis au moins ${rule.minLicenceYears} ans.` +
        (isSuper
          ? ''
          : ` (${supercar.minAge} ans et ${supercar.minLicenceYears} ans de permis pour les Super Cars.)`),
      PAGE_LINKS.conditions,
    );
  }
  return section(TEXT.conditions(), PAGE_LINKS.conditions);
}

export function protection(context: Context): Section {
  if (context.lang === 'en') return section(TEXT_EN.protections(), PAGE_LINKS.conditions);
  const chosen = findProtection(context.current.text);
  if (chosen && chosen !== 'none') {
    const plan = findProtectionPlan(chosen);
    return section(
      `${plan.name} : ${formatPrice(plan.pricePerDayCents)} par jour, ${plan.excess.toLowerCase()}.\n${plan.features.map((f) => `- ${f}`).join('\n')}`,
      PAGE_LINKS.conditions,
    );
  }
  return section(TEXT.protections(), PAGE_LINKS.conditions);
}

/**
 * The options the visitor names by their own words ('pneus et vitrages', 'protection intérieure'),
 * with their price for the number of days stated (the checkout's rule), or the list of options.
 */
export function extras(context: Context): Section {
  const ids = findExtras(context.current.text);
  if (context.lang === 'en' && ids.length === 0) {
    return section(TEXT_EN.extras(), PAGE_LINKS.conditions);
  }
  if (ids.length === 0) return section(TEXT.extras(), PAGE_LINKS.conditions);
  const days = context.duration ?? (context.dates ? daysBetween(context.dates) : null);
  const lines = ids.map((id) => {
    const extra = findExtra(id);
    const price = 'pricePerDayCents' in extra ? extra.pricePerDayCents : extra.priceOneTimeCents;
    const forDays =
      days && 'pricePerDayCents' in extra
        ? `, soit ${formatPrice(extraCostCents(extra, days))} pour ${dayCount(days)}`
        : '';
    return `${extra.name} : ${formatPrice(price)} ${extra.unit}${forDays}. ${extra.description}`;
  });
  if (ids.includes('tyre_glass_protection')) {
    const complete = findProtectionPlan('complete');
    lines.push(
      `La ${complete.name} (${formatPrice(complete.pricePerDayCents)} par jour) inclut déjà le bris de glace, les pneus et les jantes.`,
    );
  }
  return section(
    `${lines.join('\n')}\nLes options s’ajoutent lors de la réservation, après le choix de la protection.`,
    PAGE_LINKS.conditions,
  );
}

/** Help at any hour: the team and the breakdown service answer day and night. */
export function assistance(context: Context): Section {
  const { site } = context.tools;
  return section(
    say(context.lang, TEXT.assistance(site), TEXT_EN.assistance(site)),
    PAGE_LINKS.conditions,
  );
}

const daysBetween = ({ start, end }: DateRange) =>
  Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000);

export async function kilometres(context: Context): Promise<Section> {
  const { lang } = context;
  const limited = context.vehicles.filter((vehicle) => vehicle.dailyKmLimit !== null);
  const specific = limited.map((vehicle) =>
    say(
      lang,
      `La ${vehicle.name} est limitée à ${vehicle.dailyKmLimit} km par jour (kilométrage illimité non proposé).`,
      `The ${vehicle.name} is limited to ${vehicle.dailyKmLimit} km a day (unlimited kilometres not offered).`,
    ),
  );
  const all = await context.tools.listVehicles();
  const rule = say(lang, TEXT.kilometres(all), TEXT_EN.kilometres(all));
  return section([...specific, rule].join('\n'), PAGE_LINKS.conditions);
}
