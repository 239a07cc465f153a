import { useEffect, useState } from 'react';
import { t } from '~/lib/i18n/messages/admin-bank';
import * as api from '~/lib/api/contracts/admin-bank';
import type { StaffMe } from '~/lib/api/contracts/staff';
import { setCsrfToken, staffSend } from '~/lib/api/staff-client';
import { BANK_TYPES } from '~/lib/exams/question-bank';
import { IMPORT_TEMPLATE } from '~/lib/exams/question-import';
import { useCsvImport } from '../csv-import';
import { confirmDialog } from '~/lib/confirm';
import { toast } from '~/lib/toast';
import { Button, LoadState, PageTitle, Pager, Section, TableBox, td, th, usePaged } from '../shared';
import { QuestionForm } from './QuestionForm';
import { Input, Select, excerpt } from './ui';

/**
 * The question bank (/admin/questions): the school's questions with search, type and category
 * filters, the form of every type, and the spreadsheet import (a template to download, a check
 * that reports every row, then the import). Teachers change the questions they wrote; the server
 * says so (mayEdit) and decides.
 */

const PAGE_SIZE = 20;
const fail = (e: unknown) => toast(e instanceof Error ? e.message : String(e), 'error');
const typeLabel = (type: number) => t(`bank.type.${type}` as 'bank.type.1');

export default function QuestionsIsland({ me }: { me: StaffMe }) {
  setCsrfToken(me.csrfToken);
  const list = usePaged((q: api.AdminQuestionQuery) => staffSend(api.bankQuestions, q), { current: 1, size: PAGE_SIZE } as api.AdminQuestionQuery);
  const [filter, setFilter] = useState({ keyword: '', questionType: '', category: '' });
  const [categories, setCategories] = useState<string[]>([]);
  const [editing, setEditing] = useState<{ row: api.AdminQuestion | null } | null>(null);
  const [categoriesVersion, setCategoriesVersion] = useState(0);
  const loadCategories = () => setCategoriesVersion((v) => v + 1);
  useEffect(() => {
    if (categoriesVersion >= 0) staffSend(api.bankCategories, {}).then(setCategories, () => setCategories([]));
  }, [categoriesVersion]);

  const search = () =>
    list.go({
      current: 1,
      size: PAGE_SIZE,
      ...(filter.keyword.trim() ? { keyword: filter.keyword.trim() } : {}),
      ...(filter.questionType ? { questionType: Number(filter.questionType) } : {}),
      ...(filter.category ? { category: filter.category } : {}),
    });

  async function remove(q: api.AdminQuestion) {
    if (!(await confirmDialog(t('bank.confirmDelete')))) return;
    try {
      await staffSend(api.bankQuestionDelete, {}, { params: { id: q.id } });
      toast(t('bank.deleted'), 'success');
      list.reload();
    } catch (e) {
      fail(e);
    }
  }

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
            list.reload();
            loadCategories();
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
        <form
          className="mb-4 flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            search();
          }}
        >
          <Input width="w-56" label={t('bank.keyword')} value={filter.keyword} onValue={(keyword) => setFilter({ ...filter, keyword })} />
          <Select
            width="w-40"
            label={t('bank.filterType')}
            value={filter.questionType}
            onValue={(questionType) => setFilter({ ...filter, questionType })}
            options={[{ value: '', label: t('bank.all') }, ...BANK_TYPES.map((v) => ({ value: String(v), label: typeLabel(v) }))]}
          />
          <Select
            width="w-40"
            label={t('bank.filterCategory')}
            value={filter.category}
            onValue={(category) => setFilter({ ...filter, category })}
            options={[{ value: '', label: t('bank.all') }, ...categories.map((c) => ({ value: c, label: c }))]}
          />
          <Button type="submit">{t('bank.search')}</Button>
        </form>
        {!list.data ? (
          <LoadState error={list.error} onRetry={list.reload} />
        ) : list.data.records.length === 0 ? (
          <p className="py-4 text-sm text-muted">{t('bank.empty')}</p>
        ) : (
          <>
            <TableBox label={t('bank.list')}>
              <thead>
                <tr>
                  <th className={th}>{t('bank.col.type')}</th>
                  <th className={th}>{t('bank.col.stem')}</th>
                  <th className={th}>{t('bank.col.category')}</th>
                  <th className={th}>{t('bank.col.points')}</th>
                  <th className={th}>{t('bank.col.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.records.map((q) => (
                  <tr key={q.id}>
                    <td className={td}>{typeLabel(q.questionType)}</td>
                    <td className={td}>{excerpt(q.trunk)}</td>
                    <td className={td}>{q.category ?? ''}</td>
                    <td className={td}>{q.examPoint}</td>
                    <td className={`${td} whitespace-nowrap`}>
                      {q.mayEdit && (
                        <span className="flex gap-2">
                          <Button onClick={() => setEditing({ row: q })}>{t('bank.editAction')}</Button>
                          <Button kind="danger" onClick={() => void remove(q)}>
                            {t('bank.delete')}
                          </Button>
                        </span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </TableBox>
            <Pager page={list.data} onPage={(current) => list.go({ ...list.query, current })} />
          </>
        )}
      </Section>
      <ImportSection
        onDone={() => {
          list.reload();
          loadCategories();
        }}
      />
    </div>
  );
}

function ImportSection({ onDone }: { onDone: () => void }) {
  const { csv, report, busy, pick, run } = useCsvImport((csv, apply) => staffSend(api.bankQuestionImport, { csv, apply }), {
    applied: (r) => {
      toast(t('bank.import.done', r.counts), 'success');
      onDone();
    },
    failed: fail,
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
        <div className="mt-4">
          <p role="status" className="mb-2 text-sm font-medium">
            {report.applied ? t('bank.import.done', report.counts) : t('bank.import.report', report.counts)}
          </p>
          <TableBox label={t('bank.import.reportLabel')}>
            <thead>
              <tr>
                <th className={th}>{t('bank.import.col.line')}</th>
                <th className={th}>{t('bank.import.col.type')}</th>
                <th className={th}>{t('bank.import.col.stem')}</th>
                <th className={th}>{t('bank.import.col.outcome')}</th>
                <th className={th}>{t('bank.import.col.reason')}</th>
              </tr>
            </thead>
            <tbody>
              {report.rows.map((r) => (
                <tr key={r.line}>
                  <td className={td}>{[r.line, ...r.subLines].join('、')}</td>
                  <td className={td}>{r.typeText}</td>
                  <td className={td}>{r.stem}</td>
                  <td className={td}>{outcome(r.outcome, report.applied)}</td>
                  <td className={td}>{r.message ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </TableBox>
        </div>
      )}
    </Section>
  );
}
