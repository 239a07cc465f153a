import type { InputHTMLAttributes, ReactNode } from 'react';

/**
 * Form pieces shared by the product's forms: login, registration, consult and certificate query
 * (the select, the text area and the agreement checkbox in their own modules beside this one, so
 * that a form carries only the pieces it shows).
 * A field's input has the id it is given; its message has that id + '-error' and is tied to the
 * input (aria-invalid, aria-describedby) while it is shown (ids from use-form.ts).
 */

/**
 * Input sizes: 'form' on the login and registration cards, 'compact' in the consult dialog,
 * 'touch' on the certificate pages (16 px text on phones, so that iOS does not zoom into the field).
 */
export type FieldLook = 'form' | 'compact' | 'touch';
const LOOKS: Record<FieldLook, string> = {
  form: 'px-3 py-2.5 text-sm',
  compact: 'px-3 py-2 text-sm',
  touch: 'bg-white px-3 py-2 text-base sm:text-sm',
};

export const inputClass = (invalid: boolean, look: FieldLook = 'form') =>
  `w-full min-w-0 rounded-lg border ${LOOKS[look]} outline-none focus:border-brand ${invalid ? 'border-red-600' : 'border-slate-300'}`;

/** The input kinds the forms share (a person's name, the mobile keyboard and autofill hints). */
export const NAME_INPUT = { type: 'text', autoComplete: 'name' } as const;
export const MOBILE_INPUT = { type: 'tel', inputMode: 'numeric', autoComplete: 'tel' } as const;
export const SMS_CODE_INPUT = { type: 'text', inputMode: 'numeric', autoComplete: 'one-time-code' } as const;

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="mt-1 text-xs text-red-700">
      {message}
    </p>
  ) : null;
}

/** A field label with the required mark beside it (not in it, so the field's name is the label's text). */
function RequiredLabel({ htmlFor, text }: { htmlFor: string; text: string }) {
  return (
    <div className="mb-1 flex items-center gap-0.5 text-sm font-medium text-ink">
      <span aria-hidden="true" className="text-red-700">
        *
      </span>
      <label htmlFor={htmlFor}>{text}</label>
    </div>
  );
}

export interface FrameProps {
  id: string;
  label: string;
  error: string | undefined;
  /** Shows the required mark beside the label (the consult and certificate forms). */
  marked?: boolean | undefined;
  /** Something beside the control (the code button, the captcha picture). */
  after?: ReactNode;
}

export function Frame({ id, label, error, marked, after, children }: FrameProps & { children: ReactNode }) {
  return (
    <div>
      {marked ? (
        <RequiredLabel htmlFor={id} text={label} />
      ) : (
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
          {label}
        </label>
      )}
      {after ? (
        <div className="flex gap-2">
          {children}
          {after}
        </div>
      ) : (
        children
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The attributes that tie a required control to its label and message, and its value to the form. */
export const controlProps = (id: string, error: string | undefined, value: string, onValue: (value: string) => void) => ({
  id,
  'aria-required': true,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
  value,
  onChange: (e: { target: { value: string } }) => onValue(e.target.value),
});

export interface ValueProps {
  value: string;
  onValue: (value: string) => void;
  look?: FieldLook;
}

type TextFieldProps = FrameProps & ValueProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value'>;

/** A labelled input. */
export function TextField({ id, label, error, marked, after, value, onValue, look, ...input }: TextFieldProps) {
  return (
    <Frame id={id} label={label} error={error} marked={marked} after={after}>
      <input {...input} {...controlProps(id, error, value, onValue)} className={inputClass(!!error, look)} />
    </Frame>
  );
}

/** The submit button: disabled, and saying `busyText`, while the form is busy. */
interface SubmitButtonProps {
  busy: boolean;
  text: string;
  busyText: string;
  disabled?: boolean;
  look?: FieldLook;
  className?: string;
}

export function SubmitButton({ busy, text, busyText, disabled = false, look = 'form', className = '' }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      disabled={busy || disabled}
      className={[
        'w-full rounded-lg bg-brand py-2.5',
        look === 'touch' ? 'text-base sm:text-sm' : 'text-sm',
        'font-medium text-white hover:bg-brand-dark disabled:opacity-70',
        className,
      ]
        .join(' ')
        .trim()}
    >
      {busy ? busyText : text}
    </button>
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
