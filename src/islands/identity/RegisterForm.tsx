import { useId, useRef, useState, type SubmitEvent } from 'react';
import { post, request } from '~/lib/api/client';
import { t } from '~/lib/i18n';
import { toast } from '~/lib/toast';
import { navigateTo } from '~/lib/navigation';
import { publicConfig } from '~/lib/config';
import { LOGIN_LIMITS } from '~/lib/rules/login';
import {
  ENTERPRISE_FIELDS,
  JOIN_FIELDS,
  REGISTER_LIMITS,
  registerErrors,
  registerFieldError,
  type RegisterField,
  type RegisterType,
} from '~/lib/rules/register';
import SmsCodeButton from '../consult/SmsCodeButton';
import { AgreementField, FieldError, FormMessage, TextField, inputClass } from '../shared/fields';
import { IDENTITY_PATHS, afterLoginTarget, finishLogin, login } from './login-flow';

export interface RegisterFormProps {
  type: RegisterType;
  /** The cloud schools the join form offers (types 1 and 3), names from the server. */
  schools: { id: string; name: string }[];
}

type Values = Record<Exclude<RegisterField, 'agreed'>, string> & { agreed: boolean };
const EMPTY: Values = { name: '', mobile: '', code: '', schoolId: '', enterpriseName: '', invitationCode: '', agreed: false };

/**
 * Registration. Types 1 and 3: join a cloud school chosen from a fixed list. Type 2: the
 * enterprise form with an invitation code, checked first (qrCode, userId '0' → tenantId) so that a
 * wrong code costs no SMS code, then joined after login (qrCode, tenantId, userId). Both log in
 * with MOBILE_LOGIN_REGISTER, terminalType ALL_USER, bizType E_PC and the name as nickName, then
 * bind (login-flow.ts), then '操作成功'.
 */
export default function RegisterForm({ type, schools }: RegisterFormProps) {
  const enterprise = type === 2;
  const fieldsOrder = enterprise ? ENTERPRISE_FIELDS : JOIN_FIELDS;
  const [values, setValues] = useState<Values>(() => ({ ...EMPTY, schoolId: schools.length === 1 ? schools[0]!.id : '' }));
  const [errors, setErrors] = useState<Partial<Record<RegisterField, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);
  const uid = useId();
  const id = (f: string) => `${uid}-${f}`;
  const pageTenant = publicConfig().tenantId ?? '';
  // The school the code and the session are for: the chosen one when joining.
  const tenantId = enterprise ? pageTenant : values.schoolId || pageTenant;

  function change<K extends keyof Values>(field: K, value: Values[K]) {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: registerFieldError(field, value) ?? undefined }));
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    const found = registerErrors(type, values);
    setErrors(found);
    setMessage(null);
    const first = fieldsOrder.find((f) => found[f]);
    if (first) {
      if (first === 'agreed') toast(found.agreed!, 'warning');
      document.getElementById(id(first))?.focus();
      return;
    }
    busy.current = true;
    setSubmitting(true);
    try {
      const qrCode = values.invitationCode.trim().toUpperCase();
      let target = tenantId;
      if (enterprise) {
        const invited = await post<{ tenantId: string }>(IDENTITY_PATHS.checkInvitation, { qrCode, userId: '0' }, { silent: true });
        target = invited.tenantId;
      }
      const answer = await login(
        { nickName: values.name.trim(), mobile: values.mobile.trim(), code: values.code.trim(), grantType: 'MOBILE_LOGIN_REGISTER', terminalType: 'ALL_USER', bizType: 'E_PC' },
        target,
      );
      await finishLogin(answer, target);
      if (enterprise) {
        await request(IDENTITY_PATHS.joinByInvitation, {
          method: 'POST',
          body: { qrCode, tenantId: target, userId: answer.userId, enterpriseName: values.enterpriseName.trim() },
          silent: true,
        });
      }
      toast(t('register.success'), 'success');
      // Joined another school: go to its site; else back where the visitor came from.
      const next = target === pageTenant ? afterLoginTarget(new URLSearchParams(location.search).get('redirect'), '/') : `/?schoolId=${encodeURIComponent(target)}`;
      setTimeout(() => navigateTo(next), 600);
    } catch (error) {
      setMessage(error instanceof Error && error.message ? error.message : t('common.systemBusy'));
      busy.current = false;
      setSubmitting(false);
    }
  }

  const text = (field: Exclude<RegisterField, 'agreed' | 'schoolId'>, label: string, props: Record<string, unknown>) => (
    <TextField
      id={id(field)}
      label={label}
      name={field}
      value={values[field]}
      error={errors[field]}
      onValue={(v) => change(field, v)}
      {...props}
    />
  );

  return (
    <form noValidate onSubmit={submit} aria-busy={submitting || undefined} className="space-y-4">
      {text('name', t('register.name'), { type: 'text', autoComplete: 'name', maxLength: REGISTER_LIMITS.name, placeholder: t('register.namePlaceholder') })}
      {!enterprise && (
        <div>
          <label htmlFor={id('schoolId')} className="mb-1 block text-sm font-medium text-ink">
            {t('register.school')}
          </label>
          <select
            id={id('schoolId')}
            name="schoolId"
            value={values.schoolId}
            aria-required="true"
            aria-invalid={errors.schoolId ? true : undefined}
            aria-describedby={errors.schoolId ? `${id('schoolId')}-error` : undefined}
            onChange={(e) => change('schoolId', e.target.value)}
            className={`${inputClass(!!errors.schoolId)} bg-white`}
          >
            <option value="">{t('register.schoolPlaceholder')}</option>
            {schools.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
          <FieldError id={`${id('schoolId')}-error`} message={errors.schoolId} />
        </div>
      )}
      {text('mobile', t('login.mobile'), { type: 'tel', inputMode: 'numeric', autoComplete: 'tel', maxLength: LOGIN_LIMITS.mobile, placeholder: t('login.mobilePlaceholder') })}
      {text('code', t('login.code'), {
        type: 'text',
        inputMode: 'numeric',
        autoComplete: 'one-time-code',
        maxLength: LOGIN_LIMITS.code,
        placeholder: t('login.codePlaceholder'),
        after: (
          <SmsCodeButton
            mobile={values.mobile}
            templateCode="MOBILE_LOGIN_REGISTER"
            tenantId={tenantId}
            beforeSend={() => (enterprise || values.schoolId ? null : t('register.schoolRequired'))}
          />
        ),
      })}
      {enterprise && text('enterpriseName', t('register.enterpriseName'), { type: 'text', autoComplete: 'organization', maxLength: REGISTER_LIMITS.enterpriseName, placeholder: t('register.enterpriseNamePlaceholder') })}
      {enterprise &&
        text('invitationCode', t('register.invitationCode'), {
          type: 'text',
          autoComplete: 'off',
          autoCapitalize: 'characters',
          maxLength: REGISTER_LIMITS.invitationCode,
          placeholder: t('register.invitationCodePlaceholder'),
        })}
      <AgreementField id={id('agreed')} checked={values.agreed} error={errors.agreed} onChange={(v) => change('agreed', v)} />
      <FormMessage text={message} />
      <button
        type="submit"
        disabled={submitting}
        className="w-full rounded-lg bg-brand py-2.5 text-sm font-medium text-white hover:bg-brand-dark disabled:opacity-70"
      >
        {submitting ? t('register.submitting') : t('register.submit')}
      </button>
    </form>
  );
}
