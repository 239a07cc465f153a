import { t } from '~/lib/i18n/messages/agreement';
import { FieldError } from './fields';

/** The protocol checkbox: service agreement and privacy policy (opened in a new tab, the form stays). */
export function AgreementField({ id, checked, error, onChange }: { id: string; checked: boolean; error: string | undefined; onChange: (v: boolean) => void }) {
  const errorId = `${id}-error`;
  return (
    <div>
      <div className="flex items-start gap-2 text-sm text-muted">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-0.5 h-4 w-4 shrink-0 accent-brand"
        />
        <span>
          <label htmlFor={id}>{t('login.agreePrefix')}</label>
          <a href="/agreement/service" target="_blank" rel="noopener" className="text-brand hover:underline">
            {t('login.serviceAgreement')}
          </a>
          {t('login.and')}
          <a href="/agreement/privacy" target="_blank" rel="noopener" className="text-brand hover:underline">
            {t('login.privacyPolicy')}
          </a>
        </span>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
