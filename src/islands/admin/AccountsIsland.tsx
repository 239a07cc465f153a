import { useState } from 'react';
import type { AccountQuery } from '~/lib/api/contracts/staff';
import { t } from '~/lib/i18n/messages/admin';
import * as staff from '~/lib/api/contracts/staff';
import type { IssuedInvitation, StaffAccountInfo, StaffMe } from '~/lib/api/contracts/staff';
import { setCsrfToken, staffSend } from '~/lib/api/staff-client';
import { STAFF_ROLES, STAFF_STATUS, type StaffRole } from '~/lib/staff/roles';
import { check } from '~/lib/rules/rule';
import { optionalMobileRule, staffNameRule, staffRoleRule } from '~/lib/rules/staff';
import { confirmDialog } from '~/lib/confirm';
import { toast } from '~/lib/toast';
import { useForm } from '../shared/use-form';
import { FormMessage, MOBILE_INPUT, SelectField, SubmitButton, TextField } from '../shared/fields';
import { Modal } from '../shared/Modal';
import {
  Button,
  LoadState,
  OptionalField,
  PageTitle,
  Pager,
  Section,
  TableBox,
  fieldClass,
  roleLabel,
  statusLabel,
  td,
  th,
  timeText,
  useLoaded,
  usePaged,
} from './shared';

/**
 * Staff accounts (/admin/accounts, administrators): the school's accounts with their role, state
 * and second factor; invite someone (a one-time link shown once), change a role, disable or enable
 * an account, reset a lost second factor; the invitations not yet accepted, which may be revoked.
 * The server refuses what may not be done (the last administrator, one's own account) in words.
 * The accounts come 20 a page, searched by name or mobile and filtered by role on the server.
 */
const PAGE_SIZE = 20;
const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: roleLabel(role) }));
const fail = (e: unknown) => toast(e instanceof Error ? e.message : t('common.systemBusy'), 'error');

