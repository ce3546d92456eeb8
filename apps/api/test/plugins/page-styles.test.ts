import { describe, expect, it } from 'vitest';
import { loadPageStyles, STYLES_PLACEHOLDER } from '../../src/plugins/page-styles';
import {
  classesIn,
  parseStylesheet,
  requiredClasses,
  stylesFor,
} from '../../src/plugins/stylesheet-pruning';

// As Tailwind builds it: layers, preflight, escaped class names, variants in at-rules.
const STYLESHEET =
  '@layer theme,base,utilities;' +
  '@layer theme{:root{--color-ink:#0c0c0d}}' +
  '@layer base{*,:before{box-sizing:border-box}body{margin:0;color:var(--color-ink)}}' +
  '@layer utilities{' +
  '.flex{display:flex}' +
  '.hidden{display:none}' +
  '.w-1\\/2{width:50%}' +
  '.hover\\:text-gold:hover{color:gold}' +
  '.\\[\\&_svg\\]\\:size-4 svg{width:1rem}' +
  '.group:hover .group-hover\\:underline{text-decoration:underline}' +
  '.not-last\\:mb-2:not(:last-child){margin-bottom:.5rem}' +
  '.peer-checked\\:block:is(:where(.peer):checked~*){display:block}' +
  '@media (width>=48rem){.md\\:grid{display:grid}.md\\:hidden{display:none}}' +
  '@media (width>=64rem){.lg\\:flex{display:flex}}' +
  '}' +
  '@keyframes spin{to{transform:rotate(360deg)}}';

describe('the styles of a page sent rendered', () => {
  it('finds the classes a selector needs, unescaped, and none inside :not(), :is() or :where()', () => {
    expect(requiredClasses('.w-1\\/2')).toEqual(['w-1/2']);
    expect(requiredClasses('.\\[\\&_svg\\]\\:size-4 svg')).toEqual(['[&_svg]:size-4']);
    expect(requiredClasses('.group:hover .group-hover\\:underline')).toEqual([
      'group',
      'group-hover:underline',
    ]);
    expect(requiredClasses('.not-last\\:mb-2:not(:last-child)')).toEqual(['not-last:mb-2']);
    expect(requiredClasses('.a:not(.b)')).toEqual(['a']);
    expect(requiredClasses(':where(.space > :not(:last-child))')).toEqual([]);
    expect(requiredClasses('body')).toEqual([]);
  });

  it('reads the classes of the markup, with the entities the renderer writes in attributes', () => {
    expect([
      ...classesIn('<p class="flex  md:grid"></p><i class="[&amp;_svg]:size-4"></i><b id="x">'),
    ]).toEqual(['flex', 'md:grid', '[&_svg]:size-4']);
  });

  it('keeps the rules the markup uses, the base rules, and at-rules only around kept rules', () => {
    const css = stylesFor(
      parseStylesheet(STYLESHEET),
      '<div class="flex w-1/2 group"><a class="hover:text-gold group-hover:underline md:grid">' +
        '<span class="[&amp;_svg]:size-4 not-last:mb-2 peer-checked:block"></span></a></div>',
    );
    expect(css).toBe(
      '@layer theme,base,utilities;' +
        '@layer theme{:root{--color-ink:#0c0c0d}}' +
        '@layer base{*,:before{box-sizing:border-box}body{margin:0;color:var(--color-ink)}}' +
        '@layer utilities{' +
        '.flex{display:flex}' +
        '.w-1\\/2{width:50%}' +
        '.hover\\:text-gold:hover{color:gold}' +
        '.\\[\\&_svg\\]\\:size-4 svg{width:1rem}' +
        '.group:hover .group-hover\\:underline{text-decoration:underline}' +
        '.not-last\\:mb-2:not(:last-child){margin-bottom:.5rem}' +
        '.peer-checked\\:block:is(:where(.peer):checked~*){display:block}' +
        '@media (width>=48rem){.md\\:grid{display:grid}}' +
        '}' +
        '@keyframes spin{to{transform:rotate(360deg)}}',
    );
  });

  it('leaves out a rule whose classes the page has only in part', () => {
    const css = stylesFor(
      parseStylesheet(STYLESHEET),
      '<p class="group-hover:underline hidden-ish"></p>',
    );
    expect(css).not.toContain('group-hover');
    expect(css).not.toContain('.hidden');
    expect(css).not.toContain('@media');
  });

  it('keeps a custom property only where something kept reads it, directly or through another', () => {
    const stylesheet = parseStylesheet(
      ':root{--color-ink:#000;--color-gold:gold;--color-unused:red;--shadow-color:var(--color-ink)}' +
        '.shadow{--tw-shadow:0 1px var(--tw-shadow-color);box-shadow:var(--tw-ring),var(--tw-shadow)}' +
        '.shadow-ink{--tw-shadow-color:var(--shadow-color)}' +
        '.ring{--tw-ring:0 0 0 1px currentColor}' +
        '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}' +
        '@property --tw-ring{syntax:"*";inherits:false;initial-value:0 0 #0000}' +
        '@property --tw-rotate{syntax:"*";inherits:false}' +
        '@layer properties{@supports (-moz-orient:inline){*,:before{--tw-shadow:0 0 #0000;--tw-rotate:0}}}',
    );
    expect(
      stylesFor(stylesheet, '<p class="shadow shadow-ink" style="color:var(--color-gold)">'),
    ).toBe(
      ':root{--color-ink:#000;--color-gold:gold;--shadow-color:var(--color-ink)}' +
        '.shadow{--tw-shadow:0 1px var(--tw-shadow-color);box-shadow:var(--tw-ring),var(--tw-shadow)}' +
        '.shadow-ink{--tw-shadow-color:var(--shadow-color)}' +
        '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}' +
        '@property --tw-ring{syntax:"*";inherits:false;initial-value:0 0 #0000}' +
        '@layer properties{@supports (-moz-orient:inline){*,:before{--tw-shadow:0 0 #0000}}}',
    );
    // Without a rule that reads them, Tailwind's own properties go, and their fallback rule with them.
    expect(stylesFor(stylesheet, '<p class="ring">')).toBe('');
  });

  it('puts a placeholder where the page linked its stylesheets, and offers them whole or pruned', async () => {
    const styles = await loadPageStyles(
      '<head><link rel="stylesheet" crossorigin href="/assets/app-1.css"></head><body></body>',
      async (href) => (href === 'assets/app-1.css' ? STYLESHEET : ''),
    );
    expect(styles.template).toBe(`<head>${STYLES_PLACEHOLDER}</head><body></body>`);
    expect(styles.hrefs).toEqual(['/assets/app-1.css']);
    expect(styles.whole).toBe(`<style>${STYLESHEET}</style>`);
    expect(styles.forMarkup('<p class="flex"></p>')).toContain('.flex{display:flex}');
    expect(styles.forMarkup('<p class="flex"></p>')).not.toContain('.hidden');
  });
});
