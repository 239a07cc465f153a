import { publicConfig } from '../config';
import { readItem, StorageKey } from '../storage';

/**
 * What every call to the API carries (the spec's headers) and where it goes. Shared by the API
 * client and the class page's inline script (src/islands/learner/class/early-first-view.ts), which
 * asks before the client has loaded: this module imports nothing but the page's configuration and
 * the browser's storage, so that script stays small.
 */

const PLATFORM_TYPE = 'PC';
const CLIENT_AUTH = `Basic ${typeof btoa === 'function' ? btoa('portal_web:portal_web_secret') : ''}`;

/** The spec's headers of a call: platform, client, the school, and the login's token when there is one. */
export function apiHeaders(): Record<string, string> {
  const cfg = publicConfig();
  const h: Record<string, string> = { PlatformType: PLATFORM_TYPE, Authorization: CLIENT_AUTH, gray_version: 'stable' };
  const tenantId = cfg.tenantId ?? readItem(StorageKey.tenantId);
  if (tenantId) {
    h['TenantId'] = tenantId;
    h['SchoolId'] = tenantId;
  }
  const token = readItem(StorageKey.token);
  if (token) h['Token'] = token;
  const app = readItem(StorageKey.applicationId);
  if (app) h['ApplicationId'] = app;
  return h;
}

/** `path` under the API's base (PUBLIC_API_BASE: empty, a path or an origin), unless it is under it already. */
export function withBase(path: string, base: string): string {
  if (!base || base === '/') return path;
  const root = base.endsWith('/') ? base.slice(0, -1) : base;
  if (path.startsWith(root) && /^(?:[/?]|$)/.test(path.slice(root.length))) return path;
  return `${root}/${path.replace(/^\.?\//, '')}`;
}
