import { formatPrice } from '@vroum/core/money-format';
import { extraCostCents, findExtra } from '@vroum/core/extras';
import { findProtectionPlan } from '@vroum/core/protection';
import { findExtras, findProtection } from './builtin-entities';
import { dayCount, section, type Context, type Section } from './builtin-sections';
import type { DateRange } from './french-text';
import { categoryLink, PAGE_LINKS, RULES, TEXT, vehicleLink } from './knowledge';

// The built-in assistant's answers on the rental's rules: deposit, driver conditions, protections,
// options, kilometres, assistance at any hour.

export async function deposit(context: Context): Promise<Section> {
  if (context.vehicles.length > 0) {
    const lines = context.vehicles.map(
      (vehicle) => `La caution de la ${vehicle.name} est de ${formatPrice(vehicle.depositCents)}.`,
    );
    return section(
      `${lines.join('\n')}\nElle est prise sous forme d’empreinte bancaire sur la carte du conducteur principal : bloquée, jamais débitée, puis libérée après la restitution sans dommage.`,
      ...context.vehicles.map(vehicleLink),
    );
  }
  if (context.category) {
    const vehicles = (await context.tools.listVehicles()).filter(
      (v) => v.category === context.category,
    );
    const lines = vehicles.map((v) => `- ${v.name} : ${formatPrice(v.depositCents)}`);
    return section(
      `Cautions de la catégorie ${context.category} :\n${lines.join('\n')}\n${TEXT.deposit()}`,
      categoryLink(context.category),
    );
  }
  return section(TEXT.deposit(), PAGE_LINKS.conditions);
}

export function conditions(context: Context): Section {
  const { standard, supercar } = RULES.conditions;
  const supercars = context.vehicles.filter((vehicle) => vehicle.isSupercar);
  if (context.vehicles.length > 0 && supercars.length === context.vehicles.length) {
    return section(
      `Pour la ${supercars.map((v) => v.name).join(' ou la ')} (Super Car), le conducteur doit avoir au moins ${supercar.minAge} ans et son permis depuis au moins ${supercar.minLicenceYears} ans.`,
      PAGE_LINKS.conditions,
    );
  }
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
  return section(TEXT.assistance(context.tools.site), PAGE_LINKS.conditions);
}

const daysBetween = ({ start, end }: DateRange) =>
  Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000);

export function kilometres(context: Context): Section {
  const limited = context.vehicles.filter((vehicle) => vehicle.dailyKmLimit !== null);
  const specific = limited.map(
    (vehicle) =>
      `La ${vehicle.name} est limitée à ${vehicle.dailyKmLimit} km par jour (kilométrage illimité non proposé).`,
  );
  return section([...specific, TEXT.kilometres()].join('\n'), PAGE_LINKS.conditions);
}
