import type { StoredObject } from '../../../src/providers/storage/object-storage';

/** The bytes of a stored object, whether the adapter answered a Buffer or a stream. */
export async function readBody(object: StoredObject): Promise<Buffer> {
  if (Buffer.isBuffer(object.body)) return object.body;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
