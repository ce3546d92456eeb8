import { describe, expect, it } from 'vitest';
import { isKnownPage } from './routes';

describe('isKnownPage', () => {
  it.each([
    '/',
    '/flotte',
    '/vehicule/porsche-panamera',
    '/vehicule/porsche-panamera/protection',
    '/reservation/3f0c8a8e-0000-4000-8000-000000000000',
    '/politique-confidentialite',
    '/conditions/',
    '/admin/tableau-de-bord',
  ])('knows %s', (path) => {
    expect(isKnownPage(path)).toBe(true);
  });

  it.each(['/nope', '/vehicule', '/vehicule/a/b/c', '/admin/secret'])(
    'does not know %s',
    (path) => {
      expect(isKnownPage(path)).toBe(false);
    },
  );
});
