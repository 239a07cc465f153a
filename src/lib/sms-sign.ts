/**
 * The sign of an SMS code's send, shared by the browser and the server (browser-safe; the codes'
 * templates and rules are ./sms-codes.ts).
 *
 * The `sign` header of GET /api/oauth/anyTenant/sendSmsCode is the lower-case hex SHA-256 of the
 * query parameters except `sign`, sorted by name and joined as `k=v&k=v`, followed by
 * `&key=<access key>`. The access key is a client constant (public config `smsSignKey`), not a
 * secret: the sign only keeps casual scripts from calling the endpoint; the real protection is the
 * server's rate limits.
 */

/** The text that is hashed: parameters except sign, sorted by name, then &key=<access key>. */
export function smsSignText(params: Record<string, unknown>, accessKey: string): string {
  const pairs = Object.entries(params)
    .filter(([k, v]) => k !== 'sign' && v !== undefined && v !== null)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${String(v)}`);
  return `${pairs.join('&')}&key=${accessKey}`;
}

function hex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The sign header value, computed with WebCrypto (browser and Node alike). */
export async function smsSign(params: Record<string, unknown>, accessKey: string): Promise<string> {
  const data = new TextEncoder().encode(smsSignText(params, accessKey));
  return hex(await crypto.subtle.digest('SHA-256', data));
}
