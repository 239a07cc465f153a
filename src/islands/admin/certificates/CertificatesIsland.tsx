import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { t } from '~/lib/i18n/messages/admin-certificates';
import * as api from '~/lib/api/contracts/admin-certificates';
import type { StaffMe } from '~/lib/api/contracts/staff';
import { setCsrfToken, staffSend } from '~/lib/api/staff-client';
import { CERT_CSV_TEMPLATE, CERT_LIMITS, ID_TYPES, blankFields, type CertificateFields } from '~/lib/certificates/admin';
import { useCsvImport } from '../csv-import';
import type { CertKind } from '~/lib/rules/certificate';
import { mayCall } from '~/lib/staff/access';
import { formatDate } from '~/lib/time/cst';
import { toast } from '~/lib/toast';
import { Modal } from '../../shared/Modal';
import { Button, LoadState, PageTitle, Pager, Section, TableBox, fieldClass, td, th, usePaged } from '../shared';
import { useClasses } from '../inbox/filters';

/**
 * Certificates (/admin/certificates). Administrators: the list of both kinds (search by name,
 * number or ID number, state, pages), issuing by hand, a CSV import (checked first, then applied,
 * with the per-row report), revoking with a reason, and the printable page of each. Teachers and
 * administrators: issuing training certificates for a pass in a class's test (a preview first).
 * The server decides everything; the screen shows only what the person's role may use.
 */
const PAGE_SIZE = 20;
const fail = (e: unknown) => toast(e instanceof Error ? e.message : t('common.systemBusy'), 'error');
const kindLabel = (kind: CertKind) => t(kind === 'skill' ? 'certs.kind.skill' : 'certs.kind.training');
const printPath = (c: Pick<api.AdminCertificate, 'kind' | 'id'>) => `/admin/certificates/print?kind=${c.kind}&id=${encodeURIComponent(c.id)}`;

export default function CertificatesIsland({ me }: { me: StaffMe }) {
  setCsrfToken(me.csrfToken);
  const register = mayCall(me.account.role, 'adminCertificates');
  const [version, setVersion] = useState(0);
  const changed = () => setVersion((v) => v + 1);
  return (
    <div>
      <PageTitle>{t('certs.title')}</PageTitle>
      {register && <CertificateList version={version} onChanged={changed} />}
      {register && <ImportForm onDone={changed} />}
      <PassIssue onDone={changed} />
    </div>
  );
}

function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

