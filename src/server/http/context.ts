import type { FileStore } from '../storage/storage';
import type { UploadStaging } from '../media-library/staging-store';
import type { Config } from '../config';
import type { DB, DatabaseKind } from '../db/database';
import type { Logger } from '../logger';
import type { TtlCache } from '../ttl-cache';
import type { SmsProvider } from '../sms/sms.provider';
import type { MapProvider } from '../platform/map.provider';
import type { MediaTools } from '../media-tools';
import type { SchoolPage, Tenant } from '../tenant/tenant.table';
import type { CustomerServiceVO } from '~/lib/api/contracts/leads';
import type { PageChangeBus } from '../events/page-change-bus';

/** Process-wide dependencies, made once at start and passed down; no module holds them. */
export interface Runtime {
  config: Config;
  db: DB;
  dbKind: DatabaseKind;
  logger: Logger;
  /** Current time in epoch ms; tests pass a controlled clock. */
  now: () => number;
  /**
   * Per-page look-ups kept a few seconds (see ttl-cache.ts): tenant by host, school and its first
   * customer service (the floating tools) by tenant; qrCodes: QR SVG markup by text (pure, costly
   * to draw: about 0.4 ms each, kept an hour).
   */
  lookups: {
    tenants: TtlCache<Tenant | null>;
    schools: TtlCache<SchoolPage>;
    customerServices: TtlCache<CustomerServiceVO | null>;
    qrCodes: TtlCache<string>;
  };
  /**
   * Outside services, made once from the configuration: where SMS codes go; IP location (null
   * without a key); the media programs (ffmpeg, ffprobe) and whether they can be run.
   */
  providers: {
    sms: SmsProvider;
    map: MapProvider | null;
    mediaTools: MediaTools;
  };
  /** Where uploaded files are kept: UPLOAD_DIR on the local disk, or a bucket (STORAGE_DRIVER=s3). */
  storage: FileStore;
  /**
   * Changes of public pages, published by the domains that make them and heard by every cache of
   * every instance (src/server/events/page-change-bus.ts): in process on SQLite, NOTIFY on PostgreSQL.
   */
  pageChanges: PageChangeBus;
  /** Where unfinished resumable uploads wait (UPLOAD_DIR/.media-uploads, or the bucket with STORAGE_DRIVER=s3). */
  uploadStaging: UploadStaging;
}

/** The request headers of the spec, read once. */
export interface ClientHeaders {
  tenantId: string | null;
  schoolId: string | null;
  token: string | null;
  grayVersion: string | null;
  platformType: string | null;
  applicationId: string | null;
  /** Basic client authorization, decoded: 'clientId:clientSecret'. */
  client: { id: string; secret: string } | null;
  /** The staff session's token, from its cookie (src/server/staff/accounts/sessions.service.ts). */
  staffToken?: string | null;
  userAgent?: string | null;
}

/** The staff session cookie's name (also STAFF_COOKIE of the staff sessions service). */
const STAFF_COOKIE = 'szyx_staff';
const COOKIE_TOKEN = /^[\w-]{16,128}$/;

/** The value of one cookie of a Cookie header, when it looks like a token; the first one wins. */
function cookieToken(cookieHeader: string | null, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    const value = part.slice(at + 1).trim();
    return COOKIE_TOKEN.test(value) ? value : null;
  }
  return null;
}

function header(h: Headers, ...names: string[]): string | null {
  for (const n of names) {
    const v = h.get(n)?.trim();
    if (v) return v.slice(0, 256);
  }
  return null;
}

function decodeBasic(value: string | null): ClientHeaders['client'] {
  if (!value || !/^basic\s+/i.test(value)) return null;
  try {
    const decoded = atob(value.replace(/^basic\s+/i, '').trim());
    const i = decoded.indexOf(':');
    return i > 0 ? { id: decoded.slice(0, i), secret: decoded.slice(i + 1) } : null;
  } catch {
    return null;
  }
}

export function readClientHeaders(h: Headers): ClientHeaders {
  return {
    tenantId: header(h, 'tenantid', 'tenant-id'),
    schoolId: header(h, 'schoolid', 'school-id'),
    token: header(h, 'token'),
    grayVersion: header(h, 'gray_version', 'gray-version'),
    platformType: header(h, 'platformtype', 'platform-type'),
    applicationId: header(h, 'applicationid', 'application-id'),
    client: decodeBasic(header(h, 'authorization')),
    staffToken: cookieToken(h.get('cookie'), STAFF_COOKIE),
    userAgent: header(h, 'user-agent'),
  };
}
