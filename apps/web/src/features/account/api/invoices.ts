import type { InvoicingDocumentList } from '@vroum/core/invoicing';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Every invoice and credit note of the signed-in customer, newest first. */
export const useMyInvoices = () =>
  useQuery({
    queryKey: ['me', 'invoices'],
    queryFn: ({ signal }) => apiRequest<InvoicingDocumentList>('/invoices', { signal }),
  });
