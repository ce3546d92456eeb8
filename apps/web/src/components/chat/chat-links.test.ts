import { describe, expect, it } from 'vitest';
import { safeHref, splitMessage } from './chat-links';

describe('the links of an assistant’s message', () => {
  it('shows a Markdown link to a page of the site as a link named by its label', () => {
    expect(
      splitMessage('À consulter : [Porsche Panamera](/vehicule/porsche-panamera) · fin'),
    ).toEqual([
      { kind: 'text', text: 'À consulter : ' },
      {
        kind: 'link',
        label: 'Porsche Panamera',
        href: '/vehicule/porsche-panamera',
        external: false,
      },
      { kind: 'text', text: ' · fin' },
    ]);
  });

  it('opens outside addresses as external links and keeps bare pages as links', () => {
    expect(splitMessage('Messagerie : https://wa.me/33184602525. Voir /conditions.')).toEqual([
      { kind: 'text', text: 'Messagerie : ' },
      {
        kind: 'link',
        label: 'https://wa.me/33184602525',
        href: 'https://wa.me/33184602525',
        external: true,
      },
      { kind: 'text', text: '. Voir ' },
      { kind: 'link', label: '/conditions', href: '/conditions', external: false },
      { kind: 'text', text: '.' },
    ]);
  });

  it.each([
    '[Cliquez](javascript:alert(1))',
    '[Cliquez](//evil.example/page)',
    '[Cliquez](data:text/html,boom)',
    '[Cliquez](/\\evil.example)',
  ])('leaves a link to an unsafe address as its label only: %s', (message) => {
    const parts = splitMessage(message);
    expect(parts.every((part) => part.kind === 'text')).toBe(true);
    expect(parts.map((part) => (part.kind === 'text' ? part.text : '')).join('')).toContain(
      'Cliquez',
    );
  });

  it('shows an unfinished link at the end of a streamed message as its label', () => {
    expect(splitMessage('Voir [Porsche Pan')).toEqual([{ kind: 'text', text: 'Voir Porsche Pan' }]);
    expect(splitMessage('Voir [Porsche Panamera](/vehi')).toEqual([
      { kind: 'text', text: 'Voir Porsche Panamera' },
    ]);
    expect(splitMessage('Case [x] cochée')).toEqual([{ kind: 'text', text: 'Case [x] cochée' }]);
  });

  it('accepts only site paths and http(s), mailto and tel addresses', () => {
    expect(safeHref('/flotte?category=luxe')).toEqual({
      href: '/flotte?category=luxe',
      external: false,
    });
    expect(safeHref('tel:+33184602525')).toEqual({ href: 'tel:+33184602525', external: false });
    expect(safeHref('mailto:contact@vroum-prestige.fr')).not.toBeNull();
    expect(safeHref('JavaScript:alert(1)')).toBeNull();
    expect(safeHref('vbscript:x')).toBeNull();
  });
});
