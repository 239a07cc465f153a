import { t } from '~/lib/i18n/messages/admin';
import { repeatError } from '~/lib/rules/staff';
import { TextField } from '../shared/fields';
import { STAFF_SIGN_IN_PATH } from '~/lib/staff/paths';
import type { PasswordResetDone } from '~/lib/api/contracts/staff';

/**
 * The password fields of the staff's own forms (accepting an invitation, my account), written
 * once: the current password a change or a new set of codes asks for, and a new password with its
 * hint and its repetition (checked against it as it is typed); and what a password reset ends with.
 */

/** The most characters a typed password may have (the rules' limit on any password). */
const TYPED_PASSWORD_MAX = 128;
/** The most characters of a new staff password. */
const NEW_PASSWORD_MAX = 64;

/** The props useForm's `field(name)` gives a text field. */
interface FieldProps {
  id: string;
  name: string;
  value: string;
  error: string | undefined;
  onValue: (value: string) => void;
}

export function CurrentPasswordField(props: FieldProps) {
  return <TextField {...props} type="password" autoComplete="current-password" label={t('admin.account.oldPassword')} maxLength={TYPED_PASSWORD_MAX} />;
}

export function NewPasswordFields({ password, repeat }: { password: FieldProps; repeat: FieldProps }) {
  const repeatProblem = repeat.value !== '' ? repeatError(password.value, repeat.value) : null;
  return (
    <>
      <TextField {...password} type="password" autoComplete="new-password" label={t('admin.newPassword')} maxLength={NEW_PASSWORD_MAX} />
      <p className="-mt-3 text-xs text-muted">{t('admin.newPasswordHint')}</p>
      <TextField
        {...repeat}
        error={repeatProblem ?? undefined}
        type="password"
        autoComplete="new-password"
        label={t('admin.passwordRepeat')}
        maxLength={NEW_PASSWORD_MAX}
      />
    </>
  );
}

/**
 * A password reset done (a reset link or an SMS code): nobody is signed in, so the person goes to
 * sign in with the new password, told that their second factor is still asked when it is on.
 */
export function ResetDone({ done }: { done: PasswordResetDone }) {
  return (
    <div className="space-y-4">
      <p role="status" className="rounded-lg bg-green-50 px-4 py-3 text-sm text-green-800">
        {t(done.secondFactor ? 'admin.reset.doneSecondFactor' : 'admin.reset.done')}
      </p>
      <a href={STAFF_SIGN_IN_PATH} className="block w-full rounded-lg bg-brand px-4 py-2.5 text-center font-medium text-white hover:bg-brand-dark">
        {t('admin.reset.signIn')}
      </a>
    </div>
  );
}
