import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { captchaUrl, newCaptchaKey } from '~/lib/captcha';
import { publicConfig } from '~/lib/config';
import { t } from '~/lib/i18n/messages/certificates';
import { CERT_KINDS, CERT_QUERY_FIELDS, CERT_QUERY_LIMITS, certQueryFieldError, type CertKind, type CertQueryForm } from '~/lib/rules/certificate';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH } from '~/lib/rules/captcha';
import { NAME_INPUT, SubmitButton, TextField } from '../shared/fields';
import { useForm } from '../shared/use-form';
import { TabList } from '../shared/TabList';
import { onDemand } from '~/lib/on-demand';
import type { EnrollContact, LookupResult } from './CertificateResult';

const EMPTY: CertQueryForm = { name: '', number: '', captchaCode: '' };

/** The lookup, the API client and the result's view: loaded once the form is touched, before anyone can submit it. */
const lookups = onDemand(() => import('./lookup'));
type ResultView = typeof import('./lookup').CertificateResult;

interface Props {
  /** 'pc': the full not-found tips; 'h5': the simple tips (2 and 3). */
  variant: 'pc' | 'h5';
  /** The school's enrolment contact; tip 4 (联系顾问) shows only when there is one. */
  contact: EnrollContact | null;
  /** Server-rendered content shown beside the form (desktop: the school's names), above the result. */
  children?: ReactNode;
}

/**
 * The certificate query form (two kinds in tabs) and its result. Validation messages are the
 * spec's; the Enter key submits (a native form). After every lookup the captcha picture is new
 * (the server burns a captcha at its one check) and the result scrolls into view. Changing the tab
 * clears the result.
 */
export default function CertificateQuery({ variant, contact, children }: Props) {
  const [kind, setKind] = useState<CertKind>('skill');
  const [captchaKey, setCaptchaKey] = useState('');
  const [result, setResult] = useState<LookupResult | null>(null);
  const [ResultView, setResultView] = useState<ResultView | null>(null);
  const form = useForm({ initial: EMPTY, check: certQueryFieldError });
  const ids = { tab: (k: CertKind) => form.id(`tab-${k}`), panel: form.id('panel'), result: form.id('result') };

  // The key is random and made in the browser, so the first picture loads once hydrated.
  useEffect(() => setCaptchaKey(newCaptchaKey()), []);

  function refreshCaptcha() {
    setCaptchaKey(newCaptchaKey());
  }

  function chooseTab(next: CertKind) {
    if (next === kind) return;
    setKind(next);
    setResult(null);
    form.setNotice(null);
    form.setErrors({});
  }

  // After the server refused the captcha: its field, now holding the message, gets the focus.
  const [captchaRefused, setCaptchaRefused] = useState(0);
  const focusCaptcha = useEffectEvent(() => document.getElementById(form.id('captchaCode'))?.focus());
  useEffect(() => {
    if (captchaRefused) focusCaptcha();
  }, [captchaRefused]);

  const submit = form.onSubmit(CERT_QUERY_FIELDS, async (values) => {
    const { CertificateResult, captchaRefusal, lookUp } = await lookups.load();
    setResultView(() => CertificateResult);
    try {
      setResult(await lookUp(kind, values, captchaKey));
    } catch (error) {
      setResult(null);
      // A refused captcha is said at the captcha field, the name and number stay as typed.
      // Anything else (limits, network) is the notice.
      const refusal = captchaRefusal(error);
      if (refusal === null) throw error;
      form.setErrors({ captchaCode: refusal });
      setCaptchaRefused((n) => n + 1);
    } finally {
      // The server checks a captcha once, right or wrong: every lookup needs a new picture.
      form.setValues((v) => ({ ...v, captchaCode: '' }));
      refreshCaptcha();
    }
  });

  const field = (f: keyof CertQueryForm, label: string, placeholder: string) => ({ ...form.marked(f, label, placeholder), look: 'touch' as const });

  const panel = (
    <div className={variant === 'pc' ? 'card min-w-0 p-5 sm:p-6' : 'min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200'}>
      <KindTabs kind={kind} onChoose={chooseTab} tabId={ids.tab} panelId={ids.panel} />

      <div role="tabpanel" id={ids.panel} aria-labelledby={ids.tab(kind)}>
        <form noValidate onSubmit={submit} onFocus={lookups.warm} onPointerDown={lookups.warm} aria-busy={form.submitting || undefined} className="space-y-4">
          {/* maxLength counts UTF-16 units: a character outside the BMP counts 2 here (the rule counts 1);
              no name of more than 4 such characters is known, and the browser's limit keeps IME input intact. */}
          <TextField {...field('name', t('certificates.name'), t('certificates.namePlaceholder'))} {...NAME_INPUT} maxLength={CERT_QUERY_LIMITS.nameMax} />
          <TextField
            {...field('number', t('certificates.number'), t('certificates.numberPlaceholder'))}
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={CERT_QUERY_LIMITS.numberMax}
          />
          <TextField
            {...field('captchaCode', t('certificates.captcha'), t('certificates.captchaPlaceholder'))}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            after={<CaptchaPicture captchaKey={captchaKey} onRefresh={refreshCaptcha} />}
          />
          {form.notice && (
            <p role="alert" className="text-sm text-red-700">
              {form.notice.text}
            </p>
          )}
          {/* Disabled until hydrated: the server-rendered form must never submit natively (the name would land in the URL). */}
          <SubmitButton busy={form.submitting} disabled={!captchaKey} look="touch" text={t('certificates.submit')} busyText={t('certificates.submitting')} />
        </form>
      </div>
    </div>
  );

  return (
    <div className="flex flex-col gap-6">
      {children ? (
        <div className="grid grid-cols-1 gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
          {children}
          {panel}
        </div>
      ) : (
        panel
      )}
      {result && ResultView && <ResultView result={result} simple={variant === 'h5'} contact={contact} headingId={ids.result} />}
    </div>
  );
}

