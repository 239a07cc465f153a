/** Pure host-name rules for finding a tenant. */

import { normalizeHost } from '../http/forwarded';

export type HostMatch = { kind: 'preDomain'; preDomain: string } | { kind: 'customDomain'; domain: string } | { kind: 'invalid' };

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;
const IPV6 = /^[0-9a-f]*:[0-9a-f:.]*$/;

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
