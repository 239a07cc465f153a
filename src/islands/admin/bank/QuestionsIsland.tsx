import { useState } from 'react';
import { t } from '~/lib/i18n/messages/admin-bank';
import * as api from '~/lib/api/contracts/admin-bank';
import type { StaffMe } from '~/lib/api/contracts/staff';
import { setCsrfToken, staffSend } from '~/lib/api/staff-client';
import { IMPORT_TEMPLATE } from '~/lib/exams/question-import';
import { useCsvImport } from '../csv-import';
import { toast } from '~/lib/toast';
import { Button, PageTitle, Section, useLoaded } from '../shared';
import { FilterBar, RunReport, PagedList, RowActions, toastFailure, useListScreen, type Column } from '../kit';
import { QuestionForm } from './QuestionForm';
import { BANK_FILTER_BAR, QUESTION_FILTER_BLANK, excerpt, questionFilters, questionQuery, typeLabel } from './ui';

/**
 * The question bank (/admin/questions): the school's questions with search, type and category
 * filters, the form of every type, and the spreadsheet import (a template to download, a check
 * that reports every row, then the import). Teachers change the questions they wrote; the server
 * says so (mayEdit) and decides.
 */

const PAGE_SIZE = 20;
const FIRST: api.AdminQuestionQuery = { current: 1, size: PAGE_SIZE };

export default function QuestionsIsland({ me }: { me: StaffMe }) {
  setCsrfToken(me.csrfToken);
  const list = useListScreen((q: api.AdminQuestionQuery) => staffSend(api.bankQuestions, q), FIRST);
  const categories = useLoaded(() => staffSend(api.bankCategories, {}));
  const [editing, setEditing] = useState<{ row: api.AdminQuestion | null } | null>(null);
  const changed = () => {
    list.reload();
    categories.reload();
  };
  const columns: Column<api.AdminQuestion>[] = [
    { header: t('bank.col.type'), cell: (q) => typeLabel(q.questionType) },
    { header: t('bank.col.stem'), cell: (q) => excerpt(q.trunk) },
    { header: t('bank.col.category'), cell: (q) => q.category ?? '' },
    { header: t('bank.col.points'), cell: (q) => q.examPoint },
    {
      header: t('bank.col.actions'),
      className: 'whitespace-nowrap',
      cell: (q) => (
        <RowActions
          busy={list.busy === q.id}
          actions={[
            { label: t('bank.editAction'), when: q.mayEdit, onClick: () => setEditing({ row: q }) },
            {
              label: t('bank.delete'),
              kind: 'danger',
              when: q.mayEdit,
              onClick: () =>
                void list.act(q.id, {
                  confirm: t('bank.confirmDelete'),
                  run: () => staffSend(api.bankQuestionDelete, {}, { params: { id: q.id } }),
                  done: t('bank.deleted'),
                }),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <div>
      <PageTitle>{t('bank.title')}</PageTitle>
      {editing && (
        <QuestionForm
          key={editing.row?.id ?? 'new'}
          editing={editing.row}
          onCancel={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            changed();
          }}
        />
      )}
      <Section
        title={t('bank.list')}
        actions={
          <Button kind="primary" onClick={() => setEditing({ row: null })}>
            {t('bank.new')}
          </Button>
        }
      >
        <FilterBar
          idPrefix="bank-questions"
          fields={questionFilters(categories.data ?? [])}
          blank={QUESTION_FILTER_BLANK}
          onSearch={(v) => list.go(questionQuery(v, PAGE_SIZE))}
          {...BANK_FILTER_BAR}
        />
        <PagedList list={list} label={t('bank.list')} columns={columns} empty={t('bank.empty')} />
      </Section>
      <ImportSection onDone={changed} />
    </div>
  );
}

function ImportSection({ onDone }: { onDone: () => void }) {
  const { csv, report, busy, pick, run } = useCsvImport((csv, apply) => staffSend(api.bankQuestionImport, { csv, apply }), {
    applied: (r) => {
      toast(t('bank.import.done', r.counts), 'success');
      onDone();
    },
    failed: toastFailure,
  });

  function download() {
    // With a BOM, so that Excel opens the UTF-8 file with its Chinese intact.
    const url = URL.createObjectURL(new Blob([`\uFEFF${IMPORT_TEMPLATE}`], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = '题目导入模板.csv';
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  const outcome = (o: api.QuestionImportRow['outcome'], applied: boolean) =>
    o === 'added' ? (applied ? t('bank.import.outcome.addedDone') : t('bank.import.outcome.added')) : t(`bank.import.outcome.${o}`);

  return (
    <Section title={t('bank.import.title')} actions={<Button onClick={download}>{t('bank.import.template')}</Button>}>
      <p className="mb-3 text-sm text-slate-600">{t('bank.import.help')}</p>
      <div className="flex flex-wrap items-end gap-3">
        <label className="text-sm">
          <span className="mb-1 block font-medium text-ink">{t('bank.import.file')}</span>
          <input type="file" accept=".csv,text/csv" onChange={(e) => void pick(e.target.files?.[0])} className="text-sm" />
        </label>
        <Button disabled={csv === null || busy} onClick={() => void run(false)}>
          {t('bank.import.check')}
        </Button>
        {report && !report.applied && report.counts.added > 0 && (
          <Button kind="primary" disabled={busy} onClick={() => void run(true)}>
            {t('bank.import.apply')}
          </Button>
        )}
      </div>
      {report && (
        <RunReport
          status={report.applied ? t('bank.import.done', report.counts) : t('bank.import.report', report.counts)}
          label={t('bank.import.reportLabel')}
          rows={report.rows}
          rowKey={(r) => String(r.line)}
          columns={[
            { header: t('bank.import.col.line'), cell: (r) => [r.line, ...r.subLines].join('、') },
            { header: t('bank.import.col.type'), cell: (r) => r.typeText },
            { header: t('bank.import.col.stem'), cell: (r) => r.stem },
            { header: t('bank.import.col.outcome'), cell: (r) => outcome(r.outcome, report.applied) },
            { header: t('bank.import.col.reason'), cell: (r) => r.message ?? '' },
          ]}
        />
      )}
    </Section>
  );
}
