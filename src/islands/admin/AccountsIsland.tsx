import { useState } from 'react';
import type { AccountQuery } from '~/lib/api/contracts/staff';
import { t } from '~/lib/i18n/messages/admin';
import * as staff from '~/lib/api/contracts/staff';
import type { IssuedInvitation, IssuedPasswordReset, PendingInvitation, StaffAccountInfo, StaffMe } from '~/lib/api/contracts/staff';
import { setCsrfToken, staffSend } from '~/lib/api/staff-client';
import { STAFF_ROLES, STAFF_STATUS, type StaffRole } from '~/lib/staff/roles';
import { check } from '~/lib/rules/rule';
import { optionalMobileRule, staffNameRule, staffRoleRule } from '~/lib/rules/staff';
import { useForm } from '../shared/use-form';
import { FormMessage, MOBILE_INPUT, SubmitButton, TextField } from '../shared/fields';
import { SelectField } from '../shared/select-field';
import { Modal } from '../shared/Modal';
import { IssuedLink } from './issued-link';
import { Button, OptionalField, PageTitle, Section, roleLabel, statusLabel, timeText } from './shared';
import { FilterBar, ListView, Options, PagedList, RowActions, filledIn, useListScreen, withRow, type Column, type FilterField, type ListScreen } from './kit';
import type { Page } from '~/lib/paging';

/**
 * Staff accounts (/admin/accounts, administrators): the school's accounts with their role, state
 * and second factor; invite someone (a one-time link shown once), change a role, disable or enable
 * an account (both confirmed), make a colleague's password reset link (shown once, to pass on),
 * reset a lost second factor; the invitations not yet accepted, which may be revoked.
 * The server refuses what may not be done (the last administrator, one's own account) in words.
 * The accounts come 20 a page, searched by name or mobile and filtered by role on the server.
 */
const PAGE_SIZE = 20;
const ROLE_OPTIONS = STAFF_ROLES.map((role) => [role, roleLabel(role)] as const);
const BLANK = { q: '', role: '' };
const FIRST: AccountQuery = { current: 1, size: PAGE_SIZE };
/** The longest name or mobile searched for. */
const SEARCH_MAX = 20;
const FILTERS: FilterField<keyof typeof BLANK>[] = [
  { name: 'q', label: t('admin.accounts.search'), kind: 'search', maxLength: SEARCH_MAX },
  { name: 'role', label: t('admin.accounts.colRole'), kind: 'select', any: t('admin.accounts.anyRole'), options: ROLE_OPTIONS },
];

type Accounts = ListScreen<AccountQuery, Page<StaffAccountInfo>>;

export default function AccountsIsland({ me }: { me: StaffMe }) {
  setCsrfToken(me.csrfToken);
  const accounts = useListScreen((q: AccountQuery) => staffSend(staff.accounts, q), FIRST);
  const invitations = useListScreen(() => staffSend(staff.invitations, {}), null);
  const [inviting, setInviting] = useState(false);
  const [resetLink, setResetLink] = useState<{ name: string; link: IssuedPasswordReset } | null>(null);

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
        <div className="mb-4">
          <FilterBar
            idPrefix="accounts"
            fields={FILTERS}
            blank={BLANK}
            grid="gap-3 sm:grid-cols-3 sm:items-end"
            onSearch={(v) => accounts.go({ ...FIRST, ...(filledIn(v) as Omit<AccountQuery, 'current' | 'size'>) })}
          />
        </div>
        <PagedList
          list={accounts}
          label={t('admin.accounts.title')}
          columns={accountColumns(accounts, (name, link) => setResetLink({ name, link }))}
          rowProps={(a) => ({ 'data-account': a.id })}
          empty={t('admin.accounts.none')}
        />
      </Section>

      <Section title={t('admin.accounts.pending')}>
        <ListView
          list={invitations}
          label={t('admin.accounts.pending')}
          columns={invitationColumns((id) => {
            void invitations.act(id, {
              confirm: t('admin.accounts.confirmRevoke'),
              run: () => staffSend(staff.revokeInvitation, {}, { params: { id } }),
              done: t('admin.accounts.saved'),
              reloadOnFailure: true,
            });
          })}
          empty={t('admin.accounts.noPending')}
        />
      </Section>

      <Modal open={resetLink !== null} title={t('admin.accounts.resetTitle')} onClose={() => setResetLink(null)} width="w-[min(92vw,520px)]">
        {resetLink && (
          <IssuedLink
            id="reset-link"
            title={t('admin.accounts.resetLinkReady')}
            hint={t('admin.accounts.resetLinkHint', { name: resetLink.name, time: timeText(resetLink.link.expiresAt) })}
            label={t('admin.accounts.resetLinkLabel')}
            url={resetLink.link.url}
            onDone={() => setResetLink(null)}
          />
        )}
      </Modal>

      <Modal open={inviting} title={t('admin.accounts.inviteTitle')} onClose={() => setInviting(false)} width="w-[min(92vw,520px)]">
        <InviteForm onIssued={invitations.reload} onDone={() => setInviting(false)} />
      </Modal>
    </div>
  );
}

