import { decodeKeysetCursor, encodeKeysetCursor, UUID_PATTERN } from '../../lib/keyset-cursor';
import type { CatalogueCursor } from './vehicles.repository';

/** The `nextCursor` of a page of search results: the last vehicle's (price, name, id). */
export const encodeCursor = (cursor: CatalogueCursor): string =>
  encodeKeysetCursor([cursor.pricePerDayCents, cursor.name, cursor.id]);

export const decodeCursor = (cursor: string): CatalogueCursor =>
  decodeKeysetCursor(
    cursor,
    ([price, name, id, ...rest]) =>
      rest.length === 0 &&
      Number.isSafeInteger(price) &&
      typeof name === 'string' &&
      typeof id === 'string' &&
      UUID_PATTERN.test(id)
        ? { pricePerDayCents: price as number, name, id }
        : null,
    'after',
  );
