import { useState } from 'react';
import { t } from '~/lib/i18n/messages/admin';
import * as staff from '~/lib/api/contracts/staff';
import type { SecondFactorEnrolment, StaffMe, StaffSessionInfo } from '~/lib/api/contracts/staff';
import { setCsrfToken, staffSend } from '~/lib/api/staff-client';
import { check } from '~/lib/rules/rule';
import { newStaffPasswordRule, repeatError, secondStepCodeRule, totpCodeRule, typedPasswordRule } from '~/lib/rules/staff';
import { toast } from '~/lib/toast';
import { useForm } from '../shared/use-form';
import { FormMessage, SubmitButton, TextField } from '../shared/fields';
import { Button, LoadState, PageTitle, Section, roleLabel, timeText, useLoaded } from './shared';
import { ListView, RowActions, useListScreen, type Column } from './kit';
import { CurrentPasswordField, NewPasswordFields } from './password-fields';

/**
 * My account (/admin/account): who I am here, a new password (the current one first; my other
 * devices are signed out), the second factor (set up with a QR code and a code, turned off with
 * the password and a code), and the devices I am signed in on, each of which I may sign out.
 * Confirming the second factor shows ten recovery codes once; how many are left shows beside it,
 * and a new set (the password first) voids the old.
 */
export default function MyAccountIsland({ me }: { me: StaffMe }) {
  setCsrfToken(me.csrfToken);
  return (
    <div>
      <PageTitle>{t('admin.account.title')}</PageTitle>
      <Section title={t('admin.account.profile')}>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-muted">{t('admin.name')}</dt>
          <dd>{me.account.name}</dd>
          <dt className="text-muted">{t('admin.mobile')}</dt>
          <dd>{me.account.mobile}</dd>
          <dt className="text-muted">{t('admin.roleLabel')}</dt>
          <dd>{roleLabel(me.account.role)}</dd>
        </dl>
      </Section>
      <PasswordSection />
      <SecondFactorSection initiallyOn={me.account.secondFactor} />
      <SessionsSection />
    </div>
  );
}

function PasswordSection() {
  const form = useForm({
    initial: { oldPassword: '', newPassword: '', repeat: '' },
    check: (field, value) => (field === 'oldPassword' ? check(typedPasswordRule, value) : field === 'newPassword' ? check(newStaffPasswordRule, value) : null),
  });
  return (
    <Section title={t('admin.account.passwordTitle')}>
      <form
        noValidate
        className="max-w-md space-y-4"
        onSubmit={form.onSubmit(['oldPassword', 'newPassword'], async (v) => {
          const problem = repeatError(v.newPassword, v.repeat);
          if (problem) throw new Error(problem);
          await staffSend(staff.changePassword, { oldPassword: v.oldPassword, newPassword: v.newPassword });
          form.reset({ oldPassword: '', newPassword: '', repeat: '' });
          toast(t('admin.account.passwordChanged'), 'success');
        })}
      >
        <CurrentPasswordField {...form.field('oldPassword')} />
        <NewPasswordFields password={form.field('newPassword')} repeat={form.field('repeat')} />
        <FormMessage text={form.notice?.text ?? null} />
        <div className="max-w-48">
          <SubmitButton busy={form.submitting} text={t('admin.account.changePassword')} busyText={t('admin.account.changing')} />
        </div>
      </form>
    </Section>
  );
}

