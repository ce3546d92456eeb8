import type { StoredObject } from './object-storage';

/** The whole body of a stored object, in memory (for objects of a few megabytes at most). */
export async function readObjectBytes(body: StoredObject['body']): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
