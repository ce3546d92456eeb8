import type { FastifyReply } from 'fastify';

/** A stored document sent as a download, never cached by a shared cache. */
export function pdfReply(reply: FastifyReply, file: { fileName: string; bytes: Buffer }) {
  return reply
    .header('content-type', 'application/pdf')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .send(file.bytes);
}

/** A text export sent as a download. */
export function textReply(
  reply: FastifyReply,
  file: { fileName: string; text: string },
  contentType: string,
) {
  return reply
    .header('content-type', contentType)
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .send(file.text);
}
