import { ACCOUNTS, vatByRate } from '@vroum/core/invoicing';
import type { DocumentRow, PaymentRow } from './invoicing-read.repository';

/** One line of an accounting entry, debit or credit in cents (the other one 0). */
export interface EntryLine {
  journal: 'VE' | 'BQ';
  entry: string;
  date: Date;
  account: string;
  accountLabel: string;
  auxAccount: string;
  auxLabel: string;
  piece: string;
  label: string;
  /** 'Facture', 'Avoir', 'Encaissement', 'Remboursement'. */
  type: string;
  bookingReference: string;
  /** Basis points; null outside the scope of VAT or for a payment. */
  vatRateBp: number | null;
  debitCents: number;
  creditCents: number;
}

export const JOURNALS = { VE: 'Ventes', BQ: 'Banque' } as const;

/** A customer's own account under 411: the user, or the booking for a guest. */
const auxOf = (userId: string | null, reference: string) =>
  userId ? `C${userId.replace(/-/g, '').slice(0, 10).toUpperCase()}` : `R${reference}`;

/**
 * The sales journal's entry of a document: the customer (411) for what they pay including VAT,
 * the services (706) or damage compensation (758) excluding VAT per rate, and the VAT collected
 * (44571) per rate. A credit note is the same entry reversed. Every entry balances.
 */
export function salesEntry(doc: DocumentRow): EntryLine[] {
  const invoice = doc.kind === 'invoice';
  const type = invoice ? 'Facture' : 'Avoir';
  const base = {
    journal: 'VE' as const,
    entry: doc.number,
    date: doc.issued_at,
    auxAccount: '',
    auxLabel: '',
    piece: doc.number,
    label: `${type} ${doc.number} — ${doc.customer.name} — ${doc.booking_reference}`,
    type,
    bookingReference: doc.booking_reference,
  };
  const side = (cents: number, customerSide: boolean) =>
    customerSide === invoice
      ? { debitCents: cents, creditCents: 0 }
      : { debitCents: 0, creditCents: cents };
  const lines: EntryLine[] = [
    {
      ...base,
      account: ACCOUNTS.customers.number,
      accountLabel: ACCOUNTS.customers.label,
      auxAccount: auxOf(doc.user_id, doc.booking_reference),
      auxLabel: doc.customer.name,
      vatRateBp: null,
      ...side(doc.total_ttc_cents, true),
    },
  ];
  for (const group of vatByRate(doc.lines)) {
    const account = group.rateBp === null ? ACCOUNTS.damages : ACCOUNTS.services;
    lines.push({
      ...base,
      account: account.number,
      accountLabel: account.label,
      vatRateBp: group.rateBp,
      ...side(group.htCents, false),
    });
    if (group.rateBp !== null && group.vatCents !== 0) {
      lines.push({
        ...base,
        account: ACCOUNTS.vat.number,
        accountLabel: ACCOUNTS.vat.label,
        vatRateBp: group.rateBp,
        ...side(group.vatCents, false),
      });
    }
  }
  return lines;
}

/**
 * The bank journal's entry of a payment: money received by card, transfer or cash debits the
 * bank (512) and credits the customer (411); a refund the reverse.
 */
export function bankEntry(payment: PaymentRow, direction: 'in' | 'out'): EntryLine[] {
  const type = direction === 'in' ? 'Encaissement' : 'Remboursement';
  const base = {
    journal: 'BQ' as const,
    entry: `BQ-${payment.id}`,
    date: payment.moved_at,
    piece: payment.document_number ?? payment.provider_ref ?? `MVT-${payment.id}`,
    label: `${type} ${payment.booking_reference} — ${payment.customer_name}`,
    type,
    bookingReference: payment.booking_reference,
    vatRateBp: null,
  };
  const bank = {
    ...base,
    account: ACCOUNTS.bank.number,
    accountLabel: ACCOUNTS.bank.label,
    auxAccount: '',
    auxLabel: '',
  };
  const customer = {
    ...base,
    account: ACCOUNTS.customers.number,
    accountLabel: ACCOUNTS.customers.label,
    auxAccount: auxOf(payment.user_id, payment.booking_reference),
    auxLabel: payment.customer_name,
  };
  const cents = payment.amount_cents;
  return direction === 'in'
    ? [
        { ...bank, debitCents: cents, creditCents: 0 },
        { ...customer, debitCents: 0, creditCents: cents },
      ]
    : [
        { ...customer, debitCents: cents, creditCents: 0 },
        { ...bank, debitCents: 0, creditCents: cents },
      ];
}

/** Amounts as French accounting files write them: a comma, no thousands separator. */
export const frenchAmount = (cents: number) => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
};

/** A Paris day as YYYYMMDD. */
export const compactDay = (instant: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .format(instant)
    .replace(/-/g, '');

const clean = (value: string) => value.replace(/[\t\r\n|;]+/g, ' ').trim();

export const FEC_FIELDS = [
  'JournalCode',
  'JournalLib',
  'EcritureNum',
  'EcritureDate',
  'CompteNum',
  'CompteLib',
  'CompAuxNum',
  'CompAuxLib',
  'PieceRef',
  'PieceDate',
  'EcritureLib',
  'Debit',
  'Credit',
  'EcritureLet',
  'DateLet',
  'ValidDate',
  'Montantdevise',
  'Idevise',
] as const;

/** The FEC: its 18 fields separated by tabs, the field names first, one line per entry line. */
export function fecText(lines: readonly EntryLine[]): string {
  const rows = lines.map((line) => {
    const day = compactDay(line.date);
    return [
      line.journal,
      JOURNALS[line.journal],
      line.entry,
      day,
      line.account,
      line.accountLabel,
      line.auxAccount,
      clean(line.auxLabel),
      line.piece,
      day,
      clean(line.label),
      frenchAmount(line.debitCents),
      frenchAmount(line.creditCents),
      '',
      '',
      day,
      '',
      '',
    ].join('\t');
  });
  return [FEC_FIELDS.join('\t'), ...rows].join('\r\n') + '\r\n';
}

/** The FEC's file name: the SIREN, 'FEC', the period's closing day. */
export const fecFileName = (siren: string, closingDay: string) =>
  `${siren}FEC${closingDay.replace(/-/g, '')}.txt`;

const rateText = (bp: number | null) => (bp === null ? '' : `${bp / 100}`.replace('.', ','));

/**
 * The sales journal as CSV for a spreadsheet (semicolons, decimal commas, a byte-order mark):
 * one line per document, account and VAT rate.
 */
export function salesJournalCsv(lines: readonly EntryLine[]): string {
  const header = [
    'Date',
    'Journal',
    'Pièce',
    'Type',
    'Réservation',
    'Compte',
    'Compte auxiliaire',
    'Libellé',
    'Taux TVA (%)',
    'Débit',
    'Crédit',
  ];
  const rows = lines.map((line) =>
    [
      compactDay(line.date).replace(/^(\d{4})(\d{2})(\d{2})$/, '$3/$2/$1'),
      line.journal,
      line.piece,
      line.type,
      line.bookingReference,
      line.account,
      line.auxAccount,
      clean(line.label),
      rateText(line.vatRateBp),
      frenchAmount(line.debitCents),
      frenchAmount(line.creditCents),
    ].join(';'),
  );
  return `\ufeff${[header.join(';'), ...rows].join('\r\n')}\r\n`;
}
