/**
 * An audit entry in words (the 操作日志 screen; tests/unit/audit-words.test.ts): who did it, what
 * they did and to which thing, as one Chinese sentence, and each changed field as a label and its
 * values before and after. Pure and browser-safe; the server names the ids an entry mentions
 * (referencedIds) in one query per kind of thing, and says where a thing that still exists is
 * shown to staff (auditLink).
 */

import { adminAudit, t } from '../i18n/messages/admin-audit';
import { formatDateTime, MINUTE, SECOND } from '../time/cst';
import { AUDIT_TARGET, isStaffRole, STAFF_STATUS, type AuditAction, type AuditTarget, type StaffRole } from './roles';

type Fields = Record<string, unknown>;
type Message = Parameters<typeof t>[0];

/** Whether the audit catalogue has the message (an enum value's label, a field's label). */
const written = (key: string): key is Message => key in adminAudit;

/** What an entry says, with the names the server found for the ids it mentions. */
export interface AuditFacts {
  action: AuditAction;
  targetType: AuditTarget;
  targetId: string;
  /** The thing's name: as it is now where it still exists, else as written with the entry; null when neither. */
  targetName: string | null;
  actorName: string;
  /** Null for the operator's command line or an account no longer there. */
  actorRole: StaffRole | null;
  before: Fields | null;
  after: Fields | null;
  /** Names of ids the entry's fields mention (referencedIds), by id. */
  names: Readonly<Record<string, string>>;
}

/** One changed field: its label, the value before (null: none before) and after. */
export interface ChangeLine {
  label: string;
  before: string | null;
  after: string;
}

export interface AuditWords {
  /** '张老师（学校管理员）撤销了职业技能等级证书「王建国 · 电工」' */
  sentence: string;
  /** The sentence in three: up to the thing, the thing (empty where the action names none), after it; a screen links the thing. */
  lead: string;
  thing: string;
  tail: string;
  changes: ChangeLine[];
}

/** The longest text a value shows before it is cut with '…'. */
const TEXT_MAX = 40;
/** The most items of a list a value names before '等 n 项'. */
const LIST_MAX = 5;
/** The most fields of an object a value names. */
const OBJECT_MAX = 3;
/** How many last digits of an id stand for a thing no name is known for. */
const ID_TAIL = 6;
/** An id as the portal makes them (src/server/ids.ts: the time in ms and 13 random digits). */
const ID_RUN = /\d{26,}/g;
const IS_ID = /^\d{26}$/;
/** The greatest epoch ms a date can hold. */
const MAX_TIME = 8.64e15;

/** Where each kind of thing is shown to staff, when it still exists; `parent` is what the lookup found it under (an attempt's work). */
const LINKS: Partial<Record<AuditTarget, (id: string, parent: string | null) => string | null>> = {
  account: () => '/admin/accounts',
  news: (id) => `/admin/news/edit?id=${id}`,
  notice: (id) => `/admin/notices/edit?id=${id}`,
  newsCategory: () => '/admin/news',
  product: (id) => `/admin/catalog/products?id=${id}`,
  productCategory: (id) => `/admin/catalog/categories?id=${id}`,
  question: (id) => `/admin/catalog/questions?id=${id}`,
  hotMajor: (id) => `/admin/catalog/majors?id=${id}`,
  banner: (id) => `/admin/catalog/banners?id=${id}`,
  coupon: (id) => `/admin/catalog/coupons?id=${id}`,
  albumCategory: (id) => `/admin/catalog/album-categories?id=${id}`,
  material: (id) => `/admin/catalog/materials?id=${id}`,
  teachingClass: (id) => `/admin/classes?id=${id}`,
  classPeriod: (_id, classId) => (classId ? `/admin/classes?id=${classId}` : null),
  // Entries about a student open their 学员管理 page (their classes are linked from there).
  classStudent: (_id, userId) => (userId ? `/admin/students?id=${userId}` : null),
  schoolStudent: (id) => `/admin/students?id=${id}`,
  course: (id) => `/admin/courses?id=${id}`,
  examPaper: (id) => `/admin/papers?id=${id}`,
  work: () => '/admin/works',
  skillCert: (id) => `/admin/certificates/print?kind=skill&id=${id}`,
  trainingCert: (id) => `/admin/certificates/print?kind=training&id=${id}`,
  workAttempt: (_id, workId) => (workId ? `/admin/marking?work=${workId}` : null),
};

/** The staff screen of a thing that still exists (null: no screen shows it alone). */
export function auditLink(type: AuditTarget, id: string, parent: string | null): string | null {
  const link = LINKS[type];
  return link ? link(encodeURIComponent(id), parent === null ? null : encodeURIComponent(parent)) : null;
}

/** Kinds of thing named by the entry alone, never by an id: the school's settings, its certificate register, a session. */
const UNNAMED: readonly AuditTarget[] = [AUDIT_TARGET.school, AUDIT_TARGET.certificateRegister, AUDIT_TARGET.session, AUDIT_TARGET.agreement];

