import { useEffect, useState, type ReactNode } from 'react';
import { t } from '~/lib/i18n/messages/admin';
import { me, secondFactor, signIn, type SignInAnswer } from '~/lib/api/contracts/staff';
import { staffSend } from '~/lib/api/staff-client';
import { check } from '~/lib/rules/rule';
import { secondStepCodeRule, staffMobileRule, totpCodeRule, typedPasswordRule } from '~/lib/rules/staff';
import { useForm } from '../shared/use-form';
import { FormMessage, SubmitButton, TextField } from '../shared/fields';
import { MOBILE_INPUT } from '../shared/fields';
import { CaptchaField, useCaptchaStep } from '../shared/captcha-step';
import { STAFF_FORGOT_PATH } from '~/lib/staff/paths';

/**
 * The staff sign-in (/admin/login): mobile and password, then, for an account with a second
 * factor, the authenticator's code or, with the phone lost, one of the account's recovery codes.
 * Signed in, it goes to `next` (a staff page the server chose). 忘记密码 leads to the self-service
 * reset with an SMS code (/admin/forgot).
 *
 * The session cookie is SameSite=Strict, so a staff page opened from a link on another site (an
 * e-mail, a chat) arrives without it and is sent here. The page's own request does carry it: when
 * the session is there after all, the person goes on to `next` without signing in again.
 */
/** The code field of the second step: the authenticator's six digits, or a recovery code (letters, typed as printed). */
const TOTP_INPUT = { label: t('admin.code'), inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 7 } as const;
const RECOVERY_INPUT = { label: t('admin.recoveryCode'), autoComplete: 'off', autoCapitalize: 'characters', spellCheck: false, maxLength: 24 } as const;

function LinkButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className="w-full text-sm text-brand hover:underline" onClick={onClick}>
      {children}
    </button>
  );
}

export default function SignInIsland({ next }: { next: string }) {
  const [challenge, setChallenge] = useState<string | null>(null);
  useEffect(() => {
    staffSend(me, {}).then(
      () => location.assign(next),
      () => undefined,
    );
  }, [next]);
  const password = useForm({
    initial: { mobile: '', password: '' },
    check: (field, value) => check(field === 'mobile' ? staffMobileRule : typedPasswordRule, value),
  });
  const [recovery, setRecovery] = useState(false);
  const captcha = useCaptchaStep();
  const code = useForm({ initial: { code: '' }, check: (_field, value) => check(recovery ? secondStepCodeRule : totpCodeRule, value) });

  /** The code step again from an empty field: with the authenticator's code, or a recovery code. */
  const restart = (withRecovery: boolean) => {
    setRecovery(withRecovery);
    code.reset({ code: '' });
    code.setNotice(null);
  };

  const leave = () => {
    location.assign(next);
    return 'leaving' as const;
  };

  if (challenge) {
    return (
      <form
        noValidate
        className="space-y-4"
        aria-labelledby="second-factor-title"
        onSubmit={code.onSubmit(['code'], async (v) => {
          await staffSend(secondFactor, { challenge, code: recovery ? v.code.trim() : v.code.replace(/\s+/g, '') });
          return leave();
        })}
      >
        <h2 id="second-factor-title" className="text-lg font-semibold">
          {t('admin.signIn.secondFactorTitle')}
        </h2>
        <p className="text-sm text-muted">{t(recovery ? 'admin.signIn.recoveryHint' : 'admin.signIn.secondFactorHint')}</p>
        <TextField key={recovery ? 'recovery' : 'totp'} {...code.field('code')} {...(recovery ? RECOVERY_INPUT : TOTP_INPUT)} type="text" autoFocus />
        <FormMessage text={code.notice?.text ?? null} />
        <SubmitButton busy={code.submitting} text={t('admin.signIn.verify')} busyText={t('admin.signIn.verifying')} />
        <LinkButton onClick={() => restart(!recovery)}>{t(recovery ? 'admin.signIn.useAuthenticator' : 'admin.signIn.useRecovery')}</LinkButton>
        <LinkButton
          onClick={() => {
            setChallenge(null);
            restart(false);
          }}
        >
          {t('admin.signIn.back')}
        </LinkButton>
      </form>
    );
  }

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={password.onSubmit(['mobile', 'password'], async (v) => {
        let answer: SignInAnswer;
        try {
          answer = await staffSend(signIn, { mobile: v.mobile.trim(), password: v.password, ...captcha.fields() });
        } catch (error) {
          captcha.settle(error);
          throw error;
        }
        if (answer.step === 'done') return leave();
        setChallenge(answer.challenge);
        return undefined;
      })}
    >
      <TextField {...password.field('mobile')} {...MOBILE_INPUT} autoComplete="username" label={t('admin.mobile')} maxLength={11} />
      <TextField {...password.field('password')} type="password" autoComplete="current-password" label={t('admin.password')} maxLength={128} />
      <CaptchaField
        step={captcha}
        id="staff-sign-in-captcha"
        label={t('admin.signIn.captcha')}
        placeholder={t('admin.signIn.captchaPlaceholder')}
        refreshLabel={t('admin.signIn.captchaRefresh')}
      />
      <FormMessage text={password.notice?.text ?? null} />
      <SubmitButton busy={password.submitting} text={t('admin.signIn.submit')} busyText={t('admin.signIn.submitting')} />
      <p className="text-center text-sm">
        <a href={STAFF_FORGOT_PATH} className="text-brand hover:underline">
          {t('admin.signIn.forgot')}
        </a>
      </p>
      <p className="text-xs text-muted">{t('admin.signIn.lostAuthenticator')}</p>
    </form>
  );
}
