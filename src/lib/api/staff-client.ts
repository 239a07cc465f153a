import { isLoginInvalid, isSuccess, messageOf } from '../envelope';
import { MINUTE } from '~/lib/time/cst';
import { t } from '../i18n/messages/admin';
import { staffSignInUrl } from '../staff/paths';
import { urlOf, type Call } from './contract';

/**
 * The staff screens' API client. The session is the HttpOnly cookie the browser sends by itself
 * (same origin only); every write carries the session's CSRF token in X-CSRF-Token. A refusal that
 * means the session is gone (40001, 40005, 40009) goes to the sign-in page, coming back here after.
 * None of the student client's headers (TenantId, Token) are sent: the host names the school.
 */

export class StaffApiError extends Error {
  constructor(
    message: string,
    public readonly code: number | null,
  ) {
    super(message);
    this.name = 'StaffApiError';
  }
}

/** The page's CSRF token (the page got it from the server with the signed-in person). */
let csrfToken = '';

export function setCsrfToken(token: string): void {
  csrfToken = token;
}

/**
 * Signing out: the page is on its way to the sign-in page, so a call of the screen that was already
 * under way and now finds the session ended must not send it to "sign in and come back here"
 * instead. Kept on the document, which the header's script and the screen's island share.
 */
export function markSigningOut(): void {
  if (typeof document !== 'undefined') document.documentElement.dataset['staffSigningOut'] = '1';
}

const signingOut = () => typeof document !== 'undefined' && document.documentElement.dataset['staffSigningOut'] === '1';

function queryOf(input: unknown): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries((input ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export async function staffSend<Req, Res>(call: Call<Req, Res>, input?: Req, opts: { params?: Record<string, string> } = {}): Promise<Res> {
  const get = call.method === 'GET';
  // A form (an upload) goes as multipart with the boundary the browser sets; anything else as JSON.
  const form = input instanceof FormData;
  const writeHeaders: Record<string, string> = form ? { 'X-CSRF-Token': csrfToken } : { 'Content-Type': 'application/json', 'X-CSRF-Token': csrfToken };
  let body: unknown;
  try {
    const res = await fetch(`${urlOf(call, opts.params)}${get ? queryOf(input) : ''}`, {
      method: call.method,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...(get ? {} : writeHeaders) },
      ...(get ? {} : { body: form ? input : JSON.stringify(input ?? {}) }),
    });
    // A refusal with its envelope (413 too large, 403) says why; anything else is the network's.
    if (!res.ok && !(res.headers.get('content-type') ?? '').includes('application/json')) throw new Error(String(res.status));
    body = await res.json();
  } catch {
    throw new StaffApiError(t('common.systemBusy'), null);
  }
  const env = (body ?? {}) as { code?: unknown; data?: unknown };
  if (isSuccess(env.code)) return env.data as Res;
  const message = messageOf(body) || t('common.systemBusy');
  if (isLoginInvalid(env.code) && typeof location !== 'undefined' && !location.pathname.startsWith('/admin/login') && !signingOut()) {
    location.assign(staffSignInUrl(location.pathname + location.search));
  }
  throw new StaffApiError(message, Number(env.code));
}

/** The file name a Content-Disposition header gives (its UTF-8 filename* first), or `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const star = disposition ? /filename\*=UTF-8''([^;]+)/i.exec(disposition) : null;
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      // A malformed name: the plain one below.
    }
  }
  const plain = disposition ? /filename="([^"]+)"/i.exec(disposition) : null;
  return plain ? plain[1]! : fallback;
}

/**
 * Asks a call that answers a file (the leads' CSV) and saves it in the browser's downloads. A
 * refusal comes as the envelope, as from staffSend: its message is thrown (and a session that is
 * gone goes to sign in), so nothing that is not the file is ever saved as one.
 */
export async function staffDownload<Req>(call: Call<Req, string>, input: Req, fallbackName: string, params?: Record<string, string>): Promise<void> {
  let res: Response;
  try {
    res = await fetch(`${urlOf(call, params)}${queryOf(input)}`, { credentials: 'same-origin', headers: { Accept: 'text/csv, application/json' } });
  } catch {
    throw new StaffApiError(t('common.systemBusy'), null);
  }
  const type = res.headers.get('content-type') ?? '';
  if (res.ok && !type.startsWith('application/json')) {
    const url = URL.createObjectURL(await res.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = fileNameOf(res.headers.get('content-disposition'), fallbackName);
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), MINUTE);
    return;
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new StaffApiError(t('common.systemBusy'), null);
  }
  const env = (body ?? {}) as { code?: unknown };
  if (isLoginInvalid(env.code) && typeof location !== 'undefined') location.assign(staffSignInUrl(location.pathname + location.search));
  throw new StaffApiError(messageOf(body) || t('common.systemBusy'), Number(env.code));
}