/** Fields that hold ids of another kind of thing (a list of them as well). 'order' lists the entry's own kind. */
const REFERENCES: Readonly<Record<string, AuditTarget>> = {
  classId: AUDIT_TARGET.teachingClass,
  courseId: AUDIT_TARGET.course,
  paperId: AUDIT_TARGET.examPaper,
  from: AUDIT_TARGET.examPaper,
  workId: AUDIT_TARGET.work,
  periodId: AUDIT_TARGET.classPeriod,
  majorId: AUDIT_TARGET.hotMajor,
  majorIds: AUDIT_TARGET.hotMajor,
  categoryId: AUDIT_TARGET.albumCategory,
  categoryIds: AUDIT_TARGET.productCategory,
  categorizeIds: AUDIT_TARGET.newsCategory,
  invitationId: AUDIT_TARGET.invitation,
  userId: AUDIT_TARGET.schoolStudent,
};

/** The ids an entry mentions, each with its kind: the thing itself and the ids in its fields the server can name. */
export function referencedIds(e: Pick<AuditFacts, 'targetType' | 'targetId' | 'before' | 'after'>): { type: AuditTarget; id: string }[] {
  const found = [{ type: e.targetType, id: e.targetId }];
  for (const side of [e.before, e.after]) {
    for (const [key, value] of Object.entries(side ?? {})) {
      const type = key === 'order' ? e.targetType : Object.hasOwn(REFERENCES, key) ? REFERENCES[key] : undefined;
      if (!type) continue;
      for (const id of Array.isArray(value) ? value : [value]) if (typeof id === 'string' && IS_ID.test(id)) found.push({ type, id });
    }
  }
  return found;
}

// ------------------------------------------------------------------ values

type Enum = 'lead' | 'catalog' | 'article' | 'cert' | 'job' | 'service' | 'class' | 'direction' | 'certKind';
type ValueKind = Enum | 'role' | 'accountStatus' | 'minutes' | 'ms' | 'html';

const CATALOG_TARGETS: readonly AuditTarget[] = ['product', 'productCategory', 'question', 'hotMajor', 'banner', 'coupon', 'albumCategory', 'material'];

/** The fields read the same way whatever the kind of thing. */
const VALUE_KINDS: Readonly<Record<string, ValueKind>> = {
  serviceStatus: 'service',
  teachingClassStatus: 'class',
  direction: 'direction',
  role: 'role',
  unitTime: 'minutes',
  durationMs: 'ms',
  detail: 'html',
  answer: 'html',
  content: 'html',
  html: 'html',
  trunk: 'html',
};

/** How a field's values read where they are not plain text, numbers or times: per field, and per kind of thing where it differs. */
function valueKind(type: AuditTarget, key: string): ValueKind | null {
  if (key === 'state') {
    if (type === 'lead') return 'lead';
    if (CATALOG_TARGETS.includes(type)) return 'catalog';
    if (type === 'news' || type === 'notice') return 'article';
    if (type === 'skillCert' || type === 'trainingCert') return 'cert';
    if (type === 'job') return 'job';
    return null;
  }
  if (key === 'status' && type === 'account') return 'accountStatus';
  if (key === 'kind' && (type === 'skillCert' || type === 'trainingCert')) return 'certKind';
  return Object.hasOwn(VALUE_KINDS, key) ? VALUE_KINDS[key]! : null;
}

const yesNo = (b: boolean) => t(b ? 'audit.value.yes' : 'audit.value.no');

/** The last digits of an id: enough to tell two apart, never the whole id. */
const idTail = (id: string) => t('audit.idTail', { tail: id.slice(-ID_TAIL) });

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > TEXT_MAX ? `${flat.slice(0, TEXT_MAX)}…` : flat;
}

/** Text as shown: ids replaced by their names (or their last digits), tags dropped, long text cut. */
function textOf(text: string, names: AuditFacts['names'], html: boolean): string {
  const plain = html ? text.replace(/<[^>]*>/g, ' ') : text;
  const named = plain.replace(ID_RUN, (id) => names[id] ?? idTail(id));
  const short = shorten(named);
  return short === '' ? t('audit.value.empty') : short;
}

function enumText(kind: ValueKind, value: unknown): string | null {
  if (kind === 'role') return isStaffRole(value) ? t(`admin.role.${value}`) : null;
  if (kind === 'accountStatus')
    return value === STAFF_STATUS.active ? t('admin.status.active') : value === STAFF_STATUS.disabled ? t('admin.status.disabled') : null;
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const key = `audit.value.${kind}.${value}`;
  return written(key) ? t(key) : null;
}

function numberText(key: string, kind: ValueKind | null, n: number): string {
  if (kind === 'minutes') return t('audit.minutes', { n });
  if (kind === 'ms') return t('audit.seconds', { n: Math.round(n / SECOND) });
  const isTime = /(At|Time)$/.test(key) && Number.isFinite(n) && Math.abs(n) <= MAX_TIME && n > MINUTE;
  return isTime ? formatDateTime(n) : String(n);
}

