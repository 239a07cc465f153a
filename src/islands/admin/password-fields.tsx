import { t } from '~/lib/i18n/messages/admin';
import { repeatError } from '~/lib/rules/staff';
import { TextField } from '../shared/fields';

/**
 * The password fields of the staff's own forms (accepting an invitation, my account), written
 * once: the current password a change or a new set of codes asks for, and a new password with its
 * hint and its repetition (checked against it as it is typed).
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
