/** A piece of an assistant's message: text, or a link named by its label. */
export type MessagePart =
  { kind: 'text'; text: string } | { kind: 'link'; label: string; href: string; external: boolean };

/**
 * Where a link of the assistant may lead: a path of this site ('/conditions', not '//host'), or an
 * http(s), mailto or tel address. Anything else (javascript:, data:…) is not a link.
 */
export function safeHref(href: string): { href: string; external: boolean } | null {
  if (/^\/(?![/\\])[^\s]*$/.test(href)) return { href, external: false };
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol === 'https:' || url.protocol === 'http:') return { href, external: true };
  if (url.protocol === 'mailto:' || url.protocol === 'tel:') return { href, external: false };
  return null;
}

// A Markdown link '[label](href)', or a bare address or page of the site the text cites.
const LINK =
  /\[([^\]\n]+)\]\(([^)\s]+)\)|(https?:\/\/[^\s)]+[^\s).,;:!?]|\/(?:vehicule|flotte|conditions|comment-ca-marche|gerer-reservation|recherche|profil)(?:[/?=][^\s·,;)]*[^\s·,;).:!?])?)/g;

// The end of a message still being written: '[Porsche Pan' or '[Porsche Panamera](/vehi'.
const UNFINISHED_LINK = /\[([^\]\n]*)(?:\]\([^)\s]*)?$/;

/**
 * Cuts an assistant's message into text and links: Markdown links become links named by their
 * label (when their address is safe, otherwise their label stays text), bare addresses links to
 * themselves. An unfinished link at the end of a message being streamed shows as its label.
 */
export function splitMessage(message: string): MessagePart[] {
  const parts: MessagePart[] = [];
  const unfinished = UNFINISHED_LINK.exec(message);
  const text = unfinished ? message.slice(0, unfinished.index) : message;
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    if (match.index > last) parts.push({ kind: 'text', text: text.slice(last, match.index) });
    last = match.index + match[0].length;
    const [, label, target, bare] = match;
    const href = safeHref(target ?? bare!);
    if (href) parts.push({ kind: 'link', label: label ?? bare!, ...href });
    else parts.push({ kind: 'text', text: label ?? bare! });
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  if (unfinished?.[1]) parts.push({ kind: 'text', text: unfinished[1] });
  return mergeText(parts);
}

function mergeText(parts: MessagePart[]): MessagePart[] {
  const merged: MessagePart[] = [];
  for (const part of parts) {
    const previous = merged.at(-1);
    if (part.kind === 'text' && previous?.kind === 'text') previous.text += part.text;
    else merged.push(part);
  }
  return merged;
}
