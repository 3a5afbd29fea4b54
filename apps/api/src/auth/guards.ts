// The request's `cookies`.
import type {} from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../http/app-error';
import type { SessionUser, SignedInUser } from './access-token';
import { ACCESS_COOKIE } from './session-cookies';

/** preHandler: 401 unless signed in. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized();
}

/** preHandler: 401 for visitors, 403 for customers; support and admin pass. */
export async function requireStaff(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized();
  if (request.user.role === 'customer') throw forbidden('This is for the support team only.');
}

/** preHandler: 401 for visitors, 403 for everyone but admins. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized();
  if (request.user.role !== 'admin') throw forbidden('This is for administrators only.');
}

/** The signed-in user in a handler behind requireUser/requireStaff. */
export function currentUser(request: FastifyRequest): SignedInUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/**
 * For calls that guests and signed-in buyers share: the signed-in user, or null for a guest.
 * An access cookie that is present but no longer valid is a 401, so the client refreshes and
 * retries instead of being treated as a guest (a guest has no access cookie at all).
 */
export function userOrGuest(request: FastifyRequest): SessionUser | null {
  if (request.user) return request.user;
  if (request.cookies[ACCESS_COOKIE]) {
    throw unauthorized('Your session has expired. Please sign in again.');
  }
  return null;
}