function SecondFactorSection({ initiallyOn }: { initiallyOn: boolean }) {
  const [on, setOn] = useState(initiallyOn);
  const [enrolment, setEnrolment] = useState<SecondFactorEnrolment | null>(null);
  const [starting, setStarting] = useState(false);
  const confirmForm = useForm({ initial: { code: '' }, check: (_f, v) => check(totpCodeRule, v) });
  const disableForm = useForm({
    initial: { password: '', code: '' },
    check: (field, value) => check(field === 'password' ? typedPasswordRule : secondStepCodeRule, value),
  });
  const [shownCodes, setShownCodes] = useState<string[] | null>(null);

  async function start() {
    setStarting(true);
    try {
      setEnrolment(await staffSend(staff.secondFactorStart, {}));
    } catch (e) {
      toast(e instanceof Error ? e.message : t('common.systemBusy'), 'error');
    } finally {
      setStarting(false);
    }
  }

  return (
    <Section title={t('admin.account.secondFactorTitle')}>
      <p className="mb-4 text-sm text-slate-700" data-second-factor-state>
        {on ? t('admin.account.secondFactorOn') : t('admin.account.secondFactorOff')}
      </p>
      {on && <RecoveryCodesPart shown={shownCodes} onShown={setShownCodes} />}
      {on ? (
        <form
          noValidate
          aria-label={t('admin.account.disableTitle')}
          className="max-w-md space-y-4"
          onSubmit={disableForm.onSubmit(['password', 'code'], async (v) => {
            await staffSend(staff.secondFactorDisable, { password: v.password, code: v.code.trim() });
            disableForm.reset({ password: '', code: '' });
            setOn(false);
            toast(t('admin.account.disabled'), 'success');
          })}
        >
          <CurrentPasswordField {...disableForm.field('password')} />
          <TextField {...disableForm.field('code')} type="text" autoComplete="one-time-code" label={t('admin.account.codeOrRecovery')} maxLength={24} />
          <FormMessage text={disableForm.notice?.text ?? null} />
          <div className="max-w-48">
            <SubmitButton busy={disableForm.submitting} text={t('admin.account.disable')} busyText={t('admin.account.disabling')} />
          </div>
        </form>
      ) : enrolment ? (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">{t('admin.account.scan')}</p>
          <div className="flex flex-wrap items-start gap-6">
            <img
              src={enrolment.qrImage}
              alt={t('admin.account.qrAlt')}
              width="176"
              height="176"
              className="h-44 w-44 shrink-0 rounded border border-slate-200 p-1"
            />
            <div className="min-w-0 space-y-1 text-sm">
              <p className="text-muted">{t('admin.account.secretLabel')}</p>
              <p className="break-all font-mono text-base tracking-wider" data-totp-secret>
                {enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}
              </p>
            </div>
          </div>
          <form
            noValidate
            className="max-w-md space-y-4"
            onSubmit={confirmForm.onSubmit(['code'], async (v) => {
              const { codes } = await staffSend(staff.secondFactorConfirm, { code: v.code.replace(/\s+/g, '') });
              setShownCodes(codes);
              confirmForm.reset({ code: '' });
              setEnrolment(null);
              setOn(true);
              toast(t('admin.account.enabled'), 'success');
            })}
          >
            <TextField {...confirmForm.field('code')} type="text" inputMode="numeric" autoComplete="one-time-code" label={t('admin.code')} maxLength={7} />
            <FormMessage text={confirmForm.notice?.text ?? null} />
            <div className="flex items-center gap-3">
              <div className="w-48">
                <SubmitButton busy={confirmForm.submitting} text={t('admin.account.confirm')} busyText={t('admin.account.confirming')} />
              </div>
              <Button onClick={() => setEnrolment(null)}>{t('admin.account.cancel')}</Button>
            </div>
          </form>
        </div>
      ) : (
        <Button kind="primary" disabled={starting} onClick={() => void start()}>
          {starting ? t('admin.account.starting') : t('admin.account.start')}
        </Button>
      )}
    </Section>
  );
}

