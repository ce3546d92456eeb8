import type { Readable } from 'node:stream';

/** A stored object's body as one buffer, whether the adapter gave a buffer or a stream. */
export async function objectBytes(body: Buffer | Readable): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
