import { t } from '~/lib/i18n/messages/register';
import { toast } from '~/lib/toast';
import { publicConfig } from '~/lib/config';
import { ENTERPRISE_FIELDS, JOIN_FIELDS, REGISTER_LIMITS, registerFieldError, type RegisterField, type RegisterType } from '~/lib/rules/register';
import SmsCodeButton from '../consult/SmsCodeButton';
import { FormMessage, NAME_INPUT, SubmitButton, TextField } from '../shared/fields';
import { AgreementField } from '../shared/agreement-field';
import { SelectField } from '../shared/select-field';
import { useForm, warnOnInvalid } from '../shared/use-form';
import { onDemand } from '~/lib/on-demand';
import MobileCodeFields from './MobileCodeFields';

export interface RegisterFormProps {
  type: RegisterType;
  /** The cloud schools the join form offers (types 1 and 3), names from the server. */
  schools: { id: string; name: string }[];
}

/** The registration's calls and the API client: loaded once the form is touched, before anyone can submit it. */
const calls = onDemand(() => Promise.all([import('./login-flow'), import('~/lib/api/client'), import('~/lib/api/contracts/login')]));

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
  const form = useForm({ initial: (): Values => ({ ...EMPTY, schoolId: schools.length === 1 ? schools[0]!.id : '' }), check: registerFieldError });
  const { id, values, errors } = form;
  const pageTenant = publicConfig().tenantId ?? '';
  // The school the code and the session are for: the chosen one when joining.
  const tenantId = enterprise ? pageTenant : values.schoolId || pageTenant;

  const submit = form.onSubmit(
    enterprise ? ENTERPRISE_FIELDS : JOIN_FIELDS,
    async (v) => {
      const [{ afterLoginTarget, finishLogin, login, navigateTo }, { send }, { checkInvitation, joinByInvitation }] = await calls.load();
      const qrCode = v.invitationCode.trim().toUpperCase();
      let target = tenantId;
      if (enterprise) target = (await send(checkInvitation, { qrCode, userId: '0' }, { silent: true })).tenantId;
      const answer = await login(
        {
          nickName: v.name.trim(),
          mobile: v.mobile.trim(),
          code: v.code.trim(),
          grantType: 'MOBILE_LOGIN_REGISTER',
          terminalType: 'ALL_USER',
          bizType: 'E_PC',
        },
        target,
      );
      await finishLogin(answer, target);
      if (enterprise) {
        await send(joinByInvitation, { qrCode, tenantId: target, userId: answer.userId, enterpriseName: v.enterpriseName.trim() }, { silent: true });
      }
      toast(t('register.success'), 'success');
      // Joined another school: go to its site; else back where the visitor came from.
      const next =
        target === pageTenant ? afterLoginTarget(new URLSearchParams(location.search).get('redirect'), '/') : `/?schoolId=${encodeURIComponent(target)}`;
      setTimeout(() => navigateTo(next), 600);
      return 'leaving';
    },
    warnOnInvalid(form.setNotice),
  );

  return (
    <form noValidate onSubmit={submit} onFocus={calls.warm} onPointerDown={calls.warm} aria-busy={form.submitting || undefined} className="space-y-4">
      <TextField
        {...form.field('name')}
        label={t('register.name')}
        {...NAME_INPUT}
        maxLength={REGISTER_LIMITS.name}
        placeholder={t('register.namePlaceholder')}
      />
      {!enterprise && (
        <SelectField
          {...form.field('schoolId')}
          label={t('register.school')}
          placeholder={t('register.schoolPlaceholder')}
          options={schools.map((s) => [s.id, s.name] as const)}
        />
      )}
      <MobileCodeFields
        mobile={form.field('mobile')}
        code={form.field('code')}
        codeButton={
          <SmsCodeButton
            mobile={values.mobile}
            templateCode="MOBILE_LOGIN_REGISTER"
            tenantId={tenantId}
            beforeSend={() => (enterprise || values.schoolId ? null : t('register.schoolRequired'))}
          />
        }
      />
      {enterprise && (
        <>
          <TextField
            {...form.field('enterpriseName')}
            type="text"
            autoComplete="organization"
            label={t('register.enterpriseName')}
            maxLength={REGISTER_LIMITS.enterpriseName}
            placeholder={t('register.enterpriseNamePlaceholder')}
          />
          <TextField
            {...form.field('invitationCode')}
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            label={t('register.invitationCode')}
            maxLength={REGISTER_LIMITS.invitationCode}
            placeholder={t('register.invitationCodePlaceholder')}
          />
        </>
      )}
      <AgreementField id={id('agreed')} checked={values.agreed} error={errors.agreed} onChange={(v) => form.change('agreed', v)} />
      <FormMessage text={form.notice?.text ?? null} />
      <SubmitButton busy={form.submitting} text={t('register.submit')} busyText={t('register.submitting')} />
    </form>
  );
}
