/** Pure host-name rules for finding a tenant. */

export type HostMatch = { kind: 'preDomain'; preDomain: string } | { kind: 'customDomain'; domain: string } | { kind: 'invalid' };

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;
const IPV6 = /^[0-9a-f]*:[0-9a-f:.]*$/;

/** 'Demo.Example.com:4321' -> 'demo.example.com'; '[::1]:80' -> '::1'. */
export function normalizeHost(host: string | null | undefined): string {
  let h = (host ?? '').trim().toLowerCase();
  if (h.startsWith('[')) {
    const end = h.indexOf(']');
    // '[::1]' or '[::1]:4321' only; anything else is not a host.
    return end > 0 && /^(?::\d+)?$/.test(h.slice(end + 1)) ? h.slice(1, end) : h;
  }
  const colon = h.lastIndexOf(':');
  if (colon > -1 && /^\d+$/.test(h.slice(colon + 1))) h = h.slice(0, colon);
  return h.endsWith('.') ? h.slice(0, -1) : h;
}

/**
 * The host name minus the configured base ("prefix") domains gives the tenant's pre-domain:
 * 'huaxia.yunxiao.cn' with base 'yunxiao.cn' -> 'huaxia'. A bare base domain, an IP address or
 * localhost itself give the default tenant. Any other host may be a school's own domain.
 */
export function matchHost(rawHost: string | null | undefined, baseDomains: readonly string[], defaultPreDomain: string): HostMatch {
  const host = normalizeHost(rawHost);
  if (!host) return { kind: 'preDomain', preDomain: defaultPreDomain };
  if (IPV4.test(host) || IPV6.test(host)) return { kind: 'preDomain', preDomain: defaultPreDomain };
  if (host.includes(':') || host.includes('[')) return { kind: 'invalid' };
  // Longest base first so 'edu.example.com' wins over 'example.com'.
  for (const base of [...baseDomains].sort((a, b) => b.length - a.length)) {
    if (host === base || host === `www.${base}`) return { kind: 'preDomain', preDomain: defaultPreDomain };
    if (host.endsWith(`.${base}`)) {
      const prefix = host.slice(0, -(base.length + 1));
      return LABEL.test(prefix) ? { kind: 'preDomain', preDomain: prefix } : { kind: 'invalid' };
    }
  }
  if (host === 'localhost') return { kind: 'preDomain', preDomain: defaultPreDomain };
  return host.split('.').every((l) => LABEL.test(l)) ? { kind: 'customDomain', domain: host } : { kind: 'invalid' };
}
