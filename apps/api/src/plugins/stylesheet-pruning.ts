import postcss, { type ChildNode, type Container, type Declaration } from 'postcss';

/**
 * The rules of a stylesheet that a page's markup can use: a rule whose selector names a class the
 * page does not have is left out, and so is a custom property nothing kept reads (Tailwind
 * registers and initialises several dozen of its own, whatever the page uses).
 */

interface StyleDeclaration {
  text: string;
  /** The custom property it sets; none for a standard property. */
  sets?: string;
  /** The custom properties its value reads (`var(--name)`). */
  reads: string[];
}

/** A node of the stylesheet, with what a page must hold for it to apply. */
type StyleNode =
  /** Applies whatever the page: @font-face, @keyframes, the order of the layers. */
  | { kind: 'always'; css: string; reads: string[] }
  /** An @property registration, kept when something kept reads the property. */
  | { kind: 'property'; name: string; css: string }
  /**
   * A rule, applying to a page whose classes include every class of one of `selectors` (any page
   * when null: a selector without classes).
   */
  | {
      kind: 'rule';
      selector: string;
      selectors: string[][] | null;
      declarations: StyleDeclaration[];
    }
  /** An at-rule around rules (@media, @supports, @layer): kept with those of its rules kept. */
  | { kind: 'group'; open: string; children: StyleNode[] };

export type ParsedStylesheet = StyleNode[];

const VARIABLE_READ = /var\(\s*(--[\w-]+)/g;
const readsIn = (text: string) => [...text.matchAll(VARIABLE_READ)].map(([, name]) => name!);

/**
 * The classes a selector needs on the page: those outside any parentheses. A class inside
 * `:not()`, `:is()`, `:where()` or `:has()` may apply by its absence or as one of several
 * alternatives, so it never rules a selector out.
 */
export function requiredClasses(selector: string): string[] {
  let outside = '';
  let depth = 0;
  for (let index = 0; index < selector.length; index += 1) {
    const char = selector[index]!;
    if (char === '\\') {
      if (depth === 0) outside += selector.slice(index, index + 2);
      index += 1;
    } else if (char === '(') depth += 1;
    else if (char === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0) outside += char;
  }
  const classes: string[] = [];
  for (const [, escaped] of outside.matchAll(/\.((?:\\.|[\w-])+)/g)) {
    classes.push(escaped!.replace(/\\(.)/g, '$1'));
  }
  return classes;
}

/** The text of a node; a statement's semicolon belongs to its parent's text, so it is added. */
const textOf = (node: ChildNode) =>
  node.toString() + (node.type === 'atrule' && !node.nodes ? ';' : '');

function toNode(child: ChildNode): StyleNode | null {
  if (child.type === 'comment') return null;
  if (child.type === 'rule' && child.nodes.every((node) => node.type === 'decl')) {
    const selectors = child.selectors.map(requiredClasses);
    return {
      kind: 'rule',
      selector: child.selector,
      selectors: selectors.some((classes) => classes.length === 0) ? null : selectors,
      declarations: (child.nodes as Declaration[]).map((declaration) => {
        const text = declaration.toString();
        return declaration.prop.startsWith('--')
          ? { text, sets: declaration.prop, reads: readsIn(declaration.value) }
          : { text, reads: readsIn(declaration.value) };
      }),
    };
  }
  if (child.type === 'atrule' && child.name === 'property') {
    return { kind: 'property', name: child.params.trim(), css: textOf(child) };
  }
  if (child.type === 'atrule' && child.nodes && /^(media|supports|layer)$/.test(child.name)) {
    const params = child.params ? ` ${child.params}` : '';
    return { kind: 'group', open: `@${child.name}${params}{`, children: toNodes(child) };
  }
  const css = textOf(child);
  return { kind: 'always', css, reads: readsIn(css) };
}

function toNodes(container: Container): StyleNode[] {
  const nodes: StyleNode[] = [];
  container.each((child) => {
    const node = toNode(child);
    if (node) nodes.push(node);
  });
  return nodes;
}

/** Parses the app's stylesheet once, at start. */
export function parseStylesheet(css: string): ParsedStylesheet {
  return toNodes(postcss.parse(css));
}

/** Every class named in the markup's class attributes. */
export function classesIn(markup: string): Set<string> {
  const classes = new Set<string>();
  for (const [, value] of markup.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of value!.split(/\s+/)) if (name) classes.add(decodeEntities(name));
  }
  return classes;
}

/** The server renderer escapes &, <, >, " and ' in attributes; Tailwind's arbitrary values hold them. */
function decodeEntities(text: string): string {
  return text.includes('&')
    ? text
        .replaceAll('&quot;', '"')
        .replaceAll('&#x27;', "'")
        .replaceAll('&#39;', "'")
        .replaceAll('&lt;', '<')
        .replaceAll('&gt;', '>')
        .replaceAll('&amp;', '&')
    : text;
}

type RuleNode = Extract<StyleNode, { kind: 'rule' }>;

/** The rules of the stylesheet that the markup can use, in the stylesheet's order. */
export function stylesFor(stylesheet: ParsedStylesheet, markup: string): string {
  const classes = classesIn(markup);
  const applies = (rule: RuleNode) =>
    rule.selectors === null ||
    rule.selectors.some((required) => required.every((name) => classes.has(name)));

  // The custom properties read by what is kept (and by the markup's own styles), then those their
  // kept values read in turn.
  const read = new Set(readsIn(markup));
  const settings: StyleDeclaration[] = [];
  const collect = (nodes: StyleNode[]) => {
    for (const node of nodes) {
      if (node.kind === 'group') collect(node.children);
      else if (node.kind === 'always') node.reads.forEach((name) => read.add(name));
      else if (node.kind === 'rule' && applies(node)) {
        for (const declaration of node.declarations) {
          if (declaration.sets) settings.push(declaration);
          else declaration.reads.forEach((name) => read.add(name));
        }
      }
    }
  };
  collect(stylesheet);
  for (let grew = true; grew;) {
    grew = false;
    for (const { sets, reads } of settings) {
      if (!read.has(sets!)) continue;
      for (const name of reads) {
        if (!read.has(name)) {
          read.add(name);
          grew = true;
        }
      }
    }
  }

  const emit = (nodes: StyleNode[]): string => {
    let css = '';
    for (const node of nodes) {
      if (node.kind === 'always') css += node.css;
      else if (node.kind === 'property') {
        if (read.has(node.name)) css += node.css;
      } else if (node.kind === 'rule') {
        if (!applies(node)) continue;
        const kept = node.declarations.filter(({ sets }) => !sets || read.has(sets));
        if (kept.length > 0) css += `${node.selector}{${kept.map(({ text }) => text).join(';')}}`;
      } else {
        const inner = emit(node.children);
        if (inner) css += `${node.open}${inner}}`;
      }
    }
    return css;
  };
  return emit(stylesheet);
}
