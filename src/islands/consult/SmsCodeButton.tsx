import { useEffect, useRef, useState } from 'react';
import { t } from '~/lib/i18n/messages/sms';
import { toast, type ToastKind } from '~/lib/toast';
import { DEFAULT_SMS_TEMPLATE, SMS_COUNTDOWN_SECONDS, smsMobileError, type PublicSmsTemplate } from '~/lib/sms-codes';
import { onDemand } from '~/lib/on-demand';

/** The send (its sign and the API client): loaded when the button is pointed at, focused or pressed. */
const sms = onDemand(() => import('./sms'));

export interface SmsCodeButtonProps {
  /** The mobile the code goes to (checked before sending). */
  mobile: string;
  /** VISITOR_MSG_VERIFY (consult form, default) or MOBILE_LOGIN_REGISTER (login and join). */
  templateCode?: PublicSmsTemplate;
  /**
   * Where the button's messages go ('发送成功', '请输入手机号码', '请在倒计时结束后再发送', the
   * server's refusals). Default: a toast. Inside a modal dialog, show them in the dialog instead
   * (the page behind a modal is inert).
   */
  onMessage?: (message: string, kind: ToastKind) => void;
  className?: string;
  id?: string;
  /** The school the code is for, when not the page's (the join form sends it for the chosen school). */
  tenantId?: string | undefined;
  /** A message that stops the send before anything else is checked (e.g. no school chosen yet). */
  beforeSend?: () => string | null;
  /** A send of its own instead of the public signed call (the staff password reset's code). */
  send?: (mobile: string) => Promise<void>;
}

/**
 * The verification-code button: '获取验证码', then '{n}秒重新获取' for 60 seconds after a
 * successful send, then '重新获取'. Pressing during the countdown is refused with
 * '请在倒计时结束后再发送' (the button stays pressable so the reason can be told).
 */
export default function SmsCodeButton({
  mobile,
  templateCode = DEFAULT_SMS_TEMPLATE,
  onMessage,
  className,
  id,
  tenantId,
  beforeSend,
  send,
}: SmsCodeButtonProps) {
  const [endAt, setEndAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const busy = useRef(false);

  const remaining = endAt === null ? 0 : Math.max(0, Math.ceil((endAt - now) / 1000));

  useEffect(() => {
    if (endAt === null) return;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= endAt) {
        clearInterval(timer);
        setEndAt(null);
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [endAt]);

  const say = (message: string, kind: ToastKind) => (onMessage ? onMessage(message, kind) : toast(message, kind));

  async function press() {
    if (remaining > 0) {
      say(t('sms.waitCountdown'), 'warning');
      return;
    }
    if (busy.current) return;
    const problem = beforeSend?.() ?? smsMobileError(mobile);
    if (problem) {
      say(problem, 'warning');
      return;
    }
    busy.current = true;
    setSending(true);
    try {
      if (send) await send(mobile.trim());
      else await (await sms.load()).sendSmsCode(mobile.trim(), templateCode, tenantId);
      const at = Date.now();
      setNow(at);
      setEndAt(at + SMS_COUNTDOWN_SECONDS * 1000);
      setSent(true);
      say(t('sms.sent'), 'success');
    } catch (error) {
      say(error instanceof Error && error.message ? error.message : t('sms.sendFailed'), 'error');
    } finally {
      busy.current = false;
      setSending(false);
    }
  }

  const label = remaining > 0 ? t('sms.countdown', { n: remaining }) : sent ? t('sms.resend') : t('sms.getCode');
  return (
    <button
      type="button"
      id={id}
      onClick={press}
      onPointerEnter={send ? undefined : sms.warm}
      onFocus={send ? undefined : sms.warm}
      aria-busy={sending || undefined}
      className={
        className ??
        'shrink-0 whitespace-nowrap rounded-lg border border-brand px-3 py-2 text-sm text-brand hover:bg-brand-soft ' +
          (remaining > 0 ? 'border-slate-300 text-muted hover:bg-transparent' : '')
      }
    >
      {label}
    </button>
  );
}
