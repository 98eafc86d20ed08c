// The service's HTTP API as the app uses it. The token lives in sessionStorage only: it is sent in the
// Authorization header, never in a URL (a ?token= link is moved there and stripped from the address bar at once).
import { t } from './i18n.js';

const KEY = 'hongbao.token';
// With a provider's token (signin.js): who the service says the caller is, since its sub is not a user id.
const CALLER = 'hongbao.caller';

export const session = {
  token: () => sessionStorage.getItem(KEY),
  store(token) { sessionStorage.setItem(KEY, token.trim()); sessionStorage.removeItem(CALLER); },
  storeCaller(caller) { sessionStorage.setItem(CALLER, JSON.stringify(caller)); },
  clear() { sessionStorage.removeItem(KEY); sessionStorage.removeItem(CALLER); },
  /** {userId, admin, exp} read from the token's payload (for display only: the server checks the signature). */
  claims() {
    const token = this.token();
    if (!token) return null;
    try {
      const part = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
      const json = JSON.parse(atob(part.padEnd(part.length + (4 - part.length % 4) % 4, '=')));
      const known = JSON.parse(sessionStorage.getItem(CALLER) ?? 'null');
      if (known) return { userId: known.userId, admin: known.admin, exp: json.exp };
      return { userId: Number(json.sub), admin: (json.roles ?? []).includes('admin'), exp: json.exp };
    } catch {
      return null;
    }
  },
};

/** Takes ?token=... from the address, keeps it in sessionStorage and removes it from the URL and the history entry. */
export function adoptTokenFromUrl() {
  const url = new URL(location.href);
  const token = url.searchParams.get('token');
  if (!token) return;
  session.store(token);
  url.searchParams.delete('token');
  history.replaceState(null, '', url.pathname + url.search + url.hash);
}

/** A fresh Idempotency-Key; randomUUID needs a secure context, so plain http on another host gets getRandomValues. */
export function newKey() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

export class ApiError extends Error {
  constructor(status, code, message, retryAfter) {
    super(message);
    this.status = status;
    this.code = code;
    this.retryAfter = retryAfter;
  }

  /** A sentence for people, per contract error code. */
  explain() {
    if (this.status === 0) return t('errNetwork');
    const key = 'err' + this.code;
    const text = t(key, { message: this.message, seconds: this.retryAfter ?? 1 });
    return text === key ? t('errOther', { status: this.status, message: this.message }) : text;
  }
}

/** Calls the API; resolves with the JSON answer, rejects with an ApiError. */
export async function call(method, path, { body, key, token = session.token() } = {}) {
  const headers = { Accept: 'application/json' };
  if (token) headers.Authorization = 'Bearer ' + token;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (key) headers['Idempotency-Key'] = key;
  let answer;
  try {
    answer = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new ApiError(0, 'NETWORK', String(e));
  }
  const text = await answer.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!answer.ok) {
    if (answer.status === 401) window.dispatchEvent(new Event('hongbao:unauthenticated'));
    throw new ApiError(answer.status, json?.code ?? 'HTTP_' + answer.status, json?.message ?? text,
      answer.headers.get('Retry-After'));
  }
  return json;
}

export const get = (path, options) => call('GET', path, options);
export const post = (path, body, options = {}) => call('POST', path, { ...options, body });

/**
 * Follows a Server-Sent Events stream with fetch (EventSource cannot send the Authorization header), calling
 * onEvent(name, data) per event and reconnecting after a drop until stop() is called.
 * onState('live'|'retrying'|'stopped'|'ended').
 * ended() (optional) says whether a stream the server closed was its last: the server ends a packet's stream after
 * the finished packet's last state, and following it again would only repeat that state.
 */
export function follow(path, onEvent, onState, ended = () => false) {
  const control = new AbortController();
  let delay = 500;
  const run = async () => {
    while (!control.signal.aborted) {
      try {
        const answer = await fetch(path, {
          headers: { Accept: 'text/event-stream', Authorization: 'Bearer ' + session.token() },
          signal: control.signal,
        });
        // A refusal (unknown packet, not a member, signed out) stays one: retrying would only repeat it.
        if (answer.status >= 400 && answer.status < 500 && answer.status !== 429) {
          onState('stopped');
          return;
        }
        if (!answer.ok || !answer.body) throw new Error('HTTP ' + answer.status);
        onState('live');
        delay = 500;
        await readEvents(answer.body, onEvent);
        if (ended()) {
          onState('ended');
          return;
        }
      } catch (e) {
        if (control.signal.aborted) return;
      }
      onState('retrying');
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 5000);
    }
  };
  run();
  return { stop: () => control.abort() };
}

async function readEvents(body, onEvent) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value.replace(/\r\n?/g, '\n');
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let name = 'message';
      const data = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) name = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      if (data.length) onEvent(name, data.join('\n'));
    }
  }
}
