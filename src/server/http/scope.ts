import type { Config } from '../config';
import type { DB } from '../db/database';
import type { Logger } from '../logger';
import type { SchoolPage, Tenant } from '../tenant/tenant.table';
import type { User } from '../identity/identity.table';
import type { StaffActor } from '../staff/accounts/accounts.table';
import type { TtlCache } from '../ttl-cache';
import type { RichTextMemo } from '../rich-text-memo';
import type { KeptHtml } from '../pages/kept-html';
import type { Asides } from '../pages/asides';
import type { HomeSections } from '../pages/home-sections';
import type { SmsProvider } from '../sms/sms.provider';
import type { MapProvider } from '../platform/map.provider';
import type { MediaTools } from '../media-tools';
import type { FileStore } from '../storage/storage';
import type { UploadStaging } from '../media-library/staging-store';
import type { PageChangeBus } from '../events/page-change-bus';
import type { CustomerServiceVO } from '~/lib/api/contracts/leads';
import type { NewsDetail, NewsSummary, NoticeDetail, NoticeSummary } from '~/lib/api/contracts/content';
import type { Page } from '~/lib/paging';
import type { Ranking } from '~/lib/learning/timetable';

/** A request's logged-in user: the user and the hash of the token it came with. */
export interface Authenticated {
  user: User;
  tokenHash: string;
}

/** A logged-in user as a student of one school: the user and their student id there. */
export interface Student {
  tenantId: string;
  studentId: string;
  user: User;
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

/**
 * Per-page look-ups kept a few seconds (see ttl-cache.ts): tenant by host, school and its first
 * customer service (the floating tools) by tenant; qrCodes: QR SVG markup by text (pure, costly
 * to draw: about 0.4 ms each, kept an hour).
 */
export interface Lookups {
  tenants: TtlCache<Tenant | null>;
  schools: TtlCache<SchoolPage>;
  customerServices: TtlCache<CustomerServiceVO | null>;
  qrCodes: TtlCache<string>;
  /** Stored rich HTML made safe, by text and school (pure: kept until pushed out, never stale; decision 105). */
  richText: RichTextMemo;
  /** How many of a class take part in each of its courses (duties.service.ts participantsOf), kept a while per class. */
  participants: TtlCache<Map<string, number>>;
  /** How many of a class completed a course (course-detail.service.ts finishedStudents), kept a while per class and course. */
  finishers: TtlCache<number>;
  /** A class's ranking over a range of the timetable (timetable.service.ts classRankingOf), kept a while per class and range. */
  rankings: TtlCache<Ranking>;
  /** The news and notice pages' side columns of a school (src/server/pages/asides.ts), cleared by a change of what they show. */
  asides: TtlCache<Asides>;
  /** The home page's sections of a school (src/server/pages/home-sections.ts), cleared by a change of what they show. */
  homes: TtlCache<HomeSections>;
  /** The news list's first page of a school, per category and with none (src/server/pages/news-list.ts), cleared by a change of news. */
  newsLists: TtlCache<Page<NewsSummary>>;
  /** A school's published news items, as their pages show them (src/server/pages/news-list.ts), cleared by a change of news. */
  newsItems: TtlCache<NewsDetail | null>;
  /** The notice list's first page of a school (src/server/pages/notice-pages.ts), cleared by a change of notices. */
  noticeLists: TtlCache<Page<NoticeSummary>>;
  /** A school's published notices, as their pages show them (src/server/pages/notice-pages.ts), cleared by a change of notices. */
  noticeItems: TtlCache<NoticeDetail | null>;
  /**
   * The layout's header, footer and floating tools, the side columns, the home's sections and body, the news and notice
   * lists' first pages and their items' articles, each drawn once from a look-up's object above (decision 100).
   */
  layoutParts: KeptHtml;
}

/**
 * Outside services, made once from the configuration: where SMS codes go; IP location (null
 * without a key); the media programs (ffmpeg, ffprobe) and whether they can be run.
 */
export interface Providers {
  sms: SmsProvider;
  map: MapProvider | null;
  mediaTools: MediaTools;
}

/**
 * Everything one request may use, set once when it arrives: the database, the clock reading of
 * the request, its id and peer, the client headers, and the school, user and student, each
 * resolved on first use and then kept for the rest of the request. Services take the scope and
 * their input; nothing about a request lives anywhere else.
 */
export interface Scope {
  readonly db: DB;
  /** Where a read of a whole class goes (Runtime.classWideDb, decision 137): only reads, outside any transaction. */
  readonly classWideDb: DB;
  readonly config: Config;
  readonly logger: Logger;
  readonly lookups: Lookups;
  /** Outside services (SMS, map), made once per process. */
  readonly providers: Providers;
  /** Where uploaded files are kept. */
  readonly storage: FileStore;
  /** Where a domain says that public pages changed (after its change is committed). */
  readonly pageChanges: PageChangeBus;
  /** Where unfinished resumable uploads wait. */
  readonly uploadStaging: UploadStaging;
  readonly requestId: string;
  /** The peer address ('' when unknown). */
  readonly ip: string;
  readonly host: string;
  readonly headers: ClientHeaders;
  /** The request's clock reading (epoch ms): one instant for every rule the request applies. */
  readonly now: number;
  /**
   * The school of the request: an explicit id when the call names one (a tenantId field), else
   * the TenantId/SchoolId header, else the host name. Throws "school not found".
   */
  tenant(explicitId?: string | null): Promise<Tenant>;
  /** The logged-in user (Token header) in this school; throws the login-invalid codes. */
  user(): Promise<Authenticated>;
  /** The user when a valid token came with the request, else null (visitor-or-user calls). */
  optionalUser(): Promise<Authenticated | null>;
  /** The logged-in user as a student of this school; throws the login-invalid codes. */
  student(): Promise<Student>;
  /** The signed-in staff member of this school (the staff session cookie); throws 40001, 40005 or 40009. */
  staff(): Promise<StaffActor>;
  /** The staff member when a valid staff session came with the request, else null (the /admin pages). */
  optionalStaff(): Promise<StaffActor | null>;
  /** The CSRF token of a staff member's session: each staff write must carry it (X-CSRF-Token). */
  staffCsrfToken(actor: StaffActor): string;
}

/** The Hono environment of every API route: the scope is set once per request in app.ts. */
export type ApiEnv = {
  Bindings: { requestId?: string; ip?: string; body?: Buffer | undefined };
  Variables: { scope: Scope };
};

/**
 * Runs `work` in one transaction, through a scope whose `db` is the transaction's: a student's write whose reads and
 * rate count belong with it (decision 102). The school and the user are found first: on SQLite a lookup through the
 * request's own `db` inside the transaction would wait for the connection the transaction holds.
 */
export async function studentTransaction<T>(s: Scope, work: (ts: Scope) => Promise<T>): Promise<T> {
  await Promise.all([s.tenant(), s.user()]);
  return s.db.transaction().execute((trx) => work({ ...s, db: trx }));
}
