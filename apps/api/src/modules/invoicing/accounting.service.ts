import type { AccountingPeriod } from '@vroum/core/invoicing';
import type { Queryable } from '../../db/client';
import {
  bankEntry,
  fecFileName,
  fecText,
  salesEntry,
  salesJournalCsv,
  type EntryLine,
} from './accounting-export';
import { BANK_MOVEMENTS } from './document-rules';
import { listDocuments, listPayments, sumDocuments } from './invoicing-read.repository';

/** Far more documents than a month of the company issues: an export is never cut short. */
const EXPORT_LIMIT = 1_000_000;

/** The sales journal's lines of a period: every document issued in it, in issue order. */
export async function salesJournalLines(
  db: Queryable,
  period: AccountingPeriod,
): Promise<EntryLine[]> {
  const documents = await listDocuments(db, { ...period, limit: EXPORT_LIMIT });
  return documents.flatMap(salesEntry);
}

/** The bank journal's lines of a period: every payment received or given back in it. */
export async function bankJournalLines(
  db: Queryable,
  period: AccountingPeriod,
): Promise<EntryLine[]> {
  const payments = await listPayments(db, Object.keys(BANK_MOVEMENTS), period.from, period.to);
  return payments.flatMap((payment) => bankEntry(payment, BANK_MOVEMENTS[payment.kind]!));
}

export async function salesJournalExport(db: Queryable, period: AccountingPeriod) {
  return {
    fileName: `journal-des-ventes-${period.from}-${period.to}.csv`,
    text: salesJournalCsv(await salesJournalLines(db, period)),
  };
}

/** The FEC of the period: the sales journal's entries, then the bank's, each balanced. */
export async function fecExport(db: Queryable, siren: string, period: AccountingPeriod) {
  const [sales, bank] = await Promise.all([
    salesJournalLines(db, period),
    bankJournalLines(db, period),
  ]);
  return { fileName: fecFileName(siren, period.to), text: fecText([...sales, ...bank]) };
}

/** The invoices and the credit notes issued in a period: how many, and their totals. */
export async function issuedTotals(db: Queryable, period: AccountingPeriod) {
  const rows = await sumDocuments(db, period.from, period.to);
  const of = (kind: 'invoice' | 'credit_note') => {
    const row = rows.find((candidate) => candidate.kind === kind);
    return {
      count: row?.count ?? 0,
      totalCents: row?.total_ttc_cents ?? 0,
      totalExclVatCents: row?.total_ht_cents ?? 0,
    };
  };
  return { invoices: of('invoice'), creditNotes: of('credit_note') };
}
