/**
 * Links from the public pages to other sites (a school's app download page, its promotion-partner
 * login; the operator's exam system): what such an address must be. Pure and browser-safe: the
 * staff screen checks as the administrator types, the server's routes and its configuration decide.
 */

/** The longest address kept (the settings' columns). */
export const EXTERNAL_LINK_MAX_CHARS = 512;

/**
 * Names reserved for examples and tests, never a real site (RFC 2606, RFC 6761): the example.com,
 * example.net and example.org domains, and the .example, .test, .invalid and .localhost top-level
 * domains (localhost itself among them). An address under one of them is a placeholder.
 */
const RESERVED_TOP_LEVEL = new Set(['example', 'test', 'invalid', 'localhost']);
const EXAMPLE_DOMAINS = ['example.com', 'example.net', 'example.org'] as const;

/** Whether a host name is a placeholder: a name reserved for examples and tests. */
export function isPlaceholderHost(host: string): boolean {
  const name = host.trim().toLowerCase().replace(/\.$/, '');
  const top = name.slice(name.lastIndexOf('.') + 1);
  return RESERVED_TOP_LEVEL.has(top) || EXAMPLE_DOMAINS.some((d) => name === d || name.endsWith(`.${d}`));
}

export type ExternalLinkCheck = { ok: true; url: string } | { ok: false; reason: 'format' | 'placeholder' };

/**
 * An address another site is linked by: https (a visitor's browser never leaves the site over plain
 * http, and no javascript: or data: can run in the page), a host name, no user name or password in
 * it, no spaces or angle brackets, at most EXTERNAL_LINK_MAX_CHARS; and not a placeholder.
 * Answers the address as typed (trimmed).
 */
export function checkExternalLink(value: string): ExternalLinkCheck {
  const text = value.trim();
  if (text.length > EXTERNAL_LINK_MAX_CHARS || !/^https:\/\/[^\s<>"'`\\]+$/i.test(text)) return { ok: false, reason: 'format' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: 'format' };
  }
  if (url.protocol !== 'https:' || !url.hostname || url.username || url.password) return { ok: false, reason: 'format' };
  if (isPlaceholderHost(url.hostname)) return { ok: false, reason: 'placeholder' };
  return { ok: true, url: text };
}