/**
 * The accounts' columns; a change of a row puts the server's account in its place (or loads the list again when refused).
 * 重置密码 makes a colleague's reset link, handed to `showLink` to be passed on.
 */
function accountColumns(accounts: Accounts, showLink: (name: string, link: IssuedPasswordReset) => void): Column<StaffAccountInfo>[] {
  const change = (a: StaffAccountInfo, confirm: string | undefined, run: () => Promise<StaffAccountInfo>) =>
    accounts.act(a.id, {
      confirm,
      run,
      done: t('admin.accounts.saved'),
      onDone: (updated) => accounts.data && accounts.set(withRow(accounts.data, updated)),
      reloadOnFailure: true,
    });
  const params = (a: StaffAccountInfo) => ({ params: { id: a.id } });
  async function changeRole(a: StaffAccountInfo, role: StaffRole) {
    if (role === a.role) return;
    const ran = await change(a, t('admin.accounts.confirmRole', { name: a.name, role: roleLabel(role) }), () =>
      staffSend(staff.changeRole, { role }, params(a)),
    );
    // A role not confirmed goes back to the row's own: the list is drawn again from what it holds.
    if (!ran && accounts.data) accounts.set({ ...accounts.data, records: [...accounts.data.records] });
  }
  const toggle = (a: StaffAccountInfo) => {
    const status = a.status === STAFF_STATUS.active ? STAFF_STATUS.disabled : STAFF_STATUS.active;
    const confirm = t(status === STAFF_STATUS.disabled ? 'admin.accounts.confirmDisable' : 'admin.accounts.confirmEnable', { name: a.name });
    return change(a, confirm, () => staffSend(staff.changeStatus, { status }, params(a)));
  };
  const resetPassword = (a: StaffAccountInfo) =>
    accounts.act(a.id, {
      confirm: t('admin.accounts.confirmResetPassword', { name: a.name }),
      run: () => staffSend(staff.resetPassword, {}, params(a)),
      onDone: (link) => showLink(a.name, link),
      reloadOnFailure: true,
    });
  return [
    {
      header: t('admin.accounts.colName'),
      cell: (a) => (
        <>
          {a.name}
          {a.self && <span className="text-muted">{t('admin.accounts.you')}</span>}
        </>
      ),
    },
    { header: t('admin.accounts.colMobile'), cell: (a) => a.mobile },
    {
      header: t('admin.accounts.colRole'),
      cell: (a) =>
        a.self ? (
          roleLabel(a.role)
        ) : (
          <select
            aria-label={t('admin.accounts.roleOf', { name: a.name })}
            value={a.role}
            disabled={accounts.busy === a.id}
            onChange={(e) => void changeRole(a, e.target.value as StaffRole)}
            className="rounded border border-slate-300 bg-white px-2 py-1"
          >
            <Options options={ROLE_OPTIONS} />
          </select>
        ),
    },
    {
      header: t('admin.accounts.colStatus'),
      cell: (a) => <span className={a.status === STAFF_STATUS.active ? 'text-green-800' : 'text-red-700'}>{statusLabel(a.status)}</span>,
    },
    { header: t('admin.accounts.colSecondFactor'), cell: (a) => (a.secondFactor ? t('admin.accounts.on') : t('admin.accounts.off')) },
    { header: t('admin.accounts.colLastSignIn'), cell: (a) => (a.lastSignInAt ? timeText(a.lastSignInAt) : t('admin.accounts.never')) },
    {
      header: t('admin.accounts.colActions'),
      className: 'whitespace-nowrap',
      cell: (a) =>
        !a.self && (
          <RowActions
            busy={accounts.busy === a.id}
            actions={[
              {
                label: a.status === STAFF_STATUS.active ? t('admin.accounts.disable') : t('admin.accounts.enable'),
                kind: a.status === STAFF_STATUS.active ? 'danger' : 'plain',
                onClick: () => void toggle(a),
              },
              {
                label: t('admin.accounts.resetPassword'),
                when: a.status === STAFF_STATUS.active,
                onClick: () => void resetPassword(a),
              },
              {
                label: t('admin.accounts.resetSecondFactor'),
                when: a.secondFactor,
                onClick: () => void change(a, t('admin.accounts.confirmReset', { name: a.name }), () => staffSend(staff.resetSecondFactor, {}, params(a))),
              },
            ]}
          />
        ),
    },
  ];
}

