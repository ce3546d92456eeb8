import { missionWindow } from '@vroum/core/mission-window';
import type { SiteInfo } from '@vroum/core/site';
import { parisDay } from '../../lib/french-dates';
import { formatEuros } from '@vroum/core/money-format';

/** A rendered e-mail: subject, HTML and plain-text bodies (both French). */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The branded HTML frame shared by every mail (inline styles: mail clients ignore CSS files). */
function frame(site: SiteInfo, title: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f7f4ee;font-family:Helvetica,Arial,sans-serif;color:#0c0c0d">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#fdfcf9;border-radius:16px;overflow:hidden">
<tr><td style="background:#0c0c0d;padding:24px 32px;color:#c8a96a;font-family:Georgia,serif;font-size:24px">${escapeHtml(site.brandName)}</td></tr>
<tr><td style="padding:32px;font-size:15px;line-height:1.6">${bodyHtml}</td></tr>
<tr><td style="padding:20px 32px;background:#f7f4ee;font-size:12px;color:#6b6861">
Assistance 24h/24, 7j/7\u00a0: ${escapeHtml(site.phone)} · ${escapeHtml(site.email)}<br>${escapeHtml(site.legalName)}, ${escapeHtml(site.legalAddress)}
</td></tr></table></td></tr></table></body></html>`;
}

export function verificationCodeMail(site: SiteInfo, code: string): RenderedMail {
  const subject = `Votre code de vérification ${site.brandName}\u00a0: ${code}`;
  const html = frame(
    site,
    subject,
    `<h1 style="font-family:Georgia,serif;font-weight:normal;font-size:26px;margin:0 0 16px">Vérifiez votre adresse e-mail</h1>
<p>Bienvenue\u00a0! Pour activer votre compte, saisissez ce code sur le site\u00a0:</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:bold;background:#f7f4ee;border-radius:12px;padding:16px;text-align:center">${escapeHtml(code)}</p>
<p>Ce code est valable 10 minutes. Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.</p>`,
  );
  const text = [
    'Vérifiez votre adresse e-mail',
    '',
    'Bienvenue\u00a0! Pour activer votre compte, saisissez ce code sur le site\u00a0:',
    '',
    `    ${code}`,
    '',
    'Ce code est valable 10 minutes. Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.',
    '',
    `${site.brandName} · ${site.phone} · ${site.email}`,
  ].join('\n');
  return { subject, html, text };
}

export function welcomeMail(site: SiteInfo, firstName: string): RenderedMail {
  const greeting = firstName ? `Bonjour ${firstName},` : 'Bonjour,';
  const subject = `Bienvenue chez ${site.brandName}`;
  const steps = [
    'Complétez votre profil (coordonnées, date de naissance).',
    'Déposez votre pièce d’identité, votre permis de conduire et un justificatif de domicile dans l’onglet Documents.',
    'Choisissez votre véhicule\u00a0: nous le livrons à l’adresse de votre choix.',
  ];
  const html = frame(
    site,
    subject,
    `<h1 style="font-family:Georgia,serif;font-weight:normal;font-size:26px;margin:0 0 16px">Votre compte est actif</h1>
<p>${escapeHtml(greeting)}</p>
<p>Votre adresse e-mail est vérifiée. Voici les prochaines étapes pour que votre première location soit parfaite\u00a0:</p>
<ol>${steps.map((step) => `<li>${escapeHtml(step)}</li>`).join('')}</ol>
<p><a href="${escapeHtml(site.publicUrl)}/profil" style="display:inline-block;background:#0c0c0d;color:#fdfcf9;text-decoration:none;padding:12px 24px;border-radius:999px">Accéder à mon profil</a></p>`,
  );
  const text = [
    greeting,
    '',
    'Votre adresse e-mail est vérifiée. Voici les prochaines étapes\u00a0:',
    ...steps.map((step, index) => `${index + 1}. ${step}`),
    '',
    `Votre profil\u00a0: ${site.publicUrl}/profil`,
    '',
    `${site.brandName} · ${site.phone} · ${site.email}`,
  ].join('\n');
  return { subject, html, text };
}

export interface BookingMailFacts {
  reference: string;
  vehicleName: string;
  pickupDate: Date;
  returnDate: Date;
  deliveryAddress: string;
  totalCents: number;
  depositCents: number;
  bookingId: string;
}

const euros = formatEuros;
// Built once: a formatter costs far more to make than to use, and each confirmation uses it.
const timeFormat = new Intl.DateTimeFormat('fr-FR', {
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
});
export const time = (date: Date) => timeFormat.format(date);
const day = (date: Date) => parisDay(date);
/** The agent's arrival window, e.g. 'samedi 5 décembre 2026, entre 09:30 et 10:30'. */
const arrivalWindow = (at: Date) => {
  const { start, end } = missionWindow(at);
  return `${day(start)}, entre ${time(start)} et ${time(end)}`;
};

/** Where the paid rental's invoice is: mailed once issued, downloadable from the booking. */
const INVOICE_NOTE =
  'Votre facture vous est envoyée dès son émission, dans les minutes qui suivent\u00a0; elle reste téléchargeable sur la page de votre réservation\u00a0:';

export function bookingConfirmedMail(site: SiteInfo, facts: BookingMailFacts): RenderedMail {
  const subject = `Réservation ${facts.reference} confirmée\u00a0: ${facts.vehicleName}`;
  const link = `${site.publicUrl}/reservation/${facts.bookingId}`;
  const details = [
    ['Référence', facts.reference],
    ['Véhicule', facts.vehicleName],
    ['Livraison', `${arrivalWindow(facts.pickupDate)}, ${facts.deliveryAddress}`],
    ['Restitution', arrivalWindow(facts.returnDate)],
    ['Montant payé', euros(facts.totalCents)],
    ['Caution (empreinte bancaire, non débitée)', euros(facts.depositCents)],
  ];
  const next = [
    'Faites vérifier votre identité depuis votre réservation\u00a0: pièce d’identité, permis (recto et verso) et un selfie.',
    'Lisez et signez en ligne votre contrat de location prérempli, avec un code reçu par e-mail.',
    'La caution est prise en empreinte bancaire peu avant la livraison, puis libérée après la restitution.',
  ];
  const html = frame(
    site,
    subject,
    `<h1 style="font-family:Georgia,serif;font-weight:normal;font-size:26px;margin:0 0 16px">Votre réservation est confirmée</h1>
<table role="presentation" cellpadding="6" style="font-size:14px;border-collapse:collapse">${details
      .map(
        ([label, value]) =>
          `<tr><td style="color:#6b6861">${escapeHtml(label ?? '')}</td><td><strong>${escapeHtml(value ?? '')}</strong></td></tr>`,
      )
      .join('')}</table>
<h2 style="font-family:Georgia,serif;font-weight:normal;font-size:20px;margin:24px 0 8px">Prochaines étapes</h2>
<ol>${next.map((step) => `<li>${escapeHtml(step)}</li>`).join('')}</ol>
<p>${escapeHtml(INVOICE_NOTE)} <a href="${escapeHtml(link)}#factures">Mes factures</a></p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#0c0c0d;color:#fdfcf9;text-decoration:none;padding:12px 24px;border-radius:999px">Voir ma réservation</a></p>`,
  );
  const text = [
    'Votre réservation est confirmée',
    '',
    ...details.map(([label, value]) => `${label}\u00a0: ${value}`),
    '',
    'Prochaines étapes\u00a0:',
    ...next.map((step, index) => `${index + 1}. ${step}`),
    '',
    `${INVOICE_NOTE} ${link}#factures`,
    '',
    `Votre réservation\u00a0: ${link}`,
    '',
    `${site.brandName} · ${site.phone} · ${site.email}`,
  ].join('\n');
  return { subject, html, text };
}

