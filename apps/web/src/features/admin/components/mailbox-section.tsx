import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { formatAdminDate } from '../../../lib/format';
import { useDemoMail, useDemoMails } from '../api/admin-api';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { Empty } from './states';

/** 'Boîte mail (démo)': the outbox, shown only when the demo endpoints answer. */
export function MailboxSection() {
  const mails = useDemoMails();
  const [openId, setOpenId] = useState<string | null>(null);
  const mail = useDemoMail(openId);
  if (!mails.data) return null;
  return (
    <section
      aria-labelledby="demo-mailbox"
      className="mt-10 rounded-3xl bg-paper p-6 shadow-sm ring-1 ring-mist md:p-10"
    >
      <div className="flex items-center justify-between gap-4">
        <h2 id="demo-mailbox" className="font-display text-3xl text-ink">
          Boîte mail (démo)
        </h2>
        <Button variant="outline" size="sm" onClick={() => void mails.refetch()}>
          Actualiser
        </Button>
      </div>
      <div className="mt-6">
        {mails.data.mails.length === 0 ? (
          <Empty>Aucun e-mail envoyé.</Empty>
        ) : (
          <ul className="divide-y divide-mist" aria-label="E-mails envoyés">
            {mails.data.mails.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div>
                  <p className="font-semibold text-ink">{item.subject}</p>
                  <p className="text-sm text-stone">
                    {item.to} · {formatAdminDate(item.createdAt)}
                  </p>
                </div>
                <Button variant="ghost" size="sm" onClick={() => setOpenId(item.id)}>
                  Lire
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ModalDialog
        open={openId !== null}
        onClose={() => setOpenId(null)}
        title={mail.data?.subject ?? 'E-mail'}
      >
        {mail.data ? (
          <pre className="text-sm whitespace-pre-wrap text-graphite">{mail.data.text}</pre>
        ) : (
          <p className="text-sm text-stone">Chargement...</p>
        )}
      </ModalDialog>
    </section>
  );
}
