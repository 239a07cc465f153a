import { useId, useRef, useState, type SubmitEvent, type KeyboardEvent } from 'react';
import { t } from '~/lib/i18n';
import { toast } from '~/lib/toast';
import { navigateTo } from '~/lib/navigation';
import { publicConfig } from '~/lib/config';
import { LOGIN_FIELDS, LOGIN_LIMITS, loginErrors, loginFieldError, type LoginField, type LoginMode } from '~/lib/rules/login';
import SmsCodeButton from '../consult/SmsCodeButton';
import { AgreementField, FormMessage, TextField } from '../shared/fields';
import { afterLoginTarget, finishLogin, login } from './login-flow';

export interface LoginFormProps {
  /** 'toggle' (the school's /login page) or 'tabs' (the partner edition's 验证码登录 / 密码登录). */
  variant: 'toggle' | 'tabs';
  /** Where to go after logging in when there is no usable `redirect` parameter. */
  fallback: string;
}

type Values = { mobile: string; code: string; password: string; agreed: boolean };
const EMPTY: Values = { mobile: '', code: '', password: '', agreed: false };

/** Milliseconds between '登录成功' and leaving the page, so the message can be read. */
const LEAVE_AFTER_MS = 600;

/**
 * The login form: mobile + SMS code (the user is created on first login) or mobile + password.
 * Form rules come from src/lib/rules/login.ts; a refused login shows the server's one message.
 * After the login answer: bind, student id, user info (login-flow.ts), '登录成功', then the
 * `redirect` parameter (same-origin only) or `fallback`.
 */
export default function LoginForm({ variant, fallback }: LoginFormProps) {
  const [mode, setMode] = useState<LoginMode>('code');
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<LoginField, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);
  const uid = useId();
  const id = (f: string) => `${uid}-${f}`;
  const tabs = useRef<Record<LoginMode, HTMLButtonElement | null>>({ code: null, password: null });

  function switchMode(next: LoginMode) {
    setMode(next);
    setErrors({});
    setMessage(null);
  }

  function change<K extends keyof Values>(field: K, value: Values[K]) {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: loginFieldError(field, value) ?? undefined }));
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    const found = loginErrors(mode, values);
    setErrors(found);
    setMessage(null);
    const first = LOGIN_FIELDS[mode].find((f) => found[f]);
    if (first) {
      if (first === 'agreed') toast(found.agreed!, 'warning');
      document.getElementById(id(first))?.focus();
      return;
    }
    busy.current = true;
    setSubmitting(true);
    const tenantId = publicConfig().tenantId ?? '';
    try {
      const mobile = values.mobile.trim();
      const body =
        mode === 'code'
          ? { mobile, code: values.code.trim(), grantType: 'MOBILE_LOGIN_REGISTER', terminalType: 'ALL_USER', bizType: 'P_MINI', bizId: '' }
          : { username: mobile, password: values.password, grantType: 'PASSWORD', terminalType: 'ALL_USER', bizType: 'P_MINI', bizId: '' };
      const answer = await login(body, tenantId);
      await finishLogin(answer, tenantId);
      toast(t('login.success'), 'success');
      const target = afterLoginTarget(new URLSearchParams(location.search).get('redirect'), fallback);
      setTimeout(() => navigateTo(target), LEAVE_AFTER_MS);
    } catch (error) {
      setMessage(error instanceof Error && error.message ? error.message : t('common.systemBusy'));
      busy.current = false;
      setSubmitting(false);
    }
  }

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const next: LoginMode = mode === 'code' ? 'password' : 'code';
    switchMode(next);
    tabs.current[next]?.focus();
  }

  const modeLabel = (m: LoginMode) => (m === 'code' ? t('login.modeCode') : t('login.modePassword'));

  const fields = (
    <div className="space-y-4">
      <TextField
        id={id('mobile')}
        label={t('login.mobile')}
        name="mobile"
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        maxLength={LOGIN_LIMITS.mobile}
        placeholder={t('login.mobilePlaceholder')}
        value={values.mobile}
        error={errors.mobile}
        onValue={(v) => change('mobile', v)}
      />
      {mode === 'code' ? (
        <TextField
          id={id('code')}
          label={t('login.code')}
          name="code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={LOGIN_LIMITS.code}
          placeholder={t('login.codePlaceholder')}
          value={values.code}
          error={errors.code}
          onValue={(v) => change('code', v)}
          after={<SmsCodeButton mobile={values.mobile} templateCode="MOBILE_LOGIN_REGISTER" />}
        />
      ) : (
        <TextField
          id={id('password')}
          label={t('login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          maxLength={LOGIN_LIMITS.passwordMax}
          placeholder={t('login.passwordPlaceholder')}
          value={values.password}
          error={errors.password}
          onValue={(v) => change('password', v)}
        />
      )}
      {mode === 'code' && <p className="-mt-2 text-xs text-muted">{t('login.codeHint')}</p>}
      <AgreementField id={id('agreed')} checked={values.agreed} error={errors.agreed} onChange={(v) => change('agreed', v)} />
      <FormMessage text={message} />
      <button
        type="submit"
        disabled={submitting}
        className="w-full rounded-lg bg-brand py-2.5 text-sm font-medium text-white hover:bg-brand-dark disabled:opacity-70"
      >
        {submitting ? t('login.submitting') : t('login.submit')}
      </button>
    </div>
  );

  return (
    <form noValidate onSubmit={submit} aria-busy={submitting || undefined}>
      {variant === 'tabs' ? (
        <>
          <div role="tablist" aria-label={t('login.modes')} className="mb-5 grid grid-cols-2 border-b border-slate-200">
            {(['code', 'password'] as const).map((m) => (
              <button
                key={m}
                ref={(el) => {
                  tabs.current[m] = el;
                }}
                type="button"
                role="tab"
                id={id(`tab-${m}`)}
                aria-selected={mode === m}
                aria-controls={id('panel')}
                tabIndex={mode === m ? 0 : -1}
                onClick={() => switchMode(m)}
                onKeyDown={onTabKey}
                className={`-mb-px border-b-2 py-2.5 text-sm font-medium ${mode === m ? 'border-brand text-brand' : 'border-transparent text-muted hover:text-ink'}`}
              >
                {modeLabel(m)}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={id('panel')} aria-labelledby={id(`tab-${mode}`)}>
            {fields}
          </div>
        </>
      ) : (
        <>
          <div className="mb-4 flex items-center justify-between gap-3">
            <h2 className="text-base font-semibold text-ink">{modeLabel(mode)}</h2>
            <button type="button" onClick={() => switchMode(mode === 'code' ? 'password' : 'code')} className="text-sm text-brand hover:underline">
              {mode === 'code' ? t('login.toPassword') : t('login.toCode')}
            </button>
          </div>
          {fields}
        </>
      )}
    </form>
  );
}
