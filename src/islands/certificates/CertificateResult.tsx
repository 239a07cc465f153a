import { useEffect, useRef, type ReactNode } from 'react';
import type { certificates } from '~/lib/i18n/messages/certificates';
import { type certificateResult, t } from '~/lib/i18n/messages/certificate-result';
import type { CertKind } from '~/lib/rules/certificate';
import type { CertificateRevocation, SkillCertificateVO, TrainingCertificateVO } from '~/lib/api/contracts/certificates';

export type LookupResult = { kind: 'skill'; data: SkillCertificateVO } | { kind: 'training'; data: TrainingCertificateVO } | { kind: CertKind; data: null };

/** The school's enrolment contact (the result's contact tip shows only when one exists). */
export interface EnrollContact {
  mobile: string | null;
  url: string | null;
}

const none = (value: string | null | undefined) => (value?.trim() ? value : t('common.none'));

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5 border-b border-slate-100 py-2 sm:flex-row sm:gap-4">
      <dt className="shrink-0 text-sm text-muted sm:w-24">{label}</dt>
      <dd className="min-w-0 break-all text-sm font-medium text-ink">{children}</dd>
    </div>
  );
}

function CertificateImage({ url, name }: { url: string | null; name: string }) {
  if (!url) return null;
  return (
    <figure className="mt-4">
      <figcaption className="mb-2 text-sm text-muted">{t('certificates.image')}</figcaption>
      <img
        src={url}
        alt={t('certificates.imageAlt', { name })}
        width={800}
        height={566}
        loading="lazy"
        className="h-auto w-full max-w-xl rounded-lg ring-1 ring-slate-200"
      />
    </figure>
  );
}

/** A revoked certificate says so before anything else: it must never look valid. */
function RevokedNotice({ revoked }: { revoked: CertificateRevocation | null | undefined }) {
  if (!revoked) return null;
  return (
    <p role="status" className="mb-3 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
      <strong className="mr-2">{t('certificates.revoked')}</strong>
      {t('certificates.revokedNotice', { date: revoked.date, reason: revoked.reason })}
    </p>
  );
}

type Certificates = { skill: SkillCertificateVO; training: TrainingCertificateVO };

/** A row of the result: its label and what each kind that has it shows there. */
type ResultRow = { label: keyof typeof certificates | keyof typeof certificateResult } & { [K in CertKind]?: (c: Certificates[K]) => ReactNode };

/** The rows after the state, in order: the kinds name the same things under their own fields, and each has a few of its own. */
const ROWS: readonly ResultRow[] = [
  { label: 'certificates.name', skill: (c) => c.name, training: (c) => c.studentName },
  // The spec shows the ID type of a skill-level certificate always as 居民身份证.
  { label: 'certificates.idType', skill: () => t('certificates.idTypeResident'), training: (c) => none(c.idType) },
  { label: 'certificates.idNumber', skill: (c) => none(c.card), training: (c) => none(c.idCard) },
  { label: 'certificates.mobile', skill: (c) => none(c.mobile), training: (c) => none(c.mobile) },
  { label: 'certificates.professionName', skill: (c) => c.professionName },
  { label: 'certificates.typeOfWorkName', skill: (c) => none(c.typeOfWorkName) },
  { label: 'certificates.productName', training: (c) => c.productName },
  { label: 'certificates.agencyName', training: (c) => c.agencyName },
  { label: 'certificates.number', skill: (c) => c.certificateCode, training: (c) => c.certificateNum },
  { label: 'certificates.level', skill: (c) => c.level },
  { label: 'certificates.sendDate', skill: (c) => c.sendDate },
  { label: 'certificates.trainingPeriod', training: (c) => t('certificates.period', { start: c.startTime, end: c.endTime }) },
];

/** What a certificate of either kind shows: the holder, the rows after its state (label, value) and its picture. */
interface Shown {
  revoked: CertificateRevocation | null | undefined;
  holder: string;
  rows: readonly (readonly [label: string, value: ReactNode])[];
  image: string | null;
}

function rowsOf<K extends CertKind>(kind: K, c: Certificates[K]): Shown['rows'] {
  return ROWS.flatMap((row) => {
    const value = row[kind] as ((c: Certificates[K]) => ReactNode) | undefined;
    return value ? [[t(row.label), value(c)] as const] : [];
  });
}