/** An object's fields in brief: its name or title if it has one, else its first filled-in fields. */
function objectText(o: Fields, names: AuditFacts['names'], depth: number): string {
  for (const key of ['name', 'title', 'value', 'key']) {
    if (typeof o[key] === 'string' && o[key] !== '') return textOf(o[key], names, false);
  }
  const filled = Object.values(o).filter((v) => v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0));
  if (filled.length === 0) return t('audit.value.empty');
  if (depth > 0) return t('audit.items', { n: filled.length });
  const shown = filled.slice(0, OBJECT_MAX).map((v) => plainText(v, names, depth + 1));
  return filled.length > OBJECT_MAX ? `${shown.join('，')} ${t('audit.more', { n: filled.length })}` : shown.join('，');
}

/** A value with no field to read it by: text, a number, a list or an object in brief. */
function plainText(value: unknown, names: AuditFacts['names'], depth = 0): string {
  if (value === null || value === undefined || value === '') return t('audit.value.empty');
  if (typeof value === 'boolean') return yesNo(value);
  if (typeof value === 'string') return textOf(value, names, false);
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return t('audit.none');
    if (depth > 0) return t('audit.items', { n: value.length });
    const shown = value.slice(0, LIST_MAX).map((v) => plainText(v, names, depth + 1));
    return value.length > LIST_MAX ? `${shown.join('、')} ${t('audit.more', { n: value.length })}` : shown.join('、');
  }
  if (typeof value === 'object') return objectText(value as Fields, names, depth);
  return t('audit.value.empty');
}

/** One field's value as shown: enums by their labels, times in China Standard Time, ids by name. */
export function valueText(type: AuditTarget, key: string, value: unknown, names: AuditFacts['names']): string {
  const kind = valueKind(type, key);
  const label = kind ? enumText(kind, value) : null;
  if (label !== null) return label;
  if (typeof value === 'number') return numberText(key, kind, value);
  if (typeof value === 'string' && kind === 'html') return textOf(value, names, true);
  return plainText(value, names);
}

// ------------------------------------------------------------------ labels

/** A field's label: its own for this kind of thing, else the field's, else the words it is written in (the marking's fields are Chinese already). */
export function fieldLabel(type: AuditTarget, key: string): string {
  const own = `audit.field.${type}.${key}`;
  if (written(own)) return t(own);
  const shared = `audit.field.${key}`;
  if (written(shared)) return t(shared);
  return /^[\u4e00-\u9fff]/.test(key) ? shorten(key) : t('audit.field.other');
}

// ------------------------------------------------------------------ the sentence

/** The fields that name a record, in the order tried. */
const NAME_FIELDS = ['title', 'name', 'categoryName', 'studentName', 'question', 'domain', 'student', 'text'] as const;

/** A record's name as its fields give it (its title, its name…), null when none does. */
export function nameInFields(...sides: (Fields | null | undefined)[]): string | null {
  for (const side of sides) {
    for (const key of NAME_FIELDS) {
      const value = side?.[key];
      if (typeof value === 'string' && value.trim() !== '') return value.trim();
    }
  }
  return null;
}

/** The thing an entry is about: its kind and name, or its kind and the id's last digits. */
export function thingText(e: AuditFacts): string {
  const kind = t(`admin.audit.target.${e.targetType}`);
  if (UNNAMED.includes(e.targetType)) return kind;
  const name = e.names[e.targetId] ?? e.targetName ?? nameInFields(e.after, e.before);
  return name === null ? t('audit.thingUnnamed', { kind, tail: e.targetId.slice(-ID_TAIL) }) : t('audit.thing', { kind, name: textOf(name, e.names, false) });
}

/** Where the thing goes in an action's words, split there. */
const THING_MARK = '\u0000';

function whoText(e: AuditFacts): string {
  return e.actorRole ? t('audit.who', { name: e.actorName, role: t(`admin.role.${e.actorRole}`) }) : e.actorName || t('audit.operator');
}

/** The entry as a sentence and its changed fields, one line each. */
export function auditWords(e: AuditFacts): AuditWords {
  const [lead = '', ...rest] = t(`audit.do.${e.action}`, { thing: THING_MARK }).split(THING_MARK);
  const thing = rest.length ? thingText(e) : '';
  const tail = rest.join('');
  const who = whoText(e);
  const keys = [...new Set([...Object.keys(e.before ?? {}), ...Object.keys(e.after ?? {})])];
  const changes = keys.map(
    (key): ChangeLine => ({
      label: fieldLabel(e.targetType, key),
      before: e.before && key in e.before ? valueText(e.targetType, key, e.before[key], e.names) : null,
      after: e.after && key in e.after ? valueText(e.targetType, key, e.after[key], e.names) : t('audit.value.empty'),
    }),
  );
  return { sentence: `${who}${lead}${thing}${tail}`, lead: `${who}${lead}`, thing, tail, changes };
}
