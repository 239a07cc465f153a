import { useEffect, useState } from 'react';
import { t } from '~/lib/i18n/messages/admin';
import { passwordResetAccept, passwordResetInspect, type PasswordResetDone, type PasswordResetPreview } from '~/lib/api/contracts/staff';
import { staffSend } from '~/lib/api/staff-client';
import { check } from '~/lib/rules/rule';
import { newStaffPasswordRule, repeatError } from '~/lib/rules/staff';
import { formatDateTime } from '~/lib/time/cst';
import { useForm } from '../shared/use-form';
import { FormMessage, SubmitButton } from '../shared/fields';
import { NewPasswordFields, ResetDone } from './password-fields';

/**
 * A password reset link an administrator made (/admin/reset#token=…): the token is read from the
 * address's fragment, which no server or log ever sees; the person sees whose account it is, sets a
 * new password (twice) and is sent to sign in with it.
 */
type State =
  | { kind: 'loading' }
  | { kind: 'refused'; message: string }
  | { kind: 'ready'; token: string; preview: PasswordResetPreview }
  | { kind: 'done'; done: PasswordResetDone };

export default function ResetPasswordIsland() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const form = useForm({
    initial: { password: '', repeat: '' },
    check: (field, value) => (field === 'password' ? check(newStaffPasswordRule, value) : null),
  });

  useEffect(() => {
    const token = new URLSearchParams(location.hash.slice(1)).get('token');
    if (!token) {
      setState({ kind: 'refused', message: t('admin.reset.noToken') });
      return;
    }
    staffSend(passwordResetInspect, { token }).then(
      (preview) => setState({ kind: 'ready', token, preview }),
      (e: unknown) => setState({ kind: 'refused', message: e instanceof Error ? e.message : t('common.systemBusy') }),
    );
  }, []);

  if (state.kind === 'loading') return <p className="text-sm text-muted">{t('admin.reset.loading')}</p>;
  if (state.kind === 'refused') {
    return (
      <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
        {state.message}
      </p>
    );
  }
  if (state.kind === 'done') return <ResetDone done={state.done} />;
  const { preview, token } = state;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">{t('admin.reset.intro', { school: preview.schoolName })}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">{t('admin.name')}</dt>
        <dd>{preview.name}</dd>
        <dt className="text-muted">{t('admin.mobile')}</dt>
        <dd>{preview.mobile}</dd>
      </dl>
      <p className="text-xs text-muted">{t('admin.reset.expires', { time: formatDateTime(preview.expiresAt) })}</p>
      <form
        noValidate
        className="space-y-4"
        onSubmit={form.onSubmit(['password'], async (v) => {
          const problem = repeatError(v.password, v.repeat);
          if (problem) throw new Error(problem);
          const done = await staffSend(passwordResetAccept, { token, password: v.password });
          setState({ kind: 'done', done });
        })}
      >
        <NewPasswordFields password={form.field('password')} repeat={form.field('repeat')} />
        <FormMessage text={form.notice?.text ?? null} />
        <SubmitButton busy={form.submitting} text={t('admin.reset.submit')} busyText={t('admin.reset.submitting')} />
      </form>
    </div>
  );
}
