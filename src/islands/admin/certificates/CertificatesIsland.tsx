import { useEffect, useId, useState } from 'react';
import { t } from '~/lib/i18n/messages/admin-certificates';
import * as api from '~/lib/api/contracts/admin-certificates';
import type { StaffMe } from '~/lib/api/contracts/staff';
import { setCsrfToken, staffSend } from '~/lib/api/staff-client';
import { CERT_CSV_TEMPLATE, CERT_LIMITS } from '~/lib/certificates/admin';
import { NUMBERING_LIMITS } from '~/lib/certificates/numbering';
import { adminStudents, type AdminStudent } from '~/lib/api/contracts/admin-students';
import { useCsvImport } from '../csv-import';
import type { CertKind } from '~/lib/rules/certificate';
import { mayCall } from '~/lib/staff/access';
import { formatDate } from '~/lib/time/cst';
import { toast } from '~/lib/toast';
import { Modal } from '../../shared/Modal';
import { useForm } from '../../shared/use-form';
import { schemaCheck } from '~/lib/forms/check';
import { revokeForm } from '~/lib/forms/certificates';
import { FormMessage } from '../../shared/fields';
import { Button, PageTitle, Section, fieldClass } from '../shared';
import {
  CheckButtons,
  CsvHelp,
  Choice,
  RunReport,
  FieldBox,
  Labelled,
  FilterBar,
  ListView,
  toastFailure,
  useClassChoice,
  useListScreen,
  type Column,
  type FilterField,
} from '../kit';

/**
 * Certificates (/admin/certificates). Administrators: the list of both kinds (search by name,
 * number or ID number, state, pages), issuing by hand, a CSV import (checked first, then applied,
 * with the per-row report), revoking with a reason, and the printable page of each. Teachers and
 * administrators: issuing training certificates for a pass in a class's test (a preview first).
 * The server decides everything; the screen shows only what the person's role may use.
 */
const PAGE_SIZE = 20;
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
      {register && <NumberingForm />}
      {register && <ImportForm onDone={changed} />}
      <PassIssue onDone={changed} />
    </div>
  );
}

const KIND_OPTIONS = [
  ['skill', t('certs.kind.skill')],
  ['training', t('certs.kind.training')],
] as const;

// ------------------------------------------------------------ the list

const LIST_BLANK = { kind: '', source: '', keyword: '', state: '' };
/** The longest name, number or ID number searched for. */
const KEYWORD_MAX = 64;

const col = (c: 'name' | 'studentNo' | 'number' | 'idNumber' | 'detail' | 'date' | 'state' | 'actions') => t(`certs.col.${c}`);

/** What a certificate attests in a few words: the kind, then the profession and level or the programme, and how it was issued. */
const detailOf = (c: api.AdminCertificate) => {
  const what = c.kind === 'skill' ? `${c.professionName ?? ''} ${c.level ?? ''}` : (c.productName ?? '');
  return `${kindLabel(c.kind)}：${what}${c.fromTest ? `（${t('certs.fromTest')}）` : ''}`;
};

/** The register's columns; 撤销 opens the reason's dialog, 补发 the issuing dialog for a revoked one not yet replaced. */
function certificateColumns(revoke: (c: api.AdminCertificate) => void, reissue: (c: api.AdminCertificate) => void): Column<api.AdminCertificate>[] {
  return [
    { header: col('name'), cell: (c) => c.name },
    { header: col('studentNo'), cell: (c) => c.studentNo ?? '', className: 'whitespace-nowrap' },
    {
      header: col('number'),
      className: 'break-all',
      cell: (c) => (
        <>
          {c.number}
          {c.replaces && <span className="block text-xs text-muted">{t('certs.replacesOf', { number: c.replaces.number })}</span>}
          {c.replacedBy && <span className="block text-xs text-muted">{t('certs.replacedByOf', { number: c.replacedBy.number })}</span>}
        </>
      ),
    },
    { header: col('idNumber'), cell: (c) => c.idNumber || t('common.none'), className: 'whitespace-nowrap' },
    { header: col('detail'), cell: detailOf },
    { header: col('date'), cell: (c) => (c.kind === 'skill' ? c.sendDate : `${c.startDate} ~ ${c.endDate}`), className: 'whitespace-nowrap' },
    {
      header: col('state'),
      cell: (c) =>
        c.state === 'valid' ? (
          <span className="text-emerald-700">{t('certs.state.valid')}</span>
        ) : (
          <span className="text-red-700">
            {t('certs.state.revoked')}
            <span className="block text-xs">{t('certs.revokedOn', { date: formatDate(c.revokedAt ?? 0), reason: c.revokedReason ?? '' })}</span>
          </span>
        ),
    },
    {
      header: col('actions'),
      className: 'whitespace-nowrap',
      cell: (c) => (
        <>
          <a className="mr-3 text-brand underline" href={printPath(c)} aria-label={t('certs.printOf', { name: c.name })}>
            {t('certs.print')}
          </a>
          {c.state === 'valid' && (
            <button type="button" className="text-red-700 underline" aria-label={t('certs.revokeOf', { name: c.name })} onClick={() => revoke(c)}>
              {t('certs.revoke')}
            </button>
          )}
          {c.state === 'revoked' && !c.replacedBy && (
            <button type="button" className="text-brand underline" aria-label={t('certs.reissueOf', { name: c.name })} onClick={() => reissue(c)}>
              {t('certs.reissue')}
            </button>
          )}
        </>
      ),
    },
  ];
}

