import { useState, type ReactNode, type SubmitEvent } from 'react';
import { t } from '~/lib/i18n/messages/login';
import { toast } from '~/lib/toast';
import { publicConfig } from '~/lib/config';
import { LOGIN_FIELDS, LOGIN_LIMITS, loginFieldError, type LoginMode } from '~/lib/rules/login';
import { onDemand } from '~/lib/on-demand';
import SmsCodeButton from '../consult/SmsCodeButton';
import { FormMessage, SubmitButton, TextField } from '../shared/fields';
import { AgreementField } from '../shared/agreement-field';
import { useForm, warnOnInvalid } from '../shared/use-form';
import type { LoginBody } from './login-flow';
import MobileCodeFields from './MobileCodeFields';
import { CaptchaField, useCaptchaStep } from '../shared/captcha-step';

/**
 * The login form's state, fields and submit, shared by its two looks: the school's /login page
 * (below, a toggle between the modes) and the partner edition's login (./TabbedLoginForm.tsx,
 * 验证码登录 / 密码登录 as tabs, which takes them from here).
 */

export interface LoginFormProps {
  /** Where to go after logging in when there is no usable `redirect` parameter. */
  fallback: string;
}

type Values = { mobile: string; code: string; password: string; agreed: boolean };
const EMPTY: Values = { mobile: '', code: '', password: '', agreed: false };

export const LOGIN_MODES: readonly LoginMode[] = ['code', 'password'];

/** Milliseconds between '登录成功' and leaving the page, so the message can be read. */
const LEAVE_AFTER_MS = 600;

/** The login's calls and the API client: loaded once the form is touched, before anyone can submit it. */
const calls = onDemand(() => import('./login-flow'));

export const modeLabel = (m: LoginMode) => (m === 'code' ? t('login.modeCode') : t('login.modePassword'));

/**
 * The login form: mobile + SMS code (the user is created on first login) or mobile + password.
 * Form rules come from src/lib/rules/login.ts; a refused login shows the server's one message.
 * After the login answer: bind, student id, user info (login-flow.ts), '登录成功', then the
 * `redirect` parameter (same-origin only) or `fallback`.
 */
export function useLoginForm(fallback: string) {
  const [mode, setMode] = useState<LoginMode>('code');
  const form = useForm({ initial: EMPTY, check: loginFieldError });
  const { id, values, errors } = form;
  const captcha = useCaptchaStep();

  function switchMode(next: LoginMode) {
    setMode(next);
    form.setErrors({});
    form.setNotice(null);
  }

  const submit = form.onSubmit(
    LOGIN_FIELDS[mode],
    async (v) => {
      const { afterLoginTarget, finishLogin, login, navigateTo } = await calls.load();
      const tenantId = publicConfig().tenantId ?? '';
      const mobile = v.mobile.trim();
      const body: LoginBody =
        mode === 'code'
          ? { mobile, code: v.code.trim(), grantType: 'MOBILE_LOGIN_REGISTER', terminalType: 'ALL_USER', bizType: 'P_MINI', bizId: '' }
          : { username: mobile, password: v.password, grantType: 'PASSWORD', terminalType: 'ALL_USER', bizType: 'P_MINI', bizId: '' };
      let answer: Awaited<ReturnType<typeof login>>;
      try {
        answer = await login({ ...body, ...captcha.fields() }, tenantId);
      } catch (error) {
        captcha.settle(error);
        throw error;
      }
      await finishLogin(answer, tenantId);
      toast(t('login.success'), 'success');
      const target = afterLoginTarget(new URLSearchParams(location.search).get('redirect'), fallback);
      setTimeout(() => navigateTo(target), LEAVE_AFTER_MS);
      return 'leaving';
    },
    warnOnInvalid(form.setNotice),
  );

  const fields = (
    <div className="space-y-4">
      <MobileCodeFields
        mobile={form.field('mobile')}
        code={mode === 'code' ? form.field('code') : null}
        codeButton={<SmsCodeButton mobile={values.mobile} templateCode="MOBILE_LOGIN_REGISTER" />}
      />
      {mode === 'password' && (
        <TextField
          {...form.field('password')}
          type="password"
          autoComplete="current-password"
          label={t('login.password')}
          maxLength={LOGIN_LIMITS.passwordMax}
          placeholder={t('login.passwordPlaceholder')}
        />
      )}
      {mode === 'code' && <p className="-mt-2 text-xs text-muted">{t('login.codeHint')}</p>}
      <CaptchaField
        step={captcha}
        id={id('captcha')}
        label={t('login.captcha')}
        placeholder={t('login.captchaPlaceholder')}
        refreshLabel={t('login.captchaRefresh')}
        tenantId={publicConfig().tenantId}
        apiBase={publicConfig().apiBase}
      />
      <AgreementField id={id('agreed')} checked={values.agreed} error={errors.agreed} onChange={(v) => form.change('agreed', v)} />
      <FormMessage text={form.notice?.text ?? null} />
      <SubmitButton busy={form.submitting} text={t('login.submit')} busyText={t('login.submitting')} />
    </div>
  );

  return { id, mode, switchMode, submit, busy: form.submitting, fields };
}

/** The form element both looks wrap their content in; its calls load once it is touched. */
export function LoginFormElement({ submit, busy, children }: { submit: (event: SubmitEvent<HTMLFormElement>) => void; busy: boolean; children: ReactNode }) {
  return (
    <form noValidate onSubmit={submit} onFocus={calls.warm} onPointerDown={calls.warm} aria-busy={busy || undefined}>
      {children}
    </form>
  );
}

/** The school's login page (/login): the form with a link-like button that toggles between the code and the password. */
export default function LoginForm({ fallback }: LoginFormProps) {
  const { mode, switchMode, submit, busy, fields } = useLoginForm(fallback);
  return (
    <LoginFormElement submit={submit} busy={busy}>
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 className="text-base font-semibold text-ink">{modeLabel(mode)}</h2>
        <button type="button" onClick={() => switchMode(mode === 'code' ? 'password' : 'code')} className="text-sm text-brand hover:underline">
          {mode === 'code' ? t('login.toPassword') : t('login.toCode')}
        </button>
      </div>
      {fields}
    </LoginFormElement>
  );
}
