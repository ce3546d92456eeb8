/** Just enough MIME reading to check what a mail client would show: headers and text parts. */
export interface ParsedMail {
  headers: Map<string, string>;
  subject: string;
  /** Decoded bodies by content type ('text/plain', 'text/html'), with \n line breaks. */
  parts: Map<string, string>;
}

export function parseMail(raw: string): ParsedMail {
  const { headers, body } = splitEntity(raw);
  const parts = new Map<string, string>();
  const contentType = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  const entities = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((part) => splitEntity(part.replace(/^\r\n/, '')))
    : [{ headers, body }];
  for (const entity of entities) {
    const type = (entity.headers.get('content-type') ?? 'text/plain').split(';')[0]!.trim();
    const text = decodeBody(entity.body, entity.headers.get('content-transfer-encoding'));
    parts.set(type, text.replace(/\r\n/g, '\n'));
  }
  return { headers, subject: decodeWords(headers.get('subject') ?? ''), parts };
}

function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, end).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: raw.slice(end + 4) };
}

function decodeBody(body: string, encoding = '7bit'): string {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return decodeQuotedPrintable(body.replace(/=\r\n/g, ''));
    default:
      return body;
  }
}

/** Quoted-printable to bytes, then UTF-8 (a character may span several =XX escapes). */
function quotedPrintableBytes(value: string): Buffer {
  const bytes: number[] = [];
  for (let index = 0; index < value.length; index += 1) {
    const hex = value.slice(index + 1, index + 3);
    if (value[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(value.charCodeAt(index));
    }
  }
  return Buffer.from(bytes);
}

const decodeQuotedPrintable = (value: string) => quotedPrintableBytes(value).toString('utf8');

/**
 * RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) as mail clients show them; adjacent
 * words are joined before decoding since one character may be split across two of them.
 */
function decodeWords(value: string): string {
  const chunks: Buffer[] = [];
  const pattern = /=\?utf-8\?([QB])\?([^?]*)\?=/gi;
  let last = 0;
  let afterWord = false;
  for (const match of value.matchAll(pattern)) {
    const between = value.slice(last, match.index);
    if (!(afterWord && /^\s*$/.test(between))) chunks.push(Buffer.from(between, 'utf8'));
    const [, kind, text = ''] = match;
    chunks.push(
      kind?.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64')
        : quotedPrintableBytes(text.replace(/_/g, ' ')),
    );
    last = match.index + match[0].length;
    afterWord = true;
  }
  chunks.push(Buffer.from(value.slice(last), 'utf8'));
  return Buffer.concat(chunks).toString('utf8');
}