/** A short service notice: a heading, a few paragraphs and one button to the page concerned. */
export function noticeMail(
  site: SiteInfo,
  notice: {
    subject: string;
    heading: string;
    paragraphs: string[];
    link: string;
    linkLabel: string;
  },
): RenderedMail {
  const url = notice.link.startsWith('http') ? notice.link : `${site.publicUrl}${notice.link}`;
  const html = frame(
    site,
    notice.subject,
    `<h1 style="font-family:Georgia,serif;font-weight:normal;font-size:26px;margin:0 0 16px">${escapeHtml(notice.heading)}</h1>
${notice.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#0c0c0d;color:#fdfcf9;text-decoration:none;padding:12px 24px;border-radius:999px">${escapeHtml(notice.linkLabel)}</a></p>`,
  );
  const text = [
    notice.heading,
    '',
    ...notice.paragraphs.flatMap((p) => [p, '']),
    `${notice.linkLabel}\u00a0: ${url}`,
    '',
    `${site.brandName} · ${site.phone} · ${site.email}`,
  ].join('\n');
  return { subject: notice.subject, html, text };
}

const heading = (title: string) =>
  `<h1 style="font-family:Georgia,serif;font-weight:normal;font-size:26px;margin:0 0 16px">${escapeHtml(title)}</h1>`;