function Choice({
  label,
  value,
  onValue,
  options,
}: {
  label: string;
  value: string;
  onValue: (v: string) => void;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <Field label={label}>
      {(id) => (
        <select id={id} className={fieldClass} value={value} onChange={(e) => onValue(e.target.value)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

const KIND_OPTIONS = [
  { value: 'skill', label: t('certs.kind.skill') },
  { value: 'training', label: t('certs.kind.training') },
] as const;

// ------------------------------------------------------------ the list

function CertificateList({ version, onChanged }: { version: number; onChanged: () => void }) {
  const paged = usePaged((q: api.AdminCertificateQuery) => staffSend(api.adminCertificates, q), {
    kind: 'skill',
    current: 1,
    size: PAGE_SIZE,
  } as api.AdminCertificateQuery);
  const q = paged.query;
  const [keyword, setKeyword] = useState('');
  const [issuing, setIssuing] = useState(false);
  const [revoking, setRevoking] = useState<api.AdminCertificate | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change elsewhere on the screen (an import, a pass issue) reloads the page shown.
  useEffect(() => {
    if (version > 0) paged.reload();
  }, [version]);

  function search(e: FormEvent) {
    e.preventDefault();
    paged.go({ ...q, keyword: keyword.trim() || undefined, current: 1 });
  }

  return (
    <Section
      title={t('certs.list')}
      actions={
        <Button kind="primary" onClick={() => setIssuing(true)}>
          {t('certs.issue')}
        </Button>
      }
    >
      <form className="mb-4 flex flex-wrap items-end gap-3" onSubmit={search}>
        <Choice label={t('certs.kind')} value={q.kind} onValue={(v) => paged.go({ ...q, kind: v as CertKind, current: 1 })} options={KIND_OPTIONS} />
        <Field label={t('certs.keyword')}>
          {(id) => (
            <input
              id={id}
              className={fieldClass}
              value={keyword}
              maxLength={64}
              placeholder={t('certs.keywordPlaceholder')}
              onChange={(e) => setKeyword(e.target.value)}
            />
          )}
        </Field>
        <Choice
          label={t('certs.state')}
          value={q.state ?? ''}
          onValue={(v) => paged.go({ ...q, state: (v || undefined) as api.CertState | undefined, current: 1 })}
          options={[
            { value: '', label: t('certs.state.all') },
            { value: 'valid', label: t('certs.state.valid') },
            { value: 'revoked', label: t('certs.state.revoked') },
          ]}
        />
        <Button type="submit">{t('certs.search')}</Button>
      </form>
      {!paged.data ? (
        <LoadState error={paged.error} onRetry={paged.reload} />
      ) : (
        <>
          <TableBox label={t('certs.table')}>
            <thead>
              <tr>
                {(['name', 'number', 'idNumber', 'detail', 'date', 'state', 'actions'] as const).map((c) => (
                  <th key={c} scope="col" className={th}>
                    {t(`certs.col.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {paged.data.records.length === 0 ? (
                <tr>
                  <td className={td} colSpan={7}>
                    {t('certs.empty')}
                  </td>
                </tr>
              ) : (
                paged.data.records.map((c) => (
                  <tr key={c.id}>
                    <td className={td}>{c.name}</td>
                    <td className={`${td} break-all`}>{c.number}</td>
                    <td className={`${td} whitespace-nowrap`}>{c.idNumber || t('common.none')}</td>
                    <td className={td}>
                      {c.kind === 'skill' ? `${c.professionName ?? ''} ${c.level ?? ''}` : `${c.productName ?? ''}`}
                      {c.fromTest && <span className="ml-2 text-xs text-muted">{t('certs.fromTest')}</span>}
                    </td>
                    <td className={`${td} whitespace-nowrap`}>{c.kind === 'skill' ? c.sendDate : `${c.startDate} ~ ${c.endDate}`}</td>
                    <td className={td}>
                      {c.state === 'valid' ? (
                        <span className="text-emerald-700">{t('certs.state.valid')}</span>
                      ) : (
                        <span className="text-red-700">
                          {t('certs.state.revoked')}
                          <span className="block text-xs">{t('certs.revokedOn', { date: formatDate(c.revokedAt ?? 0), reason: c.revokedReason ?? '' })}</span>
                        </span>
                      )}
                    </td>
                    <td className={`${td} whitespace-nowrap`}>
                      <a className="mr-3 text-brand underline" href={printPath(c)} aria-label={t('certs.printOf', { name: c.name })}>
                        {t('certs.print')}
                      </a>
                      {c.state === 'valid' && (
                        <button
                          type="button"
                          className="text-red-700 underline"
                          aria-label={t('certs.revokeOf', { name: c.name })}
                          onClick={() => setRevoking(c)}
                        >
                          {t('certs.revoke')}
                        </button>
                      )}
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </TableBox>
          <Pager page={paged.data} onPage={(current) => paged.go({ ...q, current })} />
        </>
      )}
      <Modal open={issuing} title={t('certs.issue')} onClose={() => setIssuing(false)}>
        {issuing && (
          <IssueForm
            initialKind={q.kind}
            onIssued={(c) => {
              setIssuing(false);
              paged.go({ kind: c.kind, current: 1, size: PAGE_SIZE });
              onChanged();
            }}
          />
        )}
      </Modal>
      <Modal open={revoking !== null} title={t('certs.revoke.title')} onClose={() => setRevoking(null)}>
        {revoking && (
          <RevokeForm
            cert={revoking}
            onDone={() => {
              setRevoking(null);
              paged.reload();
            }}
          />
        )}
      </Modal>
    </Section>
  );
}

// ------------------------------------------------------------ issuing by hand

const SKILL_FIELDS = ['professionName', 'typeOfWorkName', 'level'] as const;
const TRAINING_FIELDS = ['productName', 'agencyName'] as const;

function IssueForm({ initialKind, onIssued }: { initialKind: CertKind; onIssued: (c: api.AdminCertificate) => void }) {
  const [f, setF] = useState<CertificateFields>(() => blankFields(initialKind));
  const [error, setError] = useState<string | null>(null);
  const [issued, setIssued] = useState<api.AdminCertificate | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof CertificateFields) => (v: string) => setF((old) => ({ ...old, [k]: v }));
  const kind = f.kind as CertKind;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const c = await staffSend(api.adminCertificateIssue, f);
      toast(t('certs.issued', { number: c.number }), 'success');
      setIssued(c);
    } catch (err) {
      setError(err instanceof Error ? err.message : t('common.systemBusy'));
    } finally {
      setBusy(false);
    }
  }

  if (issued) {
    return (
      <div className="space-y-4">
        <p role="status" className="text-sm font-medium text-emerald-800">
          {t('certs.issued', { number: issued.number })}
        </p>
        <div className="flex gap-3">
          <a className="rounded-lg bg-brand px-3 py-1.5 text-sm font-medium text-white" href={printPath(issued)}>
            {t('certs.printOf', { name: issued.name })}
          </a>
          <Button onClick={() => onIssued(issued)}>{t('common.close')}</Button>
        </div>
      </div>
    );
  }

  const text = (k: keyof CertificateFields, type = 'text') => (
    <Field key={k} label={t(`certs.field.${k}`)}>
      {(id) => <input id={id} type={type} className={fieldClass} value={f[k]} onChange={(e) => set(k)(e.target.value)} />}
    </Field>
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <Choice label={t('certs.field.kind')} value={f.kind} onValue={set('kind')} options={KIND_OPTIONS} />
        {text('name')}
        {kind === 'training' && (
          <Choice label={t('certs.field.idType')} value={f.idType} onValue={set('idType')} options={ID_TYPES.map((v) => ({ value: v, label: v }))} />
        )}
        {text('idNumber')}
        {text('mobile', 'tel')}
        {text('number')}
        {kind === 'skill' ? SKILL_FIELDS.map((k) => text(k)) : TRAINING_FIELDS.map((k) => text(k))}
        {kind === 'skill' ? text('sendDate', 'date') : [text('startDate', 'date'), text('endDate', 'date')]}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex justify-end">
        <Button kind="primary" type="submit" disabled={busy}>
          {t('certs.issue.submit')}
        </Button>
      </div>
    </form>
  );
}

// ------------------------------------------------------------ revoking

function RevokeForm({ cert, onDone }: { cert: api.AdminCertificate; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await staffSend(api.adminCertificateRevoke, { kind: cert.kind, reason }, { params: { id: cert.id } });
      toast(t('certs.revoke.done'), 'success');
      onDone();
    } catch (err) {
      setError(err instanceof Error ? err.message : t('common.systemBusy'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <p className="text-sm">
        {kindLabel(cert.kind)} · {cert.name} · {cert.number}
      </p>
      <p className="text-sm text-muted">{t('certs.revoke.help')}</p>
      <Field label={t('certs.revoke.reason')}>
        {(id) => <textarea id={id} className={fieldClass} rows={3} maxLength={CERT_LIMITS.reason} value={reason} onChange={(e) => setReason(e.target.value)} />}
      </Field>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex justify-end">
        <Button kind="danger" type="submit" disabled={busy}>
          {t('certs.revoke.confirm')}
        </Button>
      </div>
    </form>
  );
}

// ------------------------------------------------------------ the CSV import

function ImportForm({ onDone }: { onDone: () => void }) {
  const { csv, report, busy, pick, run } = useCsvImport((csv, apply) => staffSend(api.adminCertificateImport, { csv, apply }), {
    applied: (r) => {
      toast(t('certs.import.summary', r.counts), 'success');
      onDone();
    },
    failed: fail,
  });
  const template = `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${CERT_CSV_TEMPLATE}`)}`;
  const fileId = useId();

  const label = report?.applied ? t('certs.import.applied') : t('certs.import.checked');
  return (
    <Section title={t('certs.import')}>
      <p className="mb-3 text-sm text-muted">
        {t('certs.import.help', { rows: CERT_LIMITS.rows })}{' '}
        <a className="text-brand underline" href={template} download="证书导入模板.csv">
          {t('certs.import.template')}
        </a>
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={fileId} className="mb-1 block text-sm font-medium">
            {t('certs.import.file')}
          </label>
          <input id={fileId} type="file" accept=".csv,text/csv" className="max-w-full text-sm" onChange={(e) => void pick(e.target.files?.[0])} />
        </div>
        <Button disabled={busy || csv === null} onClick={() => void run(false)}>
          {t('certs.import.check')}
        </Button>
        <Button kind="primary" disabled={busy || csv === null || !report || report.applied} onClick={() => void run(true)}>
          {t('certs.import.apply')}
        </Button>
      </div>
      {report && (
        <div className="mt-4">
          <p className="mb-2 text-sm font-medium" role="status">
            {label}：{t('certs.import.summary', report.counts)}
          </p>
          <TableBox label={label}>
            <thead>
              <tr>
                <th className={th}>{t('certs.import.line')}</th>
                <th className={th}>{t('certs.field.kind')}</th>
                <th className={th}>{t('certs.col.name')}</th>
                <th className={th}>{t('certs.col.number')}</th>
                <th className={th}>{t('certs.import.outcome')}</th>
                <th className={th}>{t('certs.import.reason')}</th>
              </tr>
            </thead>
            <tbody>
              {report.rows.map((r) => (
                <tr key={r.line}>
                  <td className={td}>{r.line}</td>
                  <td className={td}>{r.kind}</td>
                  <td className={td}>{r.name}</td>
                  <td className={`${td} break-all`}>{r.number}</td>
                  <td className={td}>{r.outcome === 'added' && !report.applied ? t('certs.import.wouldAdd') : t(`certs.import.outcome.${r.outcome}`)}</td>
                  <td className={`${td} text-red-700`}>{r.message ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </TableBox>
        </div>
      )}
    </Section>
  );
}

// ------------------------------------------------------------ issuing for a pass in a test

function PassIssue({ onDone }: { onDone: () => void }) {
  const classes = useClasses();
  const [classId, setClassId] = useState('');
  const [works, setWorks] = useState<api.CertTestWork[]>([]);
  const [workId, setWorkId] = useState('');
  const [minScore, setMinScore] = useState('60');
  const [report, setReport] = useState<api.PassIssueReport | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!classId && classes[0]) setClassId(classes[0].id);
  }, [classes, classId]);
  useEffect(() => {
    setReport(null);
    setWorks([]);
    setWorkId('');
    if (!classId) return;
    staffSend(api.adminCertificateTests, { classId }).then(
      (w) => {
        setWorks(w);
        setWorkId(w[0]?.id ?? '');
      },
      (e: unknown) => fail(e),
    );
  }, [classId]);

  async function run(apply: boolean) {
    setBusy(true);
    try {
      const r = await staffSend(api.adminCertificatePassIssue, { classId, workId, minScore: Number(minScore), apply });
      setReport(r);
      if (apply) {
        toast(t('certs.pass.summary', r.counts), 'success');
        onDone();
      }
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  }

  const label = report?.applied ? t('certs.pass.applied') : t('certs.pass.checked');
  const outcome = (r: api.PassIssueRow) =>
    r.outcome === 'issued' && !report?.applied ? t('certs.pass.outcome.wouldIssue') : t(`certs.pass.outcome.${r.outcome}`);
  return (
    <Section title={t('certs.pass')}>
      <p className="mb-3 text-sm text-muted">{t('certs.pass.help')}</p>
      {classes.length === 0 ? (
        <p className="text-sm text-slate-600">{t('certs.pass.noClass')}</p>
      ) : (
        <div className="flex flex-wrap items-end gap-3">
          <Choice label={t('certs.pass.class')} value={classId} onValue={setClassId} options={classes.map((c) => ({ value: c.id, label: c.name }))} />
          {works.length === 0 ? (
            <p className="text-sm text-slate-600">{t('certs.pass.noWork')}</p>
          ) : (
            <Choice label={t('certs.pass.work')} value={workId} onValue={setWorkId} options={works.map((w) => ({ value: w.id, label: w.title }))} />
          )}
          <Field label={t('certs.pass.minScore')}>
            {(id) => (
              <input
                id={id}
                type="number"
                min={0}
                max={1000}
                step="0.5"
                className={`${fieldClass} w-28`}
                value={minScore}
                onChange={(e) => setMinScore(e.target.value)}
              />
            )}
          </Field>
          <Button disabled={busy || !workId} onClick={() => void run(false)}>
            {t('certs.pass.check')}
          </Button>
          <Button kind="primary" disabled={busy || !workId || !report || report.applied} onClick={() => void run(true)}>
            {t('certs.pass.apply')}
          </Button>
        </div>
      )}
      {report && (
        <div className="mt-4">
          <p className="mb-2 text-sm font-medium" role="status">
            {label}：{t('certs.pass.summary', report.counts)}
          </p>
          <TableBox label={label}>
            <thead>
              <tr>
                {(['name', 'score', 'outcome', 'number'] as const).map((c) => (
                  <th key={c} scope="col" className={th}>
                    {t(`certs.pass.col.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {report.rows.map((r) => (
                <tr key={r.studentId}>
                  <td className={td}>{r.name}</td>
                  <td className={td}>{r.score ?? t('certs.noScore')}</td>
                  <td className={td}>{outcome(r)}</td>
                  <td className={`${td} break-all`}>{r.number ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </TableBox>
        </div>
      )}
    </Section>
  );
}