function CertificateList({ version, onChanged }: { version: number; onChanged: () => void }) {
  const paged = useListScreen((q: api.AdminCertificateQuery) => staffSend(api.adminCertificates, q), {
    current: 1,
    size: PAGE_SIZE,
  } as api.AdminCertificateQuery);
  const q = paged.query;
  // false: closed; true: a new certificate; a certificate: 补发 of that revoked one.
  const [issuing, setIssuing] = useState<boolean | api.AdminCertificate>(false);
  const [revoking, setRevoking] = useState<api.AdminCertificate | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change elsewhere on the screen (an import, a pass issue) reloads the page shown.
  useEffect(() => {
    if (version > 0) paged.reload();
  }, [version]);
  const filters: FilterField<keyof typeof LIST_BLANK>[] = [
    { name: 'kind', label: t('certs.kind'), kind: 'select', now: true, any: t('certs.kind.all'), options: KIND_OPTIONS },
    {
      name: 'source',
      label: t('certs.source'),
      kind: 'select',
      now: true,
      any: t('certs.source.all'),
      options: [
        ['exam', t('certs.source.exam')],
        ['hand', t('certs.source.hand')],
      ],
    },
    { name: 'keyword', label: t('certs.keyword'), kind: 'search', maxLength: KEYWORD_MAX, placeholder: t('certs.keywordPlaceholder') },
    {
      name: 'state',
      label: t('certs.state'),
      kind: 'select',
      now: true,
      any: t('certs.state.all'),
      options: [
        ['valid', t('certs.state.valid')],
        ['revoked', t('certs.state.revoked')],
      ],
    },
  ];

  return (
    <Section
      title={t('certs.list')}
      actions={
        <Button kind="primary" onClick={() => setIssuing(true)}>
          {t('certs.issue')}
        </Button>
      }
    >
      <FilterBar
        idPrefix="certs"
        fields={filters}
        blank={LIST_BLANK}
        current={{ kind: q.kind ?? '', source: q.source ?? '', state: q.state ?? '' }}
        onSearch={(v) =>
          paged.go({
            ...q,
            kind: (v.kind || undefined) as CertKind | undefined,
            source: (v.source || undefined) as api.CertSource | undefined,
            state: (v.state || undefined) as api.CertState | undefined,
            keyword: v.keyword.trim() || undefined,
            current: 1,
          })
        }
        resettable={false}
        submitText={t('certs.search')}
        className="mb-4 flex flex-wrap items-end gap-3"
      />
      <ListView
        list={paged}
        label={t('certs.table')}
        columns={certificateColumns(setRevoking, setIssuing)}
        rowKey={(c) => c.id}
        empty={t('certs.empty')}
        onPage={(current) => paged.go({ ...q, current })}
      />
      <Modal open={issuing !== false} title={typeof issuing === 'object' ? t('certs.reissue.title') : t('certs.issue')} onClose={() => setIssuing(false)}>
        {issuing !== false && (
          <IssueForm
            initialKind={q.kind ?? 'skill'}
            replaces={typeof issuing === 'object' ? issuing : null}
            onIssued={() => {
              setIssuing(false);
              paged.go({ current: 1, size: PAGE_SIZE });
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
type IssueField = (typeof SKILL_FIELDS)[number] | (typeof TRAINING_FIELDS)[number] | 'sendDate' | 'startDate' | 'endDate';
/** The most students a search offers to choose from. */
const STUDENT_CHOICES = 5;
const studentPage = (id: string) => `/admin/students?id=${encodeURIComponent(id)}`;

/** The student a certificate goes to: found by name or mobile among the school's students (学员管理's search). */
function StudentPicker({ chosen, onChoose }: { chosen: AdminStudent | null; onChoose: (s: AdminStudent) => void }) {
  const [text, setText] = useState('');
  const [found, setFound] = useState<AdminStudent[] | null>(null);
  const id = useId();
  async function search() {
    try {
      const page = await staffSend(adminStudents, { q: text.trim(), current: 1, size: STUDENT_CHOICES });
      setFound(page.records);
    } catch (e) {
      toastFailure(e);
    }
  }
  return (
    <div className="sm:col-span-2">
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {t('certs.student.search')}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="search"
          className={fieldClass}
          maxLength={20}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void search();
            }
          }}
        />
        <Button onClick={() => void search()}>{t('certs.student.find')}</Button>
      </div>
      {found && found.length === 0 && <p className="mt-1 text-sm text-muted">{t('certs.student.none')}</p>}
      {found && found.length > 0 && (
        <ul className="mt-2 space-y-1" aria-label={t('certs.student.results')}>
          {found.map((st) => (
            <li key={st.id}>
              <button type="button" className="text-sm text-brand underline" onClick={() => onChoose(st)}>
                {t('certs.student.choose', { name: st.name, no: st.studentNo })}
              </button>
            </li>
          ))}
        </ul>
      )}
      {chosen && (
        <p role="status" className="mt-2 text-sm">
          {t('certs.student.chosen', { name: chosen.name, no: chosen.studentNo, id: chosen.idNumber ?? t('certs.student.noId') })}
        </p>
      )}
    </div>
  );
}

function IssueForm({ initialKind, replaces, onIssued }: { initialKind: CertKind; replaces: api.AdminCertificate | null; onIssued: () => void }) {
  const from = replaces;
  const [kind, setKind] = useState<CertKind>(from?.kind ?? initialKind);
  const [student, setStudent] = useState<AdminStudent | null>(
    from?.studentId
      ? {
          id: from.studentId,
          name: from.name,
          studentNo: from.studentNo ?? '',
          idNumber: from.idNumber || null,
          mobile: '',
          studentId: '',
          classCount: 0,
          status: 1,
          joinedAt: 0,
        }
      : null,
  );
  const form = useForm<Record<IssueField, string>>({
    initial: () => ({
      professionName: from?.professionName ?? '',
      typeOfWorkName: from?.typeOfWorkName ?? '',
      level: from?.level ?? '',
      sendDate: from?.sendDate ?? '',
      productName: from?.productName ?? '',
      agencyName: from?.agencyName ?? '',
      startDate: from?.startDate ?? '',
      endDate: from?.endDate ?? '',
    }),
    check: () => null,
  });
  const [issued, setIssued] = useState<api.AdminCertificate | null>(null);
  const f = form.values;
  const missingId = kind === 'skill' && student !== null && !student.idNumber;
  const submit = form.onSubmit([], async (v) => {
    if (!student) {
      form.setErrors({});
      toast(t('certs.student.required'), 'error');
      return;
    }
    const c = await staffSend(api.adminCertificateIssue, { kind, studentId: student.id, ...v, ...(from ? { replacesId: from.id } : {}) });
    toast(t('certs.issued', { number: c.number }), 'success');
    setIssued(c);
  });

  if (issued) {
    return (
      <div className="space-y-4">
        <p role="status" className="text-sm font-medium text-emerald-800">
          {t('certs.issued', { number: issued.number })}
          {issued.replaces && ` ${t('certs.replacesLine', { number: issued.replaces.number })}`}
        </p>
        <div className="flex gap-3">
          <a className="rounded-lg bg-brand px-3 py-1.5 text-sm font-medium text-white" href={printPath(issued)}>
            {t('certs.printOf', { name: issued.name })}
          </a>
          <Button onClick={onIssued}>{t('common.close')}</Button>
        </div>
      </div>
    );
  }

  const text = (k: IssueField, type = 'text') => {
    const id = form.id(k);
    return (
      <FieldBox key={k} id={id} label={t(`certs.field.${k}`)}>
        <input id={id} type={type} className={fieldClass} value={f[k]} onChange={(e) => form.change(k, e.target.value)} />
      </FieldBox>
    );
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      {from && <p className="text-sm">{t('certs.reissue.help', { number: from.number })}</p>}
      <div className="grid gap-3 sm:grid-cols-2">
        {!from && <Choice label={t('certs.field.kind')} value={kind} onValue={(v) => setKind(v as CertKind)} options={KIND_OPTIONS} />}
        <StudentPicker chosen={student} onChoose={setStudent} />
        {missingId && student && (
          <p role="alert" className="text-sm text-red-700 sm:col-span-2">
            {t('certs.student.needId')}{' '}
            <a className="underline" href={studentPage(student.id)}>
              {t('certs.student.open', { name: student.name })}
            </a>
          </p>
        )}
        {kind === 'skill' ? SKILL_FIELDS.map((k) => text(k)) : TRAINING_FIELDS.map((k) => text(k))}
        {kind === 'skill' ? text('sendDate', 'date') : [text('startDate', 'date'), text('endDate', 'date')]}
      </div>
      <p className="text-sm text-muted">{t('certs.issue.numberHelp')}</p>
      <FormMessage text={form.notice?.text ?? null} />
      <div className="flex justify-end">
        <Button kind="primary" type="submit" disabled={form.submitting || missingId}>
          {t('certs.issue.submit')}
        </Button>
      </div>
    </form>
  );
}

// ------------------------------------------------------------ the school's numbering

function NumberingForm() {
  const [now, setNow] = useState<api.CertNumbering | null>(null);
  const form = useForm({ initial: { prefix: '', nextSeq: '' }, check: () => null });
  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once; the form takes the school's values when they come.
  useEffect(() => {
    staffSend(api.adminCertificateNumbering, {}).then(
      (n) => {
        setNow(n);
        form.change('prefix', n.prefix);
        form.change('nextSeq', String(n.nextSeq));
      },
      (e: unknown) => toastFailure(e),
    );
  }, []);
  const submit = form.onSubmit([], async (v) => {
    const n = await staffSend(api.adminCertificateNumberingSave, { prefix: v.prefix.trim(), nextSeq: Number(v.nextSeq) });
    setNow(n);
    toast(t('certs.numbering.saved', { next: n.next }), 'success');
  });
  const prefixId = form.id('prefix');
  const seqId = form.id('nextSeq');
  return (
    <Section title={t('certs.numbering')}>
      <p className="mb-3 text-sm text-muted">{t('certs.numbering.help', { digits: NUMBERING_LIMITS.seqDigits })}</p>
      <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
        <FieldBox id={prefixId} label={t('certs.numbering.prefix')}>
          <input
            id={prefixId}
            className={fieldClass}
            maxLength={NUMBERING_LIMITS.prefixMax}
            value={form.values.prefix}
            onChange={(e) => form.change('prefix', e.target.value)}
          />
        </FieldBox>
        <FieldBox id={seqId} label={t('certs.numbering.nextSeq')}>
          <input
            id={seqId}
            type="number"
            min={1}
            max={NUMBERING_LIMITS.seqMax}
            className={`${fieldClass} w-36`}
            value={form.values.nextSeq}
            onChange={(e) => form.change('nextSeq', e.target.value)}
          />
        </FieldBox>
        <Button kind="primary" type="submit" disabled={form.submitting || !now}>
          {t('certs.numbering.save')}
        </Button>
      </form>
      {now && (
        <p role="status" className="mt-2 text-sm">
          {t('certs.numbering.next', { next: now.next })}
        </p>
      )}
      <FormMessage text={form.notice?.text ?? null} />
    </Section>
  );
}

// ------------------------------------------------------------ revoking

function RevokeForm({ cert, onDone }: { cert: api.AdminCertificate; onDone: () => void }) {
  const form = useForm({ initial: { reason: '' }, check: schemaCheck(revokeForm) });
  const reason = form.field('reason');
  const submit = form.onSubmit(['reason'], async (v) => {
    await staffSend(api.adminCertificateRevoke, { kind: cert.kind, reason: v.reason }, { params: { id: cert.id } });
    toast(t('certs.revoke.done'), 'success');
    onDone();
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <p className="text-sm">
        {kindLabel(cert.kind)} · {cert.name} · {cert.number}
      </p>
      <p className="text-sm text-muted">{t('certs.revoke.help')}</p>
      <FieldBox id={reason.id} label={t('certs.revoke.reason')} error={reason.error}>
        <textarea
          id={reason.id}
          className={fieldClass}
          rows={3}
          maxLength={CERT_LIMITS.reason}
          value={reason.value}
          aria-invalid={reason.error ? true : undefined}
          aria-describedby={reason.error ? `${reason.id}-error` : undefined}
          onChange={(e) => reason.onValue(e.target.value)}
          onBlur={() => form.blur('reason')}
        />
      </FieldBox>
      <FormMessage text={form.notice?.text ?? null} />
      <div className="flex justify-end">
        <Button kind="danger" type="submit" disabled={form.submitting}>
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
    failed: toastFailure,
  });
  const fileId = useId();

  const label = report?.applied ? t('certs.import.applied') : t('certs.import.checked');
  return (
    <Section title={t('certs.import')}>
      <CsvHelp
        help={t('certs.import.help', { rows: CERT_LIMITS.rows })}
        template={CERT_CSV_TEMPLATE}
        fileName="证书导入模板.csv"
        link={t('certs.import.template')}
      />
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={fileId} className="mb-1 block text-sm font-medium">
            {t('certs.import.file')}
          </label>
          <input id={fileId} type="file" accept=".csv,text/csv" className="max-w-full text-sm" onChange={(e) => void pick(e.target.files?.[0])} />
        </div>
        <CheckButtons ready={csv !== null} busy={busy} report={report} run={run} check={t('certs.import.check')} apply={t('certs.import.apply')} />
      </div>
      {report && (
        <RunReport
          status={`${label}：${t('certs.import.summary', report.counts)}`}
          label={label}
          rows={report.rows}
          rowKey={(r) => String(r.line)}
          columns={[
            { header: t('certs.import.line'), cell: (r) => r.line },
            { header: t('certs.field.kind'), cell: (r) => r.kind },
            { header: t('certs.col.name'), cell: (r) => r.name },
            { header: t('certs.col.number'), cell: (r) => r.number, className: 'break-all' },
            {
              header: t('certs.import.outcome'),
              cell: (r) => (r.outcome === 'added' && !report.applied ? t('certs.import.wouldAdd') : t(`certs.import.outcome.${r.outcome}`)),
            },
            { header: t('certs.import.reason'), cell: (r) => r.message ?? '', className: 'text-red-700' },
          ]}
        />
      )}
    </Section>
  );
}

// ------------------------------------------------------------ issuing for a pass in a test

function PassIssue({ onDone }: { onDone: () => void }) {
  const { classes, classId, choose, options } = useClassChoice();
  const [works, setWorks] = useState<api.CertTestWork[]>([]);
  const [workId, setWorkId] = useState('');
  const [minScore, setMinScore] = useState('60');
  const [report, setReport] = useState<api.PassIssueReport | null>(null);
  const [busy, setBusy] = useState(false);
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
      (e: unknown) => toastFailure(e),
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
      toastFailure(e);
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
          <Choice label={t('certs.pass.class')} value={classId} onValue={choose} options={options} />
          {works.length === 0 ? (
            <p className="text-sm text-slate-600">{t('certs.pass.noWork')}</p>
          ) : (
            <Choice label={t('certs.pass.work')} value={workId} onValue={setWorkId} options={works.map((w) => [w.id, w.title] as const)} />
          )}
          <Labelled label={t('certs.pass.minScore')}>
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
          </Labelled>
          <CheckButtons ready={Boolean(workId)} busy={busy} report={report} run={run} check={t('certs.pass.check')} apply={t('certs.pass.apply')} />
        </div>
      )}
      {report && (
        <RunReport
          status={`${label}：${t('certs.pass.summary', report.counts)}`}
          label={label}
          rows={report.rows}
          rowKey={(r) => r.studentId}
          columns={[
            { header: t('certs.pass.col.name'), cell: (r) => r.name },
            { header: t('certs.pass.col.score'), cell: (r) => r.score ?? t('certs.noScore') },
            { header: t('certs.pass.col.outcome'), cell: outcome },
            { header: t('certs.pass.col.number'), cell: (r) => r.number ?? '', className: 'break-all' },
            { header: t('certs.pass.col.replaces'), cell: (r) => r.replaces ?? '', className: 'break-all' },
          ]}
        />
      )}
    </Section>
  );
}