/** The recovery codes: the set just made (shown once), how many are left, and a new set for the password. */
function RecoveryCodesPart({ shown, onShown }: { shown: string[] | null; onShown: (codes: string[] | null) => void }) {
  const left = useLoaded(() => staffSend(staff.recoveryCodesLeft, {}));
  const renewForm = useForm({ initial: { password: '' }, check: (_f, v) => check(typedPasswordRule, v) });
  return (
    <section aria-labelledby="recovery-title" className="mb-6 space-y-3 rounded-lg border border-slate-200 p-4">
      <h3 id="recovery-title" className="font-semibold text-ink">
        {t('admin.account.recoveryTitle')}
      </h3>
      {shown ? (
        <div className="space-y-3">
          <p role="status" className="text-sm text-slate-700">
            {t('admin.account.recoveryShown')}
          </p>
          <ul aria-label={t('admin.account.recoveryList')} className="grid max-w-md grid-cols-2 gap-2 font-mono text-base">
            {shown.map((c) => (
              <li key={c} data-recovery-code>
                {c}
              </li>
            ))}
          </ul>
          <Button
            kind="primary"
            onClick={() => {
              onShown(null);
              left.reload();
            }}
          >
            {t('admin.account.recoverySaved')}
          </Button>
        </div>
      ) : (
        <>
          {left.data ? (
            <p className="text-sm text-slate-700" data-recovery-left>
              {t('admin.account.recoveryLeft', { n: left.data.left })}
            </p>
          ) : (
            <LoadState error={left.error} onRetry={left.reload} />
          )}
          <form
            noValidate
            aria-label={t('admin.account.recoveryRenew')}
            className="max-w-md space-y-3"
            onSubmit={renewForm.onSubmit(['password'], async (v) => {
              const { codes } = await staffSend(staff.recoveryCodesRenew, { password: v.password });
              renewForm.reset({ password: '' });
              onShown(codes);
            })}
          >
            <p className="text-xs text-muted">{t('admin.account.recoveryRenewHint')}</p>
            <CurrentPasswordField {...renewForm.field('password')} />
            <FormMessage text={renewForm.notice?.text ?? null} />
            <div className="max-w-48">
              <SubmitButton busy={renewForm.submitting} text={t('admin.account.recoveryRenew')} busyText={t('admin.account.recoveryRenewing')} />
            </div>
          </form>
        </>
      )}
    </section>
  );
}

/** A short name of a device from its user agent: browser and system, or the text itself. */
function deviceOf(userAgent: string): string {
  if (!userAgent) return t('admin.account.unknownDevice');
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : '';
  const system = /Windows/.test(userAgent)
    ? 'Windows'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Android/.test(userAgent)
        ? 'Android'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : '';
  return browser && system ? `${browser} · ${system}` : userAgent.slice(0, 60);
}

/** Everything of mine a sessions' list asks for (the list is the whole of mine, never filtered). */
const MINE = null;

function SessionsSection() {
  const sessions = useListScreen(() => staffSend(staff.mySessions, {}), MINE);
  const list: StaffSessionInfo[] = sessions.data ?? [];
  const revoke = (s: StaffSessionInfo) =>
    sessions.act(s.id, {
      run: () => staffSend(staff.revokeSession, {}, { params: { id: s.id } }),
      done: t('admin.account.revoked'),
      reloadOnFailure: true,
    });
  const revokeOthers = () =>
    sessions.act('others', {
      run: () => staffSend(staff.revokeOtherSessions, {}),
      onDone: ({ revoked }) => {
        toast(t('admin.account.revokedOthers', { n: revoked }), 'success');
        sessions.reload();
      },
      reloadOnFailure: true,
    });
  const columns: Column<StaffSessionInfo>[] = [
    {
      header: t('admin.account.colDevice'),
      cell: (s) => (
        <>
          <span title={s.userAgent}>{deviceOf(s.userAgent)}</span>
          {s.current && <span className="ml-2 rounded bg-green-100 px-1.5 py-0.5 text-xs text-green-800">{t('admin.account.thisDevice')}</span>}
        </>
      ),
    },
    { header: t('admin.account.colIp'), cell: (s) => s.ip || '-' },
    { header: t('admin.account.colSignedIn'), cell: (s) => timeText(s.createdAt) },
    { header: t('admin.account.colLastSeen'), cell: (s) => timeText(s.lastSeenAt) },
    { header: t('admin.account.colExpires'), cell: (s) => timeText(s.expiresAt) },
    {
      header: <span className="sr-only">{t('admin.accounts.colActions')}</span>,
      cell: (s) => (
        <RowActions busy={sessions.busy !== null} actions={[{ label: t('admin.account.revoke'), when: !s.current, onClick: () => void revoke(s) }]} />
      ),
    },
  ];
  return (
    <Section
      title={t('admin.account.sessionsTitle')}
      actions={
        list.length > 1 ? (
          <Button kind="danger" disabled={sessions.busy !== null} onClick={() => void revokeOthers()}>
            {t('admin.account.revokeOthers')}
          </Button>
        ) : null
      }
    >
      <ListView
        list={sessions}
        label={t('admin.account.sessionsTitle')}
        columns={columns}
        rowProps={(s) => ({ 'data-session': s.id })}
        empty={t('admin.account.noSessions')}
      />
    </Section>
  );
}
