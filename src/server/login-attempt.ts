import type { AstroCookies } from 'astro';
import { readProviderConfig } from '../config/provider';
import { buildAuthorizeUrl, createCodeChallenge, createCodeVerifier, createState } from '../lib/pkce';
import { cookieAttributes, cookieName, LOGIN_COOKIE } from './session-cookie';

/*
 * A sign-in's PKCE verifier and state live in a short-lived HttpOnly cookie of this
 * browser (LOGIN_COOKIE) between the redirect to the provider and /callback, so a code is
 * exchanged only by the browser that asked for it. A few attempts are kept (two tabs may start
 * signing in at once); each is good for one callback. A login cookie the browser sends twice
 * (one planted from another app on this host) reads as none (session-tokens.ts dropForeignCookies).
 */

/**
 * Sent to /login, which adds an attempt to those kept, as well as to /callback, which takes one:
 * kept for /callback alone, /login never saw the attempts already there and wrote its own over
 * them, so of two tabs signing in at once the first came back to /auth. It lives only while a
 * sign-in is under way (ten minutes at most, gone with the last attempt). A `__Host-` name (an
 * https site: cookieName) needs Path=/ too.
 */
const LOGIN_COOKIE_PATH = '/';
/** The provider's codes live ten minutes; an attempt needs no longer. */
export const LOGIN_ATTEMPT_SECONDS = 600;
const MAX_ATTEMPTS = 3;

export interface LoginAttempt {
  state: string;
  verifier: string;
}

function isAttempt(value: unknown): value is LoginAttempt {
  const attempt = value as LoginAttempt | null;
  return typeof attempt?.state === 'string' && typeof attempt.verifier === 'string';
}

function readAttempts(cookies: AstroCookies): LoginAttempt[] {
  const text = cookies.get(cookieName(LOGIN_COOKIE))?.value;
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    return Array.isArray(value) ? value.filter(isAttempt).slice(-MAX_ATTEMPTS) : [];
  } catch {
    return []; // a cookie we did not write is no attempt
  }
}

function writeAttempts(cookies: AstroCookies, attempts: LoginAttempt[]): void {
  if (attempts.length === 0) {
    cookies.delete(cookieName(LOGIN_COOKIE), cookieAttributes(LOGIN_COOKIE_PATH));
    return;
  }
  const value = Buffer.from(JSON.stringify(attempts)).toString('base64url');
  cookies.set(cookieName(LOGIN_COOKIE), value, { ...cookieAttributes(LOGIN_COOKIE_PATH), maxAge: LOGIN_ATTEMPT_SECONDS });
}

/** Starts a sign-in: a new verifier and state kept in the cookie; resolves to the provider's authorize URL. */
export async function startLoginAttempt(cookies: AstroCookies): Promise<string> {
  const attempt = { state: createState(), verifier: createCodeVerifier() };
  writeAttempts(cookies, [...readAttempts(cookies), attempt].slice(-MAX_ATTEMPTS));
  return buildAuthorizeUrl(readProviderConfig(), await createCodeChallenge(attempt.verifier), attempt.state);
}

/** Takes (finds and removes) the attempt a callback's state names; null when this browser made none with that state. */
export function takeLoginAttempt(cookies: AstroCookies, state: string | null): LoginAttempt | null {
  const attempts = readAttempts(cookies);
  const attempt = state ? attempts.find((candidate) => candidate.state === state) : undefined;
  if (attempt) writeAttempts(cookies, attempts.filter((candidate) => candidate !== attempt));
  return attempt ?? null;
}
