// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { safeHref, splitMessage } from './chat-links';

const text = (value: string) => ({ kind: 'text', text: value });
const link = (label: string, href: string, external = false) => ({
  kind: 'link',
  label,
  href,
  external,
});

describe('the links of an assistant’s message', () => {
  it('shows a Markdown link to a page of the site as a link named by its label', () => {
    expect(
      splitMessage('À consulter : [Porsche Panamera](/vehicule/porsche-panamera) · fin'),
    ).toEqual([
      text('À consulter : '),
      link('Porsche Panamera', '/vehicule/porsche-panamera'),
      text(' · fin'),
    ]);
  });

  it('opens outside addresses as external links and keeps bare pages as links', () => {
    expect(splitMessage('Messagerie : https://wa.me/33184602525. Voir /conditions.')).toEqual([
      text('Messagerie : '),
      link('https://wa.me/33184602525', 'https://wa.me/33184602525', true),
      text('. Voir '),
      link('/conditions', '/conditions'),
      text('.'),
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
    expect(splitMessage('Voir [Porsche Pan')).toEqual([text('Voir Porsche Pan')]);
    expect(splitMessage('Voir [Porsche Panamera](/vehi')).toEqual([text('Voir Porsche Panamera')]);
    expect(splitMessage('Case [x] cochée')).toEqual([text('Case [x] cochée')]);
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