const tabLabel = (k: CertKind) => (k === 'skill' ? t('certificates.tab.skill') : t('certificates.tab.training'));

/** The two kinds as tabs (arrow keys, Home and End move between them). */
function KindTabs({ kind, onChoose, tabId, panelId }: { kind: CertKind; onChoose: (kind: CertKind) => void; tabId: (k: CertKind) => string; panelId: string }) {
  return (
    <TabList
      label={t('certificates.tabs')}
      tabs={CERT_KINDS}
      selected={kind}
      onSelect={onChoose}
      tabId={tabId}
      panelId={() => panelId}
      className="mb-5 grid grid-cols-2 rounded-lg bg-slate-100 p-1"
      tabClass={(on) => `rounded-md px-2 py-2 text-sm font-medium ${on ? 'bg-white text-brand-dark shadow-sm' : 'text-muted hover:text-ink'}`}
      homeEnd
    >
      {tabLabel}
    </TabList>
  );
}

/** The captcha picture (none before hydration: its key is made in the browser); a click shows a new one. */
function CaptchaPicture({ captchaKey, onRefresh }: { captchaKey: string; onRefresh: () => void }) {
  const cfg = captchaKey ? publicConfig() : null;
  return (
    <button
      type="button"
      onClick={onRefresh}
      aria-label={`${t('captcha.image')}，${t('captcha.refresh')}`}
      title={t('captcha.refresh')}
      className="shrink-0 self-center overflow-hidden rounded-md ring-1 ring-slate-300"
      style={{ width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT }}
    >
      {cfg && <img src={captchaUrl(captchaKey, cfg.tenantId, cfg.apiBase)} alt="" width={CAPTCHA_WIDTH} height={CAPTCHA_HEIGHT} className="block" />}
    </button>
  );
}
