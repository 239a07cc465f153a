import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type SubmitEvent } from 'react';
import { post } from '~/lib/api/client';
import { captchaUrl, newCaptchaKey } from '~/lib/captcha';
import { publicConfig } from '~/lib/config';
import { FieldError, RequiredLabel } from '../shared/fields';
import { t } from '~/lib/i18n';
import {
  CAPTCHA_HEIGHT,
  CAPTCHA_WIDTH,
  CERT_KINDS,
  CERT_QUERY_FIELDS,
  CERT_QUERY_LIMITS,
  certQueryErrors,
  certQueryFieldError,
  type CertKind,
  type CertQueryField,
} from '~/lib/rules/certificate';
import CertificateResult, { type EnrollContact, type LookupResult } from './CertificateResult';

export const LOOKUP_PATHS: Record<CertKind, string> = {
  skill: '/api/evaluate/anyTenant/certificate/queryCertificateByCode',
  training: '/api/teaching/anyTenant/queryTeachUserCert',
};

type Values = Record<CertQueryField, string>;
const EMPTY: Values = { name: '', number: '', captchaCode: '' };

/** The request body of each lookup, under its own field names (spec section 7). */
function bodyOf(kind: CertKind, v: Values, captchaKey: string) {
  const common = { captchaKey, captchaCode: v.captchaCode.trim() };
  return kind === 'skill'
    ? { ...common, certificateCode: v.number.trim(), name: v.name.trim() }
    : { ...common, certificateNum: v.number.trim(), studentName: v.name.trim() };
}

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
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<CertQueryField, string>>>({});
  const [captchaKey, setCaptchaKey] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<LookupResult | null>(null);
  const resultRef = useRef<HTMLElement>(null);
  const tabRefs = useRef<Record<CertKind, HTMLButtonElement | null>>({ skill: null, training: null });
  const uid = useId();
  const ids = {
    tab: (k: CertKind) => `${uid}-tab-${k}`,
    panel: `${uid}-panel`,
    field: (f: CertQueryField) => `${uid}-${f}`,
    error: (f: CertQueryField) => `${uid}-${f}-error`,
    result: `${uid}-result`,
  };

  // The key is random and made in the browser, so the first picture loads once hydrated.
  useEffect(() => setCaptchaKey(newCaptchaKey()), []);

  useEffect(() => {
    const section = resultRef.current;
    if (!result || !section) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    section.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
    document.getElementById(ids.result)?.focus({ preventScroll: true });
  }, [result]);

  function refreshCaptcha() {
    setCaptchaKey(newCaptchaKey());
  }

  function chooseTab(next: CertKind) {
    if (next === kind) return;
    setKind(next);
    setResult(null);
    setFailure(null);
    setErrors({});
  }

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    const i = CERT_KINDS.indexOf(kind);
    const to =
      event.key === 'ArrowRight'
        ? CERT_KINDS[(i + 1) % CERT_KINDS.length]
        : event.key === 'ArrowLeft'
          ? CERT_KINDS[(i + CERT_KINDS.length - 1) % CERT_KINDS.length]
          : event.key === 'Home'
            ? CERT_KINDS[0]
            : event.key === 'End'
              ? CERT_KINDS[CERT_KINDS.length - 1]
              : undefined;
    if (!to) return;
    event.preventDefault();
    chooseTab(to);
    tabRefs.current[to]?.focus();
  }

  function change(field: CertQueryField, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: certQueryFieldError(field, value) ?? undefined }));
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const found = certQueryErrors(values);
    setErrors(found);
    const first = CERT_QUERY_FIELDS.find((f) => found[f]);
    if (first) {
      document.getElementById(ids.field(first))?.focus();
      return;
    }
    const asked = kind;
    setSubmitting(true);
    setFailure(null);
    try {
      const data = await post<LookupResult['data']>(LOOKUP_PATHS[asked], bodyOf(asked, values, captchaKey), { silent: true });
      setResult({ kind: asked, data } as LookupResult);
    } catch (error) {
      setResult(null);
      setFailure(error instanceof Error && error.message ? error.message : t('common.systemBusy'));
    } finally {
      setSubmitting(false);
      // The server checks a captcha once, right or wrong: every lookup needs a new picture.
      setValues((v) => ({ ...v, captchaCode: '' }));
      refreshCaptcha();
    }
  }

  const field = (f: CertQueryField) => ({
    id: ids.field(f),
    name: f,
    value: values[f],
    'aria-required': true,
    'aria-invalid': errors[f] ? true : undefined,
    'aria-describedby': errors[f] ? ids.error(f) : undefined,
    onChange: (e: { target: { value: string } }) => change(f, e.target.value),
  });
  const inputClass = (f: CertQueryField) =>
    `w-full min-w-0 rounded-lg border bg-white px-3 py-2 text-base outline-none focus:border-brand sm:text-sm ${errors[f] ? 'border-red-600' : 'border-slate-300'}`;
  const label = (f: CertQueryField, text: string) => <RequiredLabel htmlFor={ids.field(f)} text={text} />;
  const error = (f: CertQueryField) => <FieldError id={ids.error(f)} message={errors[f]} />;
  const tabLabel = (k: CertKind) => (k === 'skill' ? t('certificates.tab.skill') : t('certificates.tab.training'));
  const cfg = captchaKey ? publicConfig() : null;

  const form = (
    <div className={variant === 'pc' ? 'card min-w-0 p-5 sm:p-6' : 'min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200'}>
      <div role="tablist" aria-label={t('certificates.tabs')} className="mb-5 grid grid-cols-2 rounded-lg bg-slate-100 p-1">
        {CERT_KINDS.map((k) => (
          <button
            key={k}
            ref={(el) => {
              tabRefs.current[k] = el;
            }}
            id={ids.tab(k)}
            type="button"
            role="tab"
            aria-selected={kind === k}
            aria-controls={ids.panel}
            tabIndex={kind === k ? 0 : -1}
            onClick={() => chooseTab(k)}
            onKeyDown={onTabKey}
            className={`rounded-md px-2 py-2 text-sm font-medium ${kind === k ? 'bg-white text-brand-dark shadow-sm' : 'text-muted hover:text-ink'}`}
          >
            {tabLabel(k)}
          </button>
        ))}
      </div>

      <div role="tabpanel" id={ids.panel} aria-labelledby={ids.tab(kind)}>
        <form noValidate onSubmit={submit} aria-busy={submitting || undefined} className="space-y-4">
          <div>
            {label('name', t('certificates.name'))}
            <input
              {...field('name')}
              type="text"
              autoComplete="name"
              placeholder={t('certificates.namePlaceholder')}
              className={inputClass('name')}
            />
            {error('name')}
          </div>
          <div>
            {label('number', t('certificates.number'))}
            <input
              {...field('number')}
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={CERT_QUERY_LIMITS.numberMax}
              placeholder={t('certificates.numberPlaceholder')}
              className={inputClass('number')}
            />
            {error('number')}
          </div>
          <div>
            {label('captchaCode', t('certificates.captcha'))}
            <div className="flex items-center gap-2">
              <input
                {...field('captchaCode')}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                maxLength={4}
                placeholder={t('certificates.captchaPlaceholder')}
                className={inputClass('captchaCode')}
              />
              <button
                type="button"
                onClick={refreshCaptcha}
                aria-label={`${t('captcha.image')}，${t('captcha.refresh')}`}
                title={t('captcha.refresh')}
                className="shrink-0 overflow-hidden rounded-md ring-1 ring-slate-300"
                style={{ width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT }}
              >
                {cfg && (
                  <img
                    src={captchaUrl(captchaKey, cfg.tenantId, cfg.apiBase)}
                    alt=""
                    width={CAPTCHA_WIDTH}
                    height={CAPTCHA_HEIGHT}
                    className="block"
                  />
                )}
              </button>
            </div>
            {error('captchaCode')}
          </div>
          {failure && (
            <p role="alert" className="text-sm text-red-700">
              {failure}
            </p>
          )}
          {/* Disabled until hydrated: the server-rendered form must never submit natively (the name would land in the URL). */}
          <button
            type="submit"
            disabled={submitting || !captchaKey}
            className="w-full rounded-lg bg-brand py-2.5 text-base font-medium text-white hover:bg-brand-dark disabled:opacity-70 sm:text-sm"
          >
            {submitting ? t('certificates.submitting') : t('certificates.submit')}
          </button>
        </form>
      </div>
    </div>
  );

  return (
    <div className="flex flex-col gap-6">
      {children ? (
        <div className="grid grid-cols-1 gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
          {children}
          {form}
        </div>
      ) : (
        form
      )}
      {result && <CertificateResult ref={resultRef} result={result} simple={variant === 'h5'} contact={contact} headingId={ids.result} />}
    </div>
  );
}
