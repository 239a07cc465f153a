import { useState } from 'react';
import { captchaUrl, newCaptchaKey } from '~/lib/captcha';
import { ErrorCode } from '~/lib/envelope';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH } from '~/lib/rules/certificate';
import { TextField } from './fields';

/**
 * The captcha a sign-in form shows once the server asked for one (CAPTCHA_REQUIRED: the network's
 * address used up its budget of failed sign-ins, decision 053). Until then the form has no captcha
 * at all. The server checks a captcha once, right or wrong, so every answer after one was sent
 * brings a new picture.
 */
export interface CaptchaStep {
  /** The live picture's key; null while none was asked for. */
  key: string | null;
  code: string;
  setCode(code: string): void;
  refresh(): void;
  /** The fields to send with the sign-in: none until a captcha was asked for. */
  fields(): { captchaKey?: string; captchaCode?: string };
  /** After any answer to a sign-in: shows a (new) picture when one was asked for or used. */
  settle(error: unknown): void;
}

export function useCaptchaStep(): CaptchaStep {
  const [key, setKey] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const refresh = () => {
    setKey(newCaptchaKey());
    setCode('');
  };
  return {
    key,
    code,
    setCode,
    refresh,
    fields: () => (key === null ? {} : { captchaKey: key, captchaCode: code.trim() }),
    settle(error) {
      // The portal's and the staff side's clients both throw an error carrying the envelope's code.
      const code = error instanceof Error && 'code' in error ? error.code : null;
      if (key !== null || code === ErrorCode.CAPTCHA_REQUIRED) refresh();
    },
  };
}

export interface CaptchaFieldProps {
  step: CaptchaStep;
  id: string;
  label: string;
  placeholder: string;
  /** Said of the picture button: a new picture. */
  refreshLabel: string;
  /** The school and the API's origin for the picture's address (the staff pages use their own host). */
  tenantId?: string | null;
  apiBase?: string;
}

/** A captcha's picture, which gives a new one when pressed, and its answer field; nothing before one was asked for. */
export function CaptchaField({ step, id, label, placeholder, refreshLabel, tenantId = null, apiBase = '' }: CaptchaFieldProps) {
  if (step.key === null) return null;
  return (
    <TextField
      id={id}
      label={label}
      error={undefined}
      placeholder={placeholder}
      value={step.code}
      onValue={step.setCode}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      maxLength={4}
      autoFocus
      after={
        <button
          type="button"
          onClick={step.refresh}
          aria-label={refreshLabel}
          title={refreshLabel}
          className="shrink-0 self-center overflow-hidden rounded-md ring-1 ring-slate-300"
          style={{ width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT }}
        >
          <img src={captchaUrl(step.key, tenantId, apiBase)} alt="" width={CAPTCHA_WIDTH} height={CAPTCHA_HEIGHT} className="block" />
        </button>
      }
    />
  );
}
