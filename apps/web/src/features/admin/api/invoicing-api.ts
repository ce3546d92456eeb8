import { useQuery } from '@tanstack/react-query';
import type { InvoicingDocumentList } from '@vroum/core/invoicing';
import { apiRequest } from '../../../lib/api-client';

export interface InvoicingFilters {
  from?: string | undefined;
  to?: string | undefined;
  number?: string | undefined;
  booking?: string | undefined;
}

const search = (filters: InvoicingFilters) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  return params.toString();
};

/** The invoices and credit notes issued, newest first, within the filters. */
export const useAdminInvoices = (filters: InvoicingFilters, enabled: boolean) =>
  useQuery({
    queryKey: ['admin', 'invoices', filters],
    queryFn: ({ signal }) =>
      apiRequest<InvoicingDocumentList>(`/admin/invoices?${search(filters)}`, { signal }),
    enabled,
  });

/** Where the browser downloads a period's export (the session's cookie goes with it). */
export const exportUrl = (kind: 'sales-journal' | 'fec', from: string, to: string) =>
  `/api/v1/admin/accounting/${kind}?${search({ from, to })}`;

export const adminInvoicePdfUrl = (id: string) => `/api/v1/admin/invoices/${id}/pdf`;