function shownOf(result: Exclude<LookupResult, { data: null }>): Shown {
  return result.kind === 'skill'
    ? { revoked: result.data.revoked, holder: result.data.name, image: result.data.certificateImgUrl, rows: rowsOf('skill', result.data) }
    : { revoked: result.data.revoked, holder: result.data.studentName, image: result.data.certificateUrl, rows: rowsOf('training', result.data) };
}

function Certificate({ shown }: { shown: Shown }) {
  return (
    <>
      <RevokedNotice revoked={shown.revoked} />
      <dl>
        <Row label={t('certificates.state')}>{shown.revoked ? t('certificates.revoked') : t('certificates.valid')}</Row>
        {shown.rows.map(([label, value]) => (
          <Row key={label} label={label}>
            {value}
          </Row>
        ))}
      </dl>
      <CertificateImage url={shown.image} name={shown.holder} />
    </>
  );
}

/**
 * Not found: the apology and the "what to do" tips. The full list (desktop) has 4 tips, the 4th
 * only when the school has an enrolment contact; the simple list (mobile) has tips 2 and 3.
 */
function NotFound({ simple, contact, headingId }: { simple: boolean; contact: EnrollContact | null; headingId: string }) {
  const phone = contact?.mobile?.trim() || null;
  return (
    <div className="flex flex-col items-center text-center">
      <svg aria-hidden="true" width="72" height="56" viewBox="0 0 72 56" fill="none" className="mb-3 text-slate-300">
        <rect x="6" y="6" width="48" height="44" rx="6" stroke="currentColor" strokeWidth="3" />
        <path d="M16 20h28M16 30h18" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        <circle cx="52" cy="40" r="9" stroke="currentColor" strokeWidth="3" />
        <path d="M58.5 46.5L66 54" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <h2 id={headingId} tabIndex={-1} className="text-lg font-semibold text-ink outline-none">
        {t('certificates.notFound')}
      </h2>
      <div className="mt-4 w-full max-w-md text-left">
        <h3 className="text-sm font-semibold text-ink">{t('certificates.whatToDo')}</h3>
        <ol className="mt-2 list-decimal space-y-1.5 pl-5 text-sm leading-6 text-muted">
          {!simple && <li>{t('certificates.tip.issuer')}</li>}
          <li>{t('certificates.tip.entry')}</li>
          <li>{t('certificates.tip.details')}</li>
          {!simple && contact && (
            <li>
              {t('certificates.tip.contact')}
              {phone && (
                <>
                  {' '}
                  <a className="text-brand underline" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
                    {t('certificates.contactPhone', { mobile: phone })}
                  </a>
                </>
              )}
              {contact.url && (
                <img
                  src={contact.url}
                  alt={t('certificates.contactQr')}
                  width={112}
                  height={112}
                  loading="lazy"
                  className="mt-2 h-28 w-28 rounded ring-1 ring-slate-200"
                />
              )}
            </li>
          )}
        </ol>
      </div>
    </div>
  );
}

interface Props {
  result: LookupResult;
  simple: boolean;
  contact: EnrollContact | null;
  headingId: string;
}

/** The answer of a lookup: the certificate, or the not-found state. Each new one scrolls into view and its heading takes the focus. */
export default function CertificateResult({ result, simple, contact, headingId }: Props) {
  const section = useRef<HTMLElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once for every new result (each lookup answers a new object).
  useEffect(() => {
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    section.current?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
    document.getElementById(headingId)?.focus({ preventScroll: true });
  }, [result]);
  return (
    <section ref={section} aria-labelledby={headingId} className="card scroll-mt-20 p-5 sm:p-6">
      {result.data === null ? (
        <NotFound simple={simple} contact={contact} headingId={headingId} />
      ) : (
        <>
          <h2 id={headingId} tabIndex={-1} className="mb-2 border-l-4 border-brand pl-2 text-lg font-semibold outline-none">
            {t('certificates.result')}
            <span className="ml-2 text-sm font-normal text-muted">
              {result.kind === 'skill' ? t('certificates.tab.skill') : t('certificates.tab.training')}
            </span>
          </h2>
          <Certificate shown={shownOf(result)} />
        </>
      )}
    </section>
  );
}