export default function AccountsIsland({ me }: { me: StaffMe }) {
  setCsrfToken(me.csrfToken);
  const accounts = usePaged((q: AccountQuery) => staffSend(staff.accounts, q), { current: 1, size: PAGE_SIZE } as AccountQuery);
  const [search, setSearch] = useState({ q: '', role: '' });
  const invitations = useLoaded(() => staffSend(staff.invitations, {}));
  const [inviting, setInviting] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);

  /** Runs one change of a row, then puts the server's account in its place. */
  async function change(a: StaffAccountInfo, run: () => Promise<StaffAccountInfo>) {
    setBusy(a.id);
    try {
      const updated = await run();
      if (accounts.data) accounts.set({ ...accounts.data, records: accounts.data.records.map((x) => (x.id === updated.id ? updated : x)) });
      toast(t('admin.accounts.saved'), 'success');
    } catch (e) {
      fail(e);
      accounts.reload();
    } finally {
      setBusy(null);
    }
  }

  async function changeRole(a: StaffAccountInfo, role: StaffRole) {
    if (role === a.role) return;
    if (!(await confirmDialog(t('admin.accounts.confirmRole', { name: a.name, role: roleLabel(role) })))) {
      if (accounts.data) accounts.set({ ...accounts.data, records: [...accounts.data.records] });
      return;
    }
    await change(a, () => staffSend(staff.changeRole, { role }, { params: { id: a.id } }));
  }

  async function toggle(a: StaffAccountInfo) {
    const status = a.status === STAFF_STATUS.active ? STAFF_STATUS.disabled : STAFF_STATUS.active;
    if (status === STAFF_STATUS.disabled && !(await confirmDialog(t('admin.accounts.confirmDisable', { name: a.name })))) return;
    await change(a, () => staffSend(staff.changeStatus, { status }, { params: { id: a.id } }));
  }

  async function reset(a: StaffAccountInfo) {
    if (!(await confirmDialog(t('admin.accounts.confirmReset', { name: a.name })))) return;
    await change(a, () => staffSend(staff.resetSecondFactor, {}, { params: { id: a.id } }));
  }

  async function revoke(id: string) {
    if (!(await confirmDialog(t('admin.accounts.confirmRevoke')))) return;
    try {
      await staffSend(staff.revokeInvitation, {}, { params: { id } });
      toast(t('admin.accounts.saved'), 'success');
    } catch (e) {
      fail(e);
    }
    invitations.reload();
  }

  return (
    <div>
      <PageTitle>{t('admin.accounts.title')}</PageTitle>
      <Section
        title={t('admin.accounts.title')}
        actions={
          <Button kind="primary" onClick={() => setInviting(true)}>
            {t('admin.accounts.invite')}
          </Button>
        }
      >
        <form
          className="mb-4 grid gap-3 sm:grid-cols-3 sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            accounts.go({
              current: 1,
              size: PAGE_SIZE,
              ...(search.q.trim() ? { q: search.q.trim() } : {}),
              ...(search.role ? { role: search.role as StaffRole } : {}),
            });
          }}
        >
          <div>
            <label htmlFor="accounts-q" className="mb-1 block text-sm font-medium">
              {t('admin.accounts.search')}
            </label>
            <input
              id="accounts-q"
              type="search"
              maxLength={20}
              className={fieldClass}
              value={search.q}
              onChange={(e) => setSearch({ ...search, q: e.target.value })}
            />
          </div>
          <div>
            <label htmlFor="accounts-role" className="mb-1 block text-sm font-medium">
              {t('admin.accounts.colRole')}
            </label>
            <select id="accounts-role" className={fieldClass} value={search.role} onChange={(e) => setSearch({ ...search, role: e.target.value })}>
              <option value="">{t('admin.accounts.anyRole')}</option>
              {ROLE_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
          <div className="flex gap-2">
            <Button kind="primary" type="submit">
              {t('admin.audit.search')}
            </Button>
            <Button
              onClick={() => {
                setSearch({ q: '', role: '' });
                accounts.go({ current: 1, size: PAGE_SIZE });
              }}
            >
              {t('admin.audit.reset')}
            </Button>
          </div>
        </form>
        {!accounts.data ? (
          <LoadState error={accounts.error} onRetry={accounts.reload} />
        ) : accounts.data.records.length === 0 ? (
          <p className="text-sm text-muted">{t('admin.accounts.none')}</p>
        ) : (
          <>
            <TableBox label={t('admin.accounts.title')}>
              <thead>
                <tr>
                  <th className={th}>{t('admin.accounts.colName')}</th>
                  <th className={th}>{t('admin.accounts.colMobile')}</th>
                  <th className={th}>{t('admin.accounts.colRole')}</th>
                  <th className={th}>{t('admin.accounts.colStatus')}</th>
                  <th className={th}>{t('admin.accounts.colSecondFactor')}</th>
                  <th className={th}>{t('admin.accounts.colLastSignIn')}</th>
                  <th className={th}>{t('admin.accounts.colActions')}</th>
                </tr>
              </thead>
              <tbody>
                {accounts.data.records.map((a) => (
                  <tr key={a.id} data-account={a.id}>
                    <td className={td}>
                      {a.name}
                      {a.self && <span className="text-muted">{t('admin.accounts.you')}</span>}
                    </td>
                    <td className={td}>{a.mobile}</td>
                    <td className={td}>
                      {a.self ? (
                        roleLabel(a.role)
                      ) : (
                        <select
                          aria-label={t('admin.accounts.roleOf', { name: a.name })}
                          value={a.role}
                          disabled={busy === a.id}
                          onChange={(e) => void changeRole(a, e.target.value as StaffRole)}
                          className="rounded border border-slate-300 bg-white px-2 py-1"
                        >
                          {ROLE_OPTIONS.map((o) => (
                            <option key={o.value} value={o.value}>
                              {o.label}
                            </option>
                          ))}
                        </select>
                      )}
                    </td>
                    <td className={td}>
                      <span className={a.status === STAFF_STATUS.active ? 'text-green-800' : 'text-red-700'}>{statusLabel(a.status)}</span>
                    </td>
                    <td className={td}>{a.secondFactor ? t('admin.accounts.on') : t('admin.accounts.off')}</td>
                    <td className={td}>{a.lastSignInAt ? timeText(a.lastSignInAt) : t('admin.accounts.never')}</td>
                    <td className={`${td} whitespace-nowrap`}>
                      {!a.self && (
                        <span className="flex flex-wrap gap-2">
                          <Button kind={a.status === STAFF_STATUS.active ? 'danger' : 'plain'} disabled={busy === a.id} onClick={() => void toggle(a)}>
                            {a.status === STAFF_STATUS.active ? t('admin.accounts.disable') : t('admin.accounts.enable')}
                          </Button>
                          {a.secondFactor && (
                            <Button disabled={busy === a.id} onClick={() => void reset(a)}>
                              {t('admin.accounts.resetSecondFactor')}
                            </Button>
                          )}
                        </span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </TableBox>
            <Pager page={accounts.data} onPage={(current) => accounts.go({ ...accounts.query, current })} />
          </>
        )}
      </Section>

      <Section title={t('admin.accounts.pending')}>
        {!invitations.data ? (
          <LoadState error={invitations.error} onRetry={invitations.reload} />
        ) : invitations.data.length === 0 ? (
          <p className="text-sm text-muted">{t('admin.accounts.noPending')}</p>
        ) : (
          <TableBox label={t('admin.accounts.pending')}>
            <thead>
              <tr>
                <th className={th}>{t('admin.accounts.colName')}</th>
                <th className={th}>{t('admin.accounts.colMobile')}</th>
                <th className={th}>{t('admin.accounts.colRole')}</th>
                <th className={th}>{t('admin.accounts.colInvitedBy')}</th>
                <th className={th}>{t('admin.accounts.colExpires')}</th>
                <th className={th}>{t('admin.accounts.colActions')}</th>
              </tr>
            </thead>
            <tbody>
              {invitations.data.map((i) => (
                <tr key={i.id}>
                  <td className={td}>{i.name}</td>
                  <td className={td}>{i.mobile ?? t('admin.accounts.notGiven')}</td>
                  <td className={td}>{roleLabel(i.role)}</td>
                  <td className={td}>{i.createdByName}</td>
                  <td className={td}>{timeText(i.expiresAt)}</td>
                  <td className={td}>
                    <Button kind="danger" onClick={() => void revoke(i.id)}>
                      {t('admin.accounts.revoke')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </TableBox>
        )}
      </Section>

      <Modal open={inviting} title={t('admin.accounts.inviteTitle')} onClose={() => setInviting(false)} width="w-[min(92vw,520px)]">
        <InviteForm
          onDone={() => {
            setInviting(false);
            invitations.reload();
          }}
        />
      </Modal>
    </div>
  );
}

function InviteForm({ onDone }: { onDone: () => void }) {
  const [issued, setIssued] = useState<{ invitation: IssuedInvitation; name: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const form = useForm({
    initial: { name: '', mobile: '', role: '' },
    check: (field, value) => check(field === 'name' ? staffNameRule : field === 'mobile' ? optionalMobileRule : staffRoleRule, value),
  });

  if (issued) {
    return (
      <div className="space-y-4 p-5">
        <p role="status" className="font-medium text-green-800">
          {t('admin.accounts.linkReady')}
        </p>
        <p className="text-sm text-slate-700">{t('admin.accounts.linkHint', { name: issued.name, time: timeText(issued.invitation.expiresAt) })}</p>
        <label htmlFor="invitation-link" className="block text-sm font-medium">
          {t('admin.accounts.linkLabel')}
        </label>
        <input
          id="invitation-link"
          readOnly
          value={issued.invitation.url}
          onFocus={(e) => e.target.select()}
          className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
        />
        <div className="flex justify-end gap-2">
          <Button
            onClick={() => {
              void navigator.clipboard?.writeText(issued.invitation.url).then(
                () => setCopied(true),
                () => undefined,
              );
            }}
          >
            {copied ? t('admin.accounts.copied') : t('admin.accounts.copy')}
          </Button>
          <Button kind="primary" onClick={onDone}>
            {t('admin.accounts.done')}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <form
      noValidate
      className="space-y-4 p-5"
      onSubmit={form.onSubmit(['name', 'mobile', 'role'], async (v) => {
        const mobile = v.mobile.trim();
        const invitation = await staffSend(staff.invite, { name: v.name.trim(), role: v.role as StaffRole, ...(mobile ? { mobile } : {}) });
        setIssued({ invitation, name: v.name.trim() });
      })}
    >
      <TextField {...form.field('name')} label={t('admin.name')} maxLength={20} autoComplete="off" />
      <OptionalField {...form.field('mobile')} {...MOBILE_INPUT} autoComplete="off" label={t('admin.accounts.mobileOptional')} maxLength={11} />
      <SelectField {...form.field('role')} label={t('admin.roleLabel')} placeholder={t('admin.roleRequired')} options={ROLE_OPTIONS} />
      <FormMessage text={form.notice?.text ?? null} />
      <SubmitButton busy={form.submitting} text={t('admin.accounts.sendInvite')} busyText={t('admin.accounts.sending')} />
    </form>
  );
}
