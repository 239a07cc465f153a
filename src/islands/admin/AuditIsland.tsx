import { useEffect, useState } from 'react';
import type { Page } from '~/lib/paging';
import { t } from '~/lib/i18n/messages/admin';
import * as staff from '~/lib/api/contracts/staff';
import type { AuditEntry, AuditQuery, StaffMe } from '~/lib/api/contracts/staff';
import { setCsrfToken, staffSend } from '~/lib/api/staff-client';
import { AUDIT_ACTIONS, isStaffRole, type AuditAction } from '~/lib/staff/roles';
import { Button, LoadState, PageTitle, Section, TableBox, roleLabel, statusLabel, td, th, timeText, useLoaded } from './shared';

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
  note: 'admin.field.note',
};

const actionLabel = (action: AuditAction) => t(`admin.action.${action}`);

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

const EMPTY_FILTER = { actorId: '', action: '', from: '', to: '' };

export default function AuditIsland({ me }: { me: StaffMe }) {
  setCsrfToken(me.csrfToken);
  const [draft, setDraft] = useState(EMPTY_FILTER);
  const [query, setQuery] = useState<AuditQuery>({ current: 1, size: PAGE_SIZE });
  // The person filter's choices: the school's accounts, the first hundred (the most a page holds).
  const people = useLoaded(async () => (await staffSend(staff.accounts, { current: 1, size: 100 })).records);
  const [data, setData] = useState<Page<AuditEntry> | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setError(null);
    staffSend(staff.audit, query).then(
      (p) => live && setData(p),
      (e: unknown) => live && setError(e instanceof Error ? e.message : t('common.systemBusy')),
    );
    return () => {
      live = false;
    };
  }, [query]);
  const page = { data, error, reload: () => setQuery({ ...query }) };
  const go = (next: AuditQuery) => setQuery(next);

  /** An account target by its name as the list of people knows it. */
  const targetName = (e: AuditEntry) => {
    const person = e.targetType === 'account' ? people.data?.find((p) => p.id === e.targetId) : undefined;
    return person ? `${person.name}（${person.mobile}）` : null;
  };
  const field = 'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm';
  return (
    <div>
      <PageTitle>{t('admin.audit.title')}</PageTitle>
      <Section title={t('admin.audit.filters')}>
        <form
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            go({ current: 1, size: PAGE_SIZE, ...Object.fromEntries(Object.entries(draft).filter(([, v]) => v !== '')) });
          }}
        >
          <div>
            <label htmlFor="audit-actor" className="mb-1 block text-sm font-medium">
              {t('admin.audit.actor')}
            </label>
            <select id="audit-actor" className={field} value={draft.actorId} onChange={(e) => setDraft({ ...draft, actorId: e.target.value })}>
              <option value="">{t('admin.audit.anyActor')}</option>
              {(people.data ?? []).map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}（{p.mobile}）
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="audit-action" className="mb-1 block text-sm font-medium">
              {t('admin.audit.action')}
            </label>
            <select id="audit-action" className={field} value={draft.action} onChange={(e) => setDraft({ ...draft, action: e.target.value })}>
              <option value="">{t('admin.audit.anyAction')}</option>
              {AUDIT_ACTIONS.map((a) => (
                <option key={a} value={a}>
                  {actionLabel(a)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="audit-from" className="mb-1 block text-sm font-medium">
              {t('admin.audit.from')}
            </label>
            <input id="audit-from" type="date" className={field} value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
          </div>
          <div>
            <label htmlFor="audit-to" className="mb-1 block text-sm font-medium">
              {t('admin.audit.to')}
            </label>
            <input id="audit-to" type="date" className={field} value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
          </div>
          <div className="flex gap-2">
            <Button kind="primary" type="submit">
              {t('admin.audit.search')}
            </Button>
            <Button
              onClick={() => {
                setDraft(EMPTY_FILTER);
                go({ current: 1, size: PAGE_SIZE });
              }}
            >
              {t('admin.audit.reset')}
            </Button>
          </div>
        </form>
      </Section>
      <Section
        title={t('admin.audit.title')}
        actions={page.data ? <span className="text-sm text-muted">{t('admin.audit.total', { n: page.data.total })}</span> : null}
      >
        {!page.data ? (
          <LoadState error={page.error} onRetry={page.reload} />
        ) : page.data.records.length === 0 ? (
          <p className="text-sm text-muted">{t('admin.audit.empty')}</p>
        ) : (
          <>
            <TableBox label={t('admin.audit.title')}>
              <thead>
                <tr>
                  <th className={th}>{t('admin.audit.colTime')}</th>
                  <th className={th}>{t('admin.audit.colActor')}</th>
                  <th className={th}>{t('admin.audit.colAction')}</th>
                  <th className={th}>{t('admin.audit.colTarget')}</th>
                  <th className={th}>{t('admin.audit.colChange')}</th>
                  <th className={th}>{t('admin.audit.colIp')}</th>
                </tr>
              </thead>
              <tbody>
                {page.data.records.map((e) => (
                  <tr key={e.id} data-audit-entry={e.id}>
                    <td className={`${td} whitespace-nowrap`}>{timeText(e.at)}</td>
                    <td className={td}>{e.actorName}</td>
                    <td className={td}>{actionLabel(e.action)}</td>
                    <td className={td}>
                      {t(`admin.audit.target.${e.targetType}`)}
                      <span className="block text-xs text-muted">{targetName(e) ?? e.targetId}</span>
                    </td>
                    <td className={td}>
                      {changeLines(e).map((line) => (
                        <span key={line} className="block">
                          {line}
                        </span>
                      ))}
                    </td>
                    <td className={td}>{e.ip || '-'}</td>
                  </tr>
                ))}
              </tbody>
            </TableBox>
            <nav aria-label={t('admin.pager')} className="mt-4 flex items-center justify-end gap-3 text-sm">
              <Button disabled={page.data.current <= 1} onClick={() => go({ ...query, current: (query.current ?? 1) - 1 })}>
                {t('admin.prev')}
              </Button>
              <span>{t('admin.audit.page', { current: page.data.current, pages: Math.max(1, page.data.pages) })}</span>
              <Button disabled={page.data.current >= page.data.pages} onClick={() => go({ ...query, current: (query.current ?? 1) + 1 })}>
                {t('admin.next')}
              </Button>
            </nav>
          </>
        )}
      </Section>
    </div>
  );
}
