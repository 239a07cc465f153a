import { t } from '~/lib/i18n/messages/admin-audit';
import * as staff from '~/lib/api/contracts/staff';
import type { AuditEntry, AuditQuery, StaffMe } from '~/lib/api/contracts/staff';
import { setCsrfToken, staffSend } from '~/lib/api/staff-client';
import { AUDIT_ACTIONS, AUDIT_TARGETS, type AuditAction } from '~/lib/staff/roles';
import { auditWords, type AuditWords, type ChangeLine } from '~/lib/staff/audit-words';
import { PageTitle, Section, timeText, useLoaded } from './shared';
import { FilterBar, PagedList, filledIn, useListScreen, type Column, type FilterField } from './kit';

/**
 * The audit log (/admin/audit, administrators): every staff action of the school, newest first, as
 * a sentence (who, what, which thing, the thing a link to its screen while it exists) and the
 * fields it changed in words; filtered by person, action, kind of thing and days (China Standard
 * Time), 20 a page.
 */
const PAGE_SIZE = 20;

const actionLabel = (action: AuditAction) => t(`admin.action.${action}`);
const ACTION_OPTIONS = AUDIT_ACTIONS.map((a) => [a, actionLabel(a)] as const);
const TARGET_OPTIONS = AUDIT_TARGETS.map((k) => [k, t(`admin.audit.target.${k}`)] as const);

/** The entry's sentence, the thing a link to its screen while it exists. */
function Sentence({ e, words }: { e: AuditEntry; words: AuditWords }) {
  return (
    <>
      {words.lead}
      {words.thing && e.link ? (
        <a href={e.link} className="text-brand underline">
          {words.thing}
        </a>
      ) : (
        words.thing
      )}
      {words.tail}
    </>
  );
}

/** "角色：内容编辑 → 任课教师", one line per changed field. */
const changeLine = (c: ChangeLine) => `${c.label}：${c.before === null ? '' : `${c.before} → `}${c.after}`;

const BLANK = { actorId: '', action: '', targetType: '', from: '', to: '' };
const FIRST: AuditQuery = { current: 1, size: PAGE_SIZE };

export default function AuditIsland({ me }: { me: StaffMe }) {
  setCsrfToken(me.csrfToken);
  // The person filter's choices: the school's accounts, the first hundred (the most a page holds).
  const people = useLoaded(async () => (await staffSend(staff.accounts, { current: 1, size: 100 })).records);
  const list = useListScreen((q: AuditQuery) => staffSend(staff.audit, q), FIRST);

  const columns: Column<AuditEntry>[] = [
    { header: t('admin.audit.colTime'), cell: (e) => timeText(e.at), className: 'whitespace-nowrap' },
    { header: t('admin.audit.colAction'), cell: (e) => <Sentence e={e} words={auditWords(e)} /> },
    {
      header: t('admin.audit.colChange'),
      cell: (e) =>
        auditWords(e).changes.map((c) => (
          <span key={c.label} className="block">
            {changeLine(c)}
          </span>
        )),
    },
    { header: t('admin.audit.colIp'), cell: (e) => e.ip || '-' },
  ];
  const filters: FilterField<keyof typeof BLANK>[] = [
    {
      name: 'actorId',
      label: t('admin.audit.actor'),
      kind: 'select',
      any: t('admin.audit.anyActor'),
      options: (people.data ?? []).map((p) => [p.id, `${p.name}（${p.mobile}）`] as const),
    },
    { name: 'action', label: t('admin.audit.action'), kind: 'select', any: t('admin.audit.anyAction'), options: ACTION_OPTIONS },
    { name: 'targetType', label: t('audit.kindFilter'), kind: 'select', any: t('audit.anyKind'), options: TARGET_OPTIONS },
    { name: 'from', label: t('admin.audit.from'), kind: 'date' },
    { name: 'to', label: t('admin.audit.to'), kind: 'date' },
  ];
  return (
    <div>
      <PageTitle>{t('admin.audit.title')}</PageTitle>
      <Section title={t('admin.audit.filters')}>
        <FilterBar idPrefix="audit" fields={filters} blank={BLANK} onSearch={(v) => list.go({ ...FIRST, ...filledIn(v) } as AuditQuery)} />
      </Section>
      <Section title={t('admin.audit.title')}>
        <PagedList
          list={list}
          label={t('admin.audit.title')}
          columns={columns}
          rowProps={(e) => ({ 'data-audit-entry': e.id })}
          empty={t('admin.audit.empty')}
        />
      </Section>
    </div>
  );
}