const button = (href: string, label: string) =>
  `<p><a href="${escapeHtml(href)}" style="display:inline-block;background:#0c0c0d;color:#fdfcf9;text-decoration:none;padding:12px 24px;border-radius:999px">${escapeHtml(label)}</a></p>`;

/** The link that lets the customer choose a new password (single use, 30 minutes). */
export function passwordResetMail(site: SiteInfo, link: string): RenderedMail {
  const subject = `Réinitialisation de votre mot de passe ${site.brandName}`;
  const lines = [
    'Vous avez demandé à réinitialiser le mot de passe de votre compte.',
    'Ce lien est valable 30 minutes et ne sert qu’une fois. Choisir un nouveau mot de passe déconnecte vos autres appareils.',
    'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message\u00a0: votre mot de passe ne change pas.',
  ];
  const html = frame(
    site,
    subject,
    `${heading('Choisissez un nouveau mot de passe')}<p>${escapeHtml(lines[0]!)}</p>
${button(link, 'Choisir un nouveau mot de passe')}
<p style="font-size:13px;color:#6b6861;word-break:break-all">${escapeHtml(link)}</p>
<p>${escapeHtml(lines[1]!)}</p><p>${escapeHtml(lines[2]!)}</p>`,
  );
  const text = [
    'Choisissez un nouveau mot de passe',
    '',
    lines[0],
    '',
    link,
    '',
    lines[1],
    lines[2],
    '',
    `${site.brandName} · ${site.phone} · ${site.email}`,
  ].join('\n');
  return { subject, html, text };
}

/** The 6-digit code sent to the new address of an e-mail change. */
export function emailChangeCodeMail(site: SiteInfo, code: string): RenderedMail {
  const subject = `Confirmez votre nouvelle adresse e-mail ${site.brandName}\u00a0: ${code}`;
  const intro =
    'Pour utiliser cette adresse sur votre compte, saisissez ce code sur le site\u00a0:';
  const outro =
    'Ce code est valable 10 minutes. Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.';
  const html = frame(
    site,
    subject,
    `${heading('Confirmez votre nouvelle adresse')}<p>${escapeHtml(intro)}</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:bold;background:#f7f4ee;border-radius:12px;padding:16px;text-align:center">${escapeHtml(code)}</p>
<p>${escapeHtml(outro)}</p>`,
  );
  const text = [
    'Confirmez votre nouvelle adresse',
    '',
    intro,
    '',
    `    ${code}`,
    '',
    outro,
    '',
    `${site.brandName} · ${site.phone} · ${site.email}`,
  ].join('\n');
  return { subject, html, text };
}
