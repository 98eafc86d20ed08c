// Sign-in with the service's OpenID Connect provider (ADR 0097): the authorization code flow with PKCE (S256) as a
// public client. The browser goes to the provider, comes back to this page with ?code=&state=, and the page exchanges
// the code at the provider's token endpoint itself (the content security policy allows that origin). The access token
// is then kept exactly as any other token (session.store); the user id the service gave this person comes from
// GET /api/v1/me/account, since the provider's subject is not one.
import { session, get } from './api.js';

const PENDING = 'hongbao.signin';

/** What GET /auth/config says about the provider, or null when the page cannot sign in with one. */
export async function providerOffer() {
  try {
    return (await get('/auth/config', { token: null }))?.provider ?? null;
  } catch {
    return null;
  }
}

/** Sends the browser to the provider; it comes back to this page's address. */
export async function startSignIn(provider) {
  const verifier = randomText(32);
  const state = randomText(16);
  const redirectUri = location.origin + location.pathname;
  sessionStorage.setItem(PENDING, JSON.stringify({
    verifier, state, redirectUri, clientId: provider.clientId, tokenEndpoint: provider.tokenEndpoint,
    adminClaim: provider.adminClaim, adminRole: provider.adminRole, hash: location.hash }));
  const url = new URL(provider.authorizationEndpoint);
  url.search = new URLSearchParams({
    response_type: 'code', client_id: provider.clientId, redirect_uri: redirectUri, scope: 'openid', state,
    code_challenge: await challengeOf(verifier), code_challenge_method: 'S256' }).toString();
  location.assign(url.toString());
}

/**
 * On the way back from the provider (?code=&state= or ?error=): removes them from the address at once, exchanges the
 * code and keeps the token. Resolves true when it signed in, false when there was nothing to finish; rejects with a
 * reason for people when the provider or the exchange refused.
 */
export async function finishSignIn() {
  const url = new URL(location.href);
  const code = url.searchParams.get('code');
  const error = url.searchParams.get('error');
  if (!code && !error) return false;
  const pending = JSON.parse(sessionStorage.getItem(PENDING) ?? 'null');
  sessionStorage.removeItem(PENDING);
  history.replaceState(null, '', url.pathname + (pending?.hash ?? ''));
  if (error) throw new Error(url.searchParams.get('error_description') ?? error);
  // The state ties the answer to the sign-in this tab started: another site cannot make it sign in as someone else.
  if (!pending || url.searchParams.get('state') !== pending.state) throw new Error('the sign-in was not started here');
  const answer = await fetch(pending.tokenEndpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code', code, redirect_uri: pending.redirectUri, client_id: pending.clientId,
      code_verifier: pending.verifier }),
  });
  const json = await answer.json().catch(() => ({}));
  if (!answer.ok || !json.access_token) throw new Error(json.error_description ?? json.error ?? 'HTTP ' + answer.status);
  session.store(json.access_token);
  const account = await get('/api/v1/me/account');
  session.storeCaller({ userId: account.userId, admin: holds(payloadOf(json.access_token), pending.adminClaim,
    pending.adminRole) });
  return true;
}

function payloadOf(token) {
  const part = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
  return JSON.parse(atob(part.padEnd(part.length + (4 - part.length % 4) % 4, '=')));
}

/** For display only (the service decides): whether the claims path holds the role, as the service reads it. */
function holds(claims, path, role) {
  let at = claims;
  for (const name of (path ?? '').split('.')) at = at && typeof at === 'object' ? at[name] : undefined;
  return Array.isArray(at) ? at.includes(role) : at === role;
}

function randomText(bytes) {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** RFC 7636 §4.2: BASE64URL(SHA256(verifier)). crypto.subtle needs a secure context: https, or localhost. */
async function challengeOf(verifier) {
  return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
}

function base64url(bytes) {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
