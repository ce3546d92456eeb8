import type { FastifyBaseLogger } from 'fastify';
import { frenchSpacing } from '@vroum/core/french-typography';
import type { SiteInfo } from '@vroum/core/site';
import type { Database } from '../../db/client';
import { AppError, conflict } from '../../lib/app-error';
import type { IdentityProvider } from '../../providers/identity/identity-provider';
import type { ObjectStorage } from '../../providers/storage/object-storage';
import { writeAudit } from '../audit/audit.service';
import { noticeMail } from '../mail/mail-templates';
import { enqueueMail } from '../mail/mail.service';
import {
  countKeptRecords,
  eraseAccount,
  findDeletionBlocker,
  findProviderChecks,
  lockAccount,
  type DeletionBlocker,
} from './account-deletion.repository';

export interface AccountDeletionDeps {
  db: Database;
  storage: ObjectStorage;
  identity: IdentityProvider;
  site: SiteInfo;
  log: Pick<FastifyBaseLogger, 'error'>;
}

const REFUSALS: Record<DeletionBlocker, string> = {
  rental_under_way:
    'Votre compte ne peut pas être supprimé tant qu’une location est à venir ou en cours. Vous pourrez le faire une fois le véhicule restitué, ou après avoir annulé la réservation.',
  balance_due:
    'Votre compte ne peut pas être supprimé tant qu’un solde reste à régler sur une location. Réglez-le depuis la page de la réservation, puis revenez ici.',
  case_open:
    'Votre compte ne peut pas être supprimé tant qu’une contestation ou un dommage est en cours d’examen. Nous vous répondrons par e-mail ; vous pourrez ensuite supprimer votre compte.',
};

/**
 * Deletes the customer's account in one transaction, once nothing is under way (a rental to
 * come or in progress, a balance owed, a dispute or a damage claim open): what the law does not
 * oblige the company to keep is erased, the rest (bookings, contracts, invoices and credit
 * notes, inspection reports) stays for its legal period, detached from the login, never
 * rewritten. The login and its sessions are gone and the address is free. An audit entry and
 * the customer's confirmation mail commit with it; the identity files are removed once it has
 * committed (and the identity provider's copy redacted): a file that cannot be removed then is
 * logged with its key, since no row names it any more.
 */
export async function deleteAccount(deps: AccountDeletionDeps, userId: string): Promise<void> {
  const outcome = await deps.db.transaction(async (tx) => {
    const account = await lockAccount(tx, userId);
    if (!account) throw new AppError('unauthenticated', 'Vous devez être connecté.', 401);
    if (account.staff) {
      throw conflict(
        'Un compte de l’équipe ne se supprime pas ici : demandez-le à un administrateur.',
        'staff_account',
      );
    }
    const blocker = await findDeletionBlocker(tx, userId);
    if (blocker) throw conflict(REFUSALS[blocker], blocker);
    const kept = await countKeptRecords(tx, userId);
    const providerChecks = await findProviderChecks(tx, userId);
    const identityFiles = await eraseAccount(tx, userId, account.email);
    // The entry names the account by its id only: the address is what was erased.
    await writeAudit(tx, {
      actorUserId: null,
      action: 'user.delete',
      entity: 'user',
      entityId: userId,
      before: null,
      after: { by: 'self', kept, identityFilesDeleted: identityFiles.length },
    });
    await enqueueMail(tx, {
      to: account.email,
      template: 'account-deleted',
      ...noticeMail(deps.site, {
        subject: `Votre compte ${deps.site.brandName} est supprimé`,
        heading: 'Votre compte est supprimé',
        paragraphs: [
          'Comme vous l’avez demandé, votre compte a été supprimé : vous ne pouvez plus vous connecter avec cette adresse, et vos justificatifs, votre profil, vos favoris et vos notifications ont été effacés.',
          'La loi nous oblige à conserver vos factures, vos avoirs, vos contrats de location et les procès-verbaux de livraison et de restitution pendant 10 ans. Ils ne sont plus liés à aucun compte et ne servent qu’à nos obligations comptables et légales.',
          `Si vous n’êtes pas à l’origine de cette suppression, contactez-nous sans attendre au ${deps.site.phone} ou à ${deps.site.email}.`,
        ].map(frenchSpacing),
        link: '/politique-confidentialite',
        linkLabel: 'Notre politique de confidentialité',
      }),
    });
    return { identityFiles, providerChecks };
  });

  for (const key of outcome.identityFiles) {
    await deps.storage.delete(key).catch((error: unknown) => {
      deps.log.error({ err: error, storageKey: key }, 'identity file of a deleted account kept');
    });
  }
  if (deps.identity.kind === 'hosted') {
    for (const check of outcome.providerChecks.filter((c) => c.provider === 'stripe')) {
      await deps.identity.redactSession(check.provider_ref).catch((error: unknown) => {
        deps.log.error({ err: error }, 'identity check of a deleted account not redacted');
      });
    }
  }
}
