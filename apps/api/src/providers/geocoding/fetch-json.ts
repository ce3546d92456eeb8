/**
 * A provider answered with an error status. The message carries the status and the provider's
 * own message, never the URL: Mapbox's URL holds the access token.
 */
export class GeocoderHttpError extends Error {
  constructor(
    readonly provider: string,
    readonly status: number,
    providerMessage: string | undefined,
  ) {
    super(`${provider} answered ${status}${providerMessage ? `: ${providerMessage}` : ''}`);
    this.name = 'GeocoderHttpError';
  }
}

/** GETs JSON; throws GeocoderHttpError on an error status and SyntaxError on a malformed body. */
export async function fetchJson(
  provider: string,
  url: URL,
  signal: AbortSignal | undefined,
): Promise<unknown> {
  const response = await fetch(url, { signal, headers: { accept: 'application/json' } });
  const text = await response.text();
  if (!response.ok) throw new GeocoderHttpError(provider, response.status, readMessage(text));
  return JSON.parse(text) as unknown;
}

/** Both IGN and Mapbox put a human-readable `message` in their error bodies. */
function readMessage(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { message?: unknown; detail?: unknown };
    const detail = Array.isArray(parsed.detail) ? ` (${parsed.detail.join('; ')})` : '';
    return typeof parsed.message === 'string'
      ? `${parsed.message}${detail}`.slice(0, 300)
      : undefined;
  } catch {
    return undefined;
  }
}
