import { useState } from 'react';
import { t } from '~/lib/i18n/messages/admin';
import { passwordResetSendCode, passwordResetWithCode, type PasswordResetDone } from '~/lib/api/contracts/staff';
import { staffSend } from '~/lib/api/staff-client';
import { check } from '~/lib/rules/rule';
import { newStaffPasswordRule, repeatError, staffMobileRule, staffSmsCodeRule } from '~/lib/rules/staff';
import { STAFF_SIGN_IN_PATH } from '~/lib/staff/paths';
import { SMS_CODE_LENGTH } from '~/lib/sms-codes';
import { useForm } from '../shared/use-form';
import { FormMessage, MOBILE_INPUT, SMS_CODE_INPUT, SubmitButton, TextField } from '../shared/fields';
import SmsCodeButton from '../consult/SmsCodeButton';
import { NewPasswordFields, ResetDone } from './password-fields';

/**
 * A forgotten password, reset by the person (/admin/forgot, the sign-in page's 忘记密码): their
 * account's mobile, 获取验证码 (the server answers 发送成功 whether or not the mobile is a staff
 * account, and sends only when it is), the code and the new password twice. Done, they sign in
 * with it; nobody is signed in here, so a second factor is still asked there.
 */
export default function ForgotPasswordIsland() {
  const [done, setDone] = useState<PasswordResetDone | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm({
    initial: { mobile: '', code: '', password: '', repeat: '' },
    check: (field, value) => {
      if (field === 'mobile') return check(staffMobileRule, value);
      if (field === 'code') return check(staffSmsCodeRule, value);
      if (field === 'password') return check(newStaffPasswordRule, value);
      return null;
    },
  });

  if (done) return <ResetDone done={done} />;
  const mobile = form.field('mobile');
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.onSubmit(['mobile', 'code', 'password'], async (v) => {
        const problem = repeatError(v.password, v.repeat);
        if (problem) throw new Error(problem);
        setDone(await staffSend(passwordResetWithCode, { mobile: v.mobile.trim(), code: v.code.trim(), password: v.password }));
      })}
    >
      <p className="text-sm text-slate-700">{t('admin.forgot.intro')}</p>
      <TextField {...mobile} {...MOBILE_INPUT} autoComplete="username" label={t('admin.mobile')} maxLength={11} />
      <TextField
        {...form.field('code')}
        {...SMS_CODE_INPUT}
        label={t('admin.forgot.code')}
        maxLength={SMS_CODE_LENGTH}
        after={
          <SmsCodeButton
            mobile={mobile.value}
            id="staff-forgot-code"
            onMessage={(text) => setMessage(text)}
            send={async (m) => {
              await staffSend(passwordResetSendCode, { mobile: m });
            }}
          />
        }
      />
      <p role="status" aria-live="polite" className="-mt-2 min-h-4 text-xs text-muted">
        {message}
      </p>
      <NewPasswordFields password={form.field('password')} repeat={form.field('repeat')} />
      <FormMessage text={form.notice?.text ?? null} />
      <SubmitButton busy={form.submitting} text={t('admin.forgot.submit')} busyText={t('admin.forgot.submitting')} />
      <p className="text-center text-sm">
        <a href={STAFF_SIGN_IN_PATH} className="text-brand hover:underline">
          {t('admin.forgot.backToSignIn')}
        </a>
      </p>
    </form>
  );
}
