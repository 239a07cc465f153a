import { t } from '~/lib/i18n/messages/admin';
import * as staff from '~/lib/api/contracts/staff';
import type { AuditEntry, AuditQuery, StaffMe } from '~/lib/api/contracts/staff';
import { setCsrfToken, staffSend } from '~/lib/api/staff-client';
import { AUDIT_ACTIONS, isStaffRole, type AuditAction } from '~/lib/staff/roles';
import { PageTitle, Section, roleLabel, statusLabel, timeText, useLoaded } from './shared';
import { FilterBar, PagedList, filledIn, useListScreen, type Column, type FilterField } from './kit';

/**
 * The audit log (/admin/audit, administrators): every staff action of the school, newest first,
 * with who did it, to what, and the fields it changed; filtered by person, action and days (China
 * Standard Time), 20 a page.
 */
const PAGE_SIZE = 20;

const FIELD_LABELS: Record<string, Parameters<typeof t>[0]> = {
  role: 'admin.field.role',
  status: 'admin.field.status',
  secondFactor: 'admin.field.secondFactor',
  secondFactorPending: 'admin.field.secondFactorPending',
  state: 'admin.field.leadState',
  revoked: 'admin.field.revoked',
  revokedSessions: 'admin.field.revokedSessions',
  passwordUpdatedAt: 'admin.field.passwordUpdatedAt',
  name: 'admin.field.name',
  mobile: 'admin.field.mobile',
  expiresAt: 'admin.field.expiresAt',
  invitationId: 'admin.field.invitationId',
  recoveryCodesLeft: 'admin.field.recoveryCodesLeft',
  newRecoveryCodes: 'admin.field.newRecoveryCodes',
  withRecoveryCode: 'admin.field.withRecoveryCode',
  withResetLink: 'admin.field.withResetLink',
  withSmsCode: 'admin.field.withSmsCode',
  revokedLinks: 'admin.field.revokedLinks',
  note: 'admin.field.note',
};

const actionLabel = (action: AuditAction) => t(`admin.action.${action}`);
const ACTION_OPTIONS = AUDIT_ACTIONS.map((a) => [a, actionLabel(a)] as const);

function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return t('admin.empty');
  if (field === 'role' && isStaffRole(value)) return roleLabel(value);
  if (field === 'status' && (value === 0 || value === 1)) return statusLabel(value);
  if (field === 'state' && (value === 0 || value === 1)) return t(`admin.leads.state.${value}`);
  if (typeof value === 'boolean') return t(value ? 'admin.yes' : 'admin.no');
  if (field.endsWith('At') && typeof value === 'number') return timeText(value);
  return String(value);
}

/** "角色：内容编辑 → 任课教师", one line per changed field. */
function changeLines(e: AuditEntry): string[] {
  const keys = [...new Set([...Object.keys(e.before ?? {}), ...Object.keys(e.after ?? {})])];
  return keys.map((key) => {
    const label = FIELD_LABELS[key] ? t(FIELD_LABELS[key]) : key;
    const before = e.before && key in e.before ? valueText(key, e.before[key]) : null;
    const after = e.after && key in e.after ? valueText(key, e.after[key]) : null;
    return `${label}：${before === null ? '' : `${before} → `}${after ?? t('admin.empty')}`;
  });
}

const BLANK = { actorId: '', action: '', from: '', to: '' };
const FIRST: AuditQuery = { current: 1, size: PAGE_SIZE };

export default function AuditIsland({ me }: { me: StaffMe }) {
  setCsrfToken(me.csrfToken);
  // The person filter's choices: the school's accounts, the first hundred (the most a page holds).
  const people = useLoaded(async () => (await staffSend(staff.accounts, { current: 1, size: 100 })).records);
  const list = useListScreen((q: AuditQuery) => staffSend(staff.audit, q), FIRST);

  /** An account target by its name as the list of people knows it. */
  const targetName = (e: AuditEntry) => {
    const person = e.targetType === 'account' ? people.data?.find((p) => p.id === e.targetId) : undefined;
    return person ? `${person.name}（${person.mobile}）` : null;
  };
  const columns: Column<AuditEntry>[] = [
    { header: t('admin.audit.colTime'), cell: (e) => timeText(e.at), className: 'whitespace-nowrap' },
    { header: t('admin.audit.colActor'), cell: (e) => e.actorName },
    { header: t('admin.audit.colAction'), cell: (e) => actionLabel(e.action) },
    {
      header: t('admin.audit.colTarget'),
      cell: (e) => (
        <>
          {t(`admin.audit.target.${e.targetType}`)}
          <span className="block text-xs text-muted">{targetName(e) ?? e.targetId}</span>
        </>
      ),
    },
    {
      header: t('admin.audit.colChange'),
      cell: (e) =>
        changeLines(e).map((line) => (
          <span key={line} className="block">
            {line}
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
