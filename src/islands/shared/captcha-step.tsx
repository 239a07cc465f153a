import { useState } from 'react';
import { onDemand } from '~/lib/on-demand';

/**
 * The captcha a sign-in form shows once the server asked for one (CAPTCHA_REQUIRED: the network's
 * address used up its budget of failed sign-ins, decision 053). Until then the form has no captcha
 * at all, and no captcha code: the picture and its field (./captcha-field.tsx) load after a refusal.
 * The server checks a captcha once, right or wrong, so every answer after one was sent brings a
 * new picture.
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
  /** The picture's code, once loaded. */
  kit: CaptchaKit | null;
}

type CaptchaKit = typeof import('./captcha-field');

const captchaCode = onDemand(() => import('./captcha-field'));

export function useCaptchaStep(): CaptchaStep {
  const [key, setKey] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [kit, setKit] = useState<CaptchaKit | null>(null);
  const show = (loaded: CaptchaKit) => {
    setKit(() => loaded);
    setKey(loaded.newCaptchaKey());
    setCode('');
  };
  return {
    key,
    code,
    setCode,
    refresh: () => {
      if (kit) show(kit);
    },
    fields: () => (key === null ? {} : { captchaKey: key, captchaCode: code.trim() }),
    settle(error) {
      // The portal's and the staff side's clients both throw an error carrying the envelope's code;
      // without one (no answer) the server asked for nothing.
      const answered = error instanceof Error && 'code' in error ? error.code : null;
      if (key === null && answered === null) return;
      captchaCode
        .load()
        .then((loaded) => {
          if (key !== null || loaded.asksForCaptcha(answered)) show(loaded);
        })
        .catch(() => undefined);
    },
    kit,
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
export function CaptchaField({ step, tenantId = null, apiBase = '', ...labels }: CaptchaFieldProps) {
  if (step.key === null || !step.kit) return null;
  const { CaptchaInput } = step.kit;
  return (
    <CaptchaInput {...labels} captchaKey={step.key} code={step.code} setCode={step.setCode} refresh={step.refresh} tenantId={tenantId} apiBase={apiBase} />
  );
}
