// A PDF rendering thread (lib/pdf-pool.ts, decision 053): it runs the renderings the server's
// thread hands it, one at a time, and answers the bytes, so that pdf-lib's work never holds up
// the requests. Each thread keeps its own line widths (lib/pdf-writer.ts), measured once.
import { parentPort, workerData } from 'node:worker_threads';
import type { PdfReply, PdfTask, PdfWorkerData } from './lib/pdf-pool';
import { rememberWidths, takeNewWidths } from './lib/pdf-writer';
import { renderContractPdf } from './modules/contracts/contract-pdf';
import { sealContractPdf } from './modules/contracts/contract-seal';
import { renderDocumentPdf } from './modules/invoicing/invoice-pdf';
import { renderInspectionReport } from './modules/operations/inspection-pdf';

const TASKS = {
  contract: renderContractPdf,
  'contract-seal': sealContractPdf,
  'inspection-report': renderInspectionReport,
  invoice: renderDocumentPdf,
} satisfies Record<PdfTask, (...args: never[]) => Promise<unknown>>;

const port = parentPort!;
// What the other threads measured already: this one starts warm.
rememberWidths((workerData as PdfWorkerData | undefined)?.widths ?? []);

port.on('message', (request: { id: number; task: PdfTask; args: unknown[] }) => {
  void answer(request).then((reply) => port.postMessage(reply));
});

async function answer({ id, task, args }: { id: number; task: PdfTask; args: unknown[] }) {
  try {
    const render = TASKS[task] as (...args: unknown[]) => Promise<unknown>;
    const value = await render(...args);
    return { id, value, widths: takeNewWidths() } satisfies PdfReply;
  } catch (error) {
    // As plain data: an AppError's code, status and field survive the thread.
    const e = error instanceof Error ? error : new Error(String(error));
    const { code, statusCode, field } = e as Error & Record<string, never>;
    return {
      id,
      error: { name: e.name, message: e.message, code, statusCode, field },
      widths: takeNewWidths(),
    } satisfies PdfReply;
  }
}
