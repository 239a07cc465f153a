import { useEffect, useState } from 'react';
import { t } from '~/lib/i18n/messages/admin';
import { invitationAccept, invitationInspect, type InvitationPreview } from '~/lib/api/contracts/staff';
import { staffSend } from '~/lib/api/staff-client';
import { check } from '~/lib/rules/rule';
import { newStaffPasswordRule, repeatError, staffMobileRule } from '~/lib/rules/staff';
import { formatDateTime } from '~/lib/time/cst';
import { useForm } from '../shared/use-form';
import { FormMessage, MOBILE_INPUT, SubmitButton, TextField } from '../shared/fields';
import { roleLabel } from './shared';
import { NewPasswordFields } from './password-fields';

/**
 * Accepting an invitation (/admin/accept#token=…): the token is read from the address's fragment,
 * which no server or log ever sees; the person checks who invited them as what, gives their mobile
 * when the invitation names none, sets a password and is signed in.
 */
type State = { kind: 'loading' } | { kind: 'refused'; message: string } | { kind: 'ready'; token: string; preview: InvitationPreview };

export default function AcceptIsland() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const form = useForm({
    initial: { mobile: '', password: '', repeat: '' },
    check: (field, value) => {
      if (field === 'mobile') return check(staffMobileRule, value);
      if (field === 'password') return check(newStaffPasswordRule, value);
      return null;
    },
  });

  useEffect(() => {
    const token = new URLSearchParams(location.hash.slice(1)).get('token');
    if (!token) {
      setState({ kind: 'refused', message: t('admin.accept.noToken') });
      return;
    }
    staffSend(invitationInspect, { token }).then(
      (preview) => setState({ kind: 'ready', token, preview }),
      (e: unknown) => setState({ kind: 'refused', message: e instanceof Error ? e.message : t('common.systemBusy') }),
    );
  }, []);

  if (state.kind === 'loading') return <p className="text-sm text-muted">{t('admin.accept.loading')}</p>;
  if (state.kind === 'refused') {
    return (
      <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
        {state.message}
      </p>
    );
  }
  const { preview, token } = state;
  const fields = preview.mobile ? (['password'] as const) : (['mobile', 'password'] as const);
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">{t('admin.accept.intro', { school: preview.schoolName, role: roleLabel(preview.role) })}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">{t('admin.name')}</dt>
        <dd>{preview.name}</dd>
        {preview.mobile && (
          <>
            <dt className="text-muted">{t('admin.mobile')}</dt>
            <dd>{preview.mobile}</dd>
          </>
        )}
      </dl>
      <p className="text-xs text-muted">{t('admin.accept.expires', { time: formatDateTime(preview.expiresAt) })}</p>
      <form
        noValidate
        className="space-y-4"
        onSubmit={form.onSubmit(fields, async (v) => {
          const problem = repeatError(v.password, v.repeat);
          if (problem) throw new Error(problem);
          await staffSend(invitationAccept, { token, password: v.password, ...(preview.mobile ? {} : { mobile: v.mobile.trim() }) });
          location.assign('/admin');
          return 'leaving';
        })}
      >
        {!preview.mobile && <TextField {...form.field('mobile')} {...MOBILE_INPUT} autoComplete="username" label={t('admin.mobile')} maxLength={11} />}
        <NewPasswordFields password={form.field('password')} repeat={form.field('repeat')} />
        <FormMessage text={form.notice?.text ?? null} />
        <SubmitButton busy={form.submitting} text={t('admin.accept.submit')} busyText={t('admin.accept.submitting')} />
      </form>
    </div>
  );
}
