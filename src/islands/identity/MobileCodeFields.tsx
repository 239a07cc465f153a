import type { ReactNode } from 'react';
import { t } from '~/lib/i18n/messages/login';
import { LOGIN_LIMITS } from '~/lib/rules/login';
import { MOBILE_INPUT, SMS_CODE_INPUT, TextField } from '../shared/fields';

type Binding = { id: string; name: string; value: string; error: string | undefined; onValue: (value: string) => void };

/** The mobile and SMS code fields of the login and registration forms (form.field(...) of use-form). */
export default function MobileCodeFields({ mobile, code, codeButton }: { mobile: Binding; code: Binding | null; codeButton: ReactNode }) {
  return (
    <>
      <TextField {...mobile} {...MOBILE_INPUT} label={t('login.mobile')} maxLength={LOGIN_LIMITS.mobile} placeholder={t('login.mobilePlaceholder')} />
      {code && (
        <TextField
          {...code}
          {...SMS_CODE_INPUT}
          label={t('login.code')}
          maxLength={LOGIN_LIMITS.code}
          placeholder={t('login.codePlaceholder')}
          after={codeButton}
        />
      )}
    </>
  );
}
