import { frenchSpacing } from '@vroum/core/french-typography';
import type { SiteInfo } from '@vroum/core/site';
import type { Queryable } from '../../db/client';
import { parisDateTime } from '../../lib/french-dates';
import { writeAudit } from '../audit/audit.service';
import { noticeMail } from '../mail/mail-templates';
import { enqueueMailOnce } from '../mail/mail.service';
import { describeDevice, UNKNOWN_DEVICE } from './device-label';

/** What happened to the account's security, each told by mail and written to the audit log. */
export type SecurityEventKind =
  | 'new-device'
  | 'password-changed'
  | 'password-reset'
  | 'email-changed'
  | 'totp-enabled'
  | 'totp-disabled'
  | 'passkey-added'
  | 'passkey-removed'
  | 'backup-codes-regenerated';

/** Where the call came from, as the request or the session tells it. */
export interface EventOrigin {
  userAgent?: string | null;
  ipAddress?: string | null;
}

export interface SecurityEvent {
  userId: string;
  /** The account's address; for an e-mail change, the new one. */
  email: string;
  kind: SecurityEventKind;
  /** Names this change alone: a second report of it (a retried hook) mails and audits nothing. */
  key: string;
  origin: EventOrigin;
  at?: Date;
  /** For an e-mail change: the address it replaced, told too. */
  previousEmail?: string;
}

const FACTOR_SUBJECT = 'Second facteur modifié';

const WHAT: Record<
  Exclude<SecurityEventKind, 'email-changed'>,
  { subject: string; heading: string; said: () => string }
> = {
  'new-device': {
    subject: 'Nouvelle connexion à votre compte',
    heading: 'Nouvelle connexion depuis un appareil',
    said: () =>
      'Quelqu’un vient de se connecter à votre compte depuis un appareil qu’il n’avait encore jamais utilisé.',
  },
  'password-changed': {
    subject: 'Votre mot de passe a changé',
    heading: 'Votre mot de passe a changé',
    said: () =>
      'Le mot de passe de votre compte vient d’être changé depuis votre profil ; vos autres appareils ont été déconnectés.',
  },
  'password-reset': {
    subject: 'Votre mot de passe a changé',
    heading: 'Votre mot de passe a changé',
    said: () =>
      'Le mot de passe de votre compte vient d’être réinitialisé avec un lien « Mot de passe oublié » ; tous vos appareils ont été déconnectés.',
  },
  'totp-enabled': {
    subject: FACTOR_SUBJECT,
    heading: 'Une application d’authentification a été ajoutée',
    said: () =>
      'Une application d’authentification protège désormais votre compte comme second facteur.',
  },
  'totp-disabled': {
    subject: FACTOR_SUBJECT,
    heading: 'L’application d’authentification a été retirée',
    said: () =>
      'L’application d’authentification ne protège plus votre compte : ses codes et vos codes de secours ne fonctionnent plus.',
  },
  'passkey-added': {
    subject: FACTOR_SUBJECT,
    heading: 'Une clé d’accès a été ajoutée',
    said: () => 'Une clé d’accès (passkey) a été ajoutée à votre compte comme second facteur.',
  },
  'passkey-removed': {
    subject: FACTOR_SUBJECT,
    heading: 'Une clé d’accès a été retirée',
    said: () => 'Une clé d’accès (passkey) a été retirée de votre compte.',
  },
  'backup-codes-regenerated': {
    subject: FACTOR_SUBJECT,
    heading: 'De nouveaux codes de secours',
    said: () =>
      'De nouveaux codes de secours ont été créés pour votre compte ; les anciens ne fonctionnent plus.',
  },
};

function whenAndWhere(at: Date, device: string, ipAddress: string | null | undefined): string {
  const place = ipAddress ? ` (adresse IP ${ipAddress})` : '';
  const named = device === UNKNOWN_DEVICE ? 'un appareil inconnu' : device;
  return `C’était le ${parisDateTime(at)}, depuis ${named}${place}.`;
}

function securityMail(site: SiteInfo, brandSubject: string, heading: string, lines: string[]) {
  return noticeMail(site, {
    subject: `${brandSubject} · ${site.brandName}`,
    heading,
    paragraphs: lines.map(frenchSpacing),
    link: '/profil',
    linkLabel: 'Voir la sécurité de mon compte',
  });
}

/** The mails of an event: one to the account's address, and one to the old address of a change. */
function mailsOf(site: SiteInfo, event: SecurityEvent, at: Date, device: string) {
  const when = whenAndWhere(at, device, event.origin.ipAddress);
  const contact = `contactez-nous au ${site.phone} ou à ${site.email}`;
  const notMe = `Si ce n’est pas vous, changez votre mot de passe sans attendre depuis votre profil (ou avec « Mot de passe oublié ? » si vous ne pouvez plus vous connecter) et ${contact}.`;
  if (event.kind !== 'email-changed') {
    const what = WHAT[event.kind];
    return [
      {
        to: event.email,
        template: `security-${event.kind}`,
        ...securityMail(site, what.subject, what.heading, [what.said(), when, notMe]),
      },
    ];
  }
  const heading = 'Votre adresse e-mail a changé';
  const mails = [
    {
      to: event.email,
      template: 'email-changed',
      ...securityMail(site, 'Votre adresse e-mail a changé', heading, [
        `Votre compte utilise désormais cette adresse${event.previousEmail ? `, à la place de ${event.previousEmail}` : ''}.`,
        when,
        notMe,
      ]),
    },
  ];
  if (event.previousEmail) {
    mails.push({
      to: event.previousEmail,
      template: 'email-changed',
      ...securityMail(site, 'Votre adresse e-mail a changé', heading, [
        `Votre compte utilise désormais l’adresse ${event.email}. Cette adresse-ci ne permet plus de vous connecter.`,
        when,
        `Si vous n’êtes pas à l’origine de ce changement, ${contact} sans attendre.`,
      ]),
    });
  }
  return mails;
}

/**
 * Mails the account what happened, when (Paris time), from which device and address, and what to
 * do if it was not them, and writes the audit entry, with the caller's transaction. Keyed: an
 * event already told is neither mailed nor audited again. True when it was recorded now.
 */
export async function recordSecurityEvent(
  tx: Queryable,
  site: SiteInfo,
  event: SecurityEvent,
): Promise<boolean> {
  const at = event.at ?? new Date();
  const device = describeDevice(event.origin.userAgent);
  let queued = false;
  for (const [index, mail] of mailsOf(site, event, at, device).entries()) {
    const key = `security:${event.kind}:${event.key}${index === 0 ? '' : `:${index}`}`;
    if (await enqueueMailOnce(tx, key, mail)) queued = true;
  }
  if (!queued) return false;
  await writeAudit(tx, {
    actorUserId: event.userId,
    action: `user.${event.kind}`,
    entity: 'user',
    entityId: event.userId,
    before: event.previousEmail ? { email: event.previousEmail } : null,
    after: {
      device,
      ipAddress: event.origin.ipAddress ?? null,
      ...(event.kind === 'email-changed' ? { email: event.email } : {}),
    },
  });
  return true;
}

/** The origin of a call of the sign-in layer, from its request's headers. */
export function originOf(headers: Headers | undefined, ipAddress?: string | null): EventOrigin {
  return { userAgent: headers?.get('user-agent') ?? null, ipAddress: ipAddress ?? null };
}
