import { captchaUrl, newCaptchaKey } from '~/lib/captcha';
import { ErrorCode } from '~/lib/envelope';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH } from '~/lib/rules/captcha';
import { TextField } from './fields';

/**
 * The captcha step's picture and answer field (./captcha-step.tsx), loaded once a sign-in was
 * refused: the forms carry none of it before.
 */

export { newCaptchaKey };

/** True for the envelope code by which the server asks for a captcha (CAPTCHA_REQUIRED). */
export const asksForCaptcha = (code: unknown): boolean => code === ErrorCode.CAPTCHA_REQUIRED;

export interface CaptchaInputProps {
  captchaKey: string;
  code: string;
  setCode(code: string): void;
  refresh(): void;
  id: string;
  label: string;
  placeholder: string;
  refreshLabel: string;
  tenantId: string | null;
  apiBase: string;
}

/** The picture, which gives a new one when pressed, beside its answer field. */
export function CaptchaInput({ captchaKey, code, setCode, refresh, id, label, placeholder, refreshLabel, tenantId, apiBase }: CaptchaInputProps) {
  return (
    <TextField
      id={id}
      label={label}
      error={undefined}
      placeholder={placeholder}
      value={code}
      onValue={setCode}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      maxLength={4}
      autoFocus
      after={
        <button
          type="button"
          onClick={refresh}
          aria-label={refreshLabel}
          title={refreshLabel}
          className="shrink-0 self-center overflow-hidden rounded-md ring-1 ring-slate-300"
          style={{ width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT }}
        >
          <img src={captchaUrl(captchaKey, tenantId, apiBase)} alt="" width={CAPTCHA_WIDTH} height={CAPTCHA_HEIGHT} className="block" />
        </button>
      }
    />
  );
}