/** The invitations not yet accepted, each with 撤销. */
function invitationColumns(revoke: (id: string) => void): Column<PendingInvitation>[] {
  return [
    { header: t('admin.accounts.colName'), cell: (i) => i.name },
    { header: t('admin.accounts.colMobile'), cell: (i) => i.mobile ?? t('admin.accounts.notGiven') },
    { header: t('admin.accounts.colRole'), cell: (i) => roleLabel(i.role) },
    { header: t('admin.accounts.colInvitedBy'), cell: (i) => i.createdByName },
    { header: t('admin.accounts.colExpires'), cell: (i) => timeText(i.expiresAt) },
    {
      header: t('admin.accounts.colActions'),
      cell: (i) => (
        <Button kind="danger" onClick={() => revoke(i.id)}>
          {t('admin.accounts.revoke')}
        </Button>
      ),
    },
  ];
}

/**
 * Invites a colleague; the pending list is loaded again as soon as the invitation is made
 * (`onIssued`), not when its link is put away, so the list shows it however the dialog is closed
 * and nobody invites the same person twice.
 */
function InviteForm({ onIssued, onDone }: { onIssued: () => void; onDone: () => void }) {
  const [issued, setIssued] = useState<{ invitation: IssuedInvitation; name: string } | null>(null);
  const form = useForm({
    initial: { name: '', mobile: '', role: '' },
    check: (field, value) => check(field === 'name' ? staffNameRule : field === 'mobile' ? optionalMobileRule : staffRoleRule, value),
  });

  if (issued) {
    return (
      <IssuedLink
        id="invitation-link"
        title={t('admin.accounts.linkReady')}
        hint={t('admin.accounts.linkHint', { name: issued.name, time: timeText(issued.invitation.expiresAt) })}
        label={t('admin.accounts.linkLabel')}
        url={issued.invitation.url}
        onDone={onDone}
      />
    );
  }
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.onSubmit(['name', 'mobile', 'role'], async (v) => {
        const mobile = v.mobile.trim();
        const invitation = await staffSend(staff.invite, { name: v.name.trim(), role: v.role as StaffRole, ...(mobile ? { mobile } : {}) });
        setIssued({ invitation, name: v.name.trim() });
        onIssued();
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
