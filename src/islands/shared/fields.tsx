import type { InputHTMLAttributes, ReactNode } from 'react';
import { t } from '~/lib/i18n';

/** Form pieces shared by the product's forms: login, registration, consult and certificate query. */

export const inputClass = (invalid: boolean) =>
  `w-full min-w-0 rounded-lg border px-3 py-2.5 text-sm outline-none focus:border-brand ${invalid ? 'border-red-600' : 'border-slate-300'}`;

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="mt-1 text-xs text-red-700">
      {message}
    </p>
  ) : null;
}

/** A field label with the required mark beside it (not in it, so the field's name is the label's text). */
export function RequiredLabel({ htmlFor, text }: { htmlFor: string; text: string }) {
  return (
    <div className="mb-1 flex items-center gap-0.5 text-sm font-medium text-ink">
      <span aria-hidden="true" className="text-red-700">
        *
      </span>
      <label htmlFor={htmlFor}>{text}</label>
    </div>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  onValue: (value: string) => void;
  /** Something beside the input (the code button). */
  after?: ReactNode;
}

/** A labelled input with its message tied to it (aria-invalid, aria-describedby). */
export function TextField({ id, label, value, error, onValue, after, ...input }: TextFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          {...input}
          id={id}
          value={value}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => onValue(e.target.value)}
          className={inputClass(!!error)}
        />
        {after}
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

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

/** The form's own message (the server's answer): announced to screen readers. */
export function FormMessage({ text }: { text: string | null }) {
  return (
    <p role="alert" className="min-h-5 text-sm text-red-700">
      {text}
    </p>
  );
}
