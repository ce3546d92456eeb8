import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * After a successful look-up (booking number + e-mail), the visitor may see that booking's
 * personal data for an hour without an account: an httpOnly cookie carries the booking id,
 * an expiry and an HMAC with the server's secret (decision 014).
 */
const COOKIE = 'vroum.lookup';
const TTL_SECONDS = 3600;

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`booking-lookup:${payload}`).digest('base64url');

export function grantLookup(
  reply: FastifyReply,
  secret: string,
  secure: boolean,
  bookingId: string,
): void {
  const expires = Math.floor(Date.now() / 1000) + TTL_SECONDS;
  const payload = `${bookingId}.${expires}`;
  const attributes = [
    `${COOKIE}=${payload}.${sign(secret, payload)}`,
    'Path=/api/v1/bookings',
    `Max-Age=${TTL_SECONDS}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ];
  reply.header('set-cookie', attributes.join('; '));
}

export function hasLookupGrant(
  request: FastifyRequest,
  secret: string,
  bookingId: string,
): boolean {
  const cookie = (request.headers.cookie ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${COOKIE}=`));
  if (!cookie) return false;
  const [id, expires, signature] = cookie.slice(COOKIE.length + 1).split('.');
  if (!id || !expires || !signature || id !== bookingId) return false;
  if (Number(expires) < Date.now() / 1000) return false;
  const expected = Buffer.from(sign(secret, `${id}.${expires}`));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
