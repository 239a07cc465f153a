import { useEffect, useState, type FormEvent } from 'react';
import { t } from '~/lib/i18n/messages/admin-bank';
import * as api from '~/lib/api/contracts/admin-bank';
import type { StaffMe } from '~/lib/api/contracts/staff';
import { setCsrfToken, staffSend } from '~/lib/api/staff-client';
import { BANK_TYPES } from '~/lib/exams/question-bank';
import { confirmDialog } from '~/lib/confirm';
import { toast } from '~/lib/toast';
import { Button, LoadState, PageTitle, Pager, Section, TableBox, td, th, usePaged } from '../shared';
import { Check, Input, Select, excerpt } from './ui';

/**
 * Papers (/admin/papers): the school's papers with their total and use; a paper's fields and
 * groups, its questions per group (points, order, another group, out), questions added from the
 * bank, a copy, a preview as the student sees it. Once a work on it has attempts, its questions are
 * fixed (the server refuses; the screen says why and offers the copy).
 */

const PAGE_SIZE = 20;
const fail = (e: unknown) => toast(e instanceof Error ? e.message : String(e), 'error');
const typeLabel = (type: number) => t(`bank.type.${type}` as 'bank.type.1');

export default function PapersIsland({ me }: { me: StaffMe }) {
  setCsrfToken(me.csrfToken);
  const [open, setOpen] = useState<string | 'new' | null>(null);
  useEffect(() => setOpen(new URLSearchParams(location.search).get('id')), []);
  const list = usePaged((q: api.AdminPaperQuery) => staffSend(api.bankPapers, q), { current: 1, size: PAGE_SIZE } as api.AdminPaperQuery);

  function show(id: string | null) {
    setOpen(id);
    history.replaceState(null, '', id && id !== 'new' ? `?id=${encodeURIComponent(id)}` : location.pathname);
    if (!id) list.reload();
  }

  if (open) return <PaperEditor paperId={open === 'new' ? null : open} onOpen={show} />;

  async function copy(p: api.AdminPaperSummary) {
    try {
      const made = await staffSend(api.bankPaperCopy, {}, { params: { id: p.id } });
      toast(t('bank.paper.copied'), 'success');
      show(made.id);
    } catch (e) {
      fail(e);
    }
  }
  async function remove(p: api.AdminPaperSummary) {
    if (!(await confirmDialog(t('bank.paper.confirmDelete', { title: p.title })))) return;
    try {
      await staffSend(api.bankPaperDelete, {}, { params: { id: p.id } });
      toast(t('bank.deleted'), 'success');
      list.reload();
    } catch (e) {
      fail(e);
    }
  }

  return (
    <div>
      <PageTitle>{t('bank.papersTitle')}</PageTitle>
      <Section
        title={t('bank.paper.list')}
        actions={
          <Button kind="primary" onClick={() => show('new')}>
            {t('bank.paper.new')}
          </Button>
        }
      >
        {!list.data ? (
          <LoadState error={list.error} onRetry={list.reload} />
        ) : list.data.records.length === 0 ? (
          <p className="py-4 text-sm text-muted">{t('bank.paper.empty')}</p>
        ) : (
          <>
            <TableBox label={t('bank.paper.list')}>
              <thead>
                <tr>
                  <th className={th}>{t('bank.paper.col.title')}</th>
                  <th className={th}>{t('bank.paper.col.count')}</th>
                  <th className={th}>{t('bank.paper.col.total')}</th>
                  <th className={th}>{t('bank.paper.col.time')}</th>
                  <th className={th}>{t('bank.paper.col.works')}</th>
                  <th className={th}>{t('bank.col.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.records.map((p) => (
                  <tr key={p.id}>
                    <td className={td}>{p.title}</td>
                    <td className={td}>{p.questionCount}</td>
                    <td className={td}>{p.totalPoints}</td>
                    <td className={td}>{p.unitTime ? t('bank.paper.minutes', { n: p.unitTime }) : t('bank.paper.noLimit')}</td>
                    <td className={td}>{p.workCount}</td>
                    <td className={`${td} whitespace-nowrap`}>
                      <span className="flex flex-wrap gap-2">
                        <Button onClick={() => show(p.id)}>{t('bank.paper.open')}</Button>
                        <a className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm" href={`/admin/papers/preview?id=${encodeURIComponent(p.id)}`}>
                          {t('bank.paper.preview')}
                        </a>
                        <Button onClick={() => void copy(p)}>{t('bank.paper.copy')}</Button>
                        {p.mayEdit && (
                          <Button kind="danger" onClick={() => void remove(p)}>
                            {t('bank.delete')}
                          </Button>
                        )}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </TableBox>
            <Pager page={list.data} onPage={(current) => list.go({ ...list.query, current })} />
          </>
        )}
      </Section>
    </div>
  );
}

function PaperEditor({ paperId, onOpen }: { paperId: string | null; onOpen: (id: string | null) => void }) {
  const [paper, setPaper] = useState<api.AdminPaper | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = () => {
    if (paperId)
      staffSend(api.bankPaperGet, {}, { params: { id: paperId } }).then(setPaper, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  };
  useEffect(load, [paperId]);

  const back = (
    <Button onClick={() => onOpen(null)}>
      <span aria-hidden="true">← </span>
      {t('bank.paper.back')}
    </Button>
  );
  if (paperId && !paper) return <LoadState error={error} onRetry={load} />;
  const locked = (paper?.attemptCount ?? 0) > 0;
  const editable = !paper || paper.mayEdit;
  return (
    <div>
      <div className="mb-3">{back}</div>
      <PageTitle>{paper ? paper.title : t('bank.paper.new')}</PageTitle>
      {editable && <PaperFields paper={paper} onSaved={(p) => (paper ? setPaper(p) : onOpen(p.id))} />}
      {paper && (
        <>
          <Section
            title={t('bank.paper.total', { n: paper.totalPoints, count: paper.questionCount })}
            actions={
              <a className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm" href={`/admin/papers/preview?id=${encodeURIComponent(paper.id)}`}>
                {t('bank.paper.preview')}
              </a>
            }
          >
            {locked && (
              <p role="note" className="mb-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
                {t('bank.paper.locked', { n: paper.attemptCount })}
              </p>
            )}
            {paper.groups.map((g) => (
              <GroupQuestions key={g.id ?? 'none'} paper={paper} group={g} editable={editable && !locked} onPaper={setPaper} />
            ))}
          </Section>
          {editable && !locked && paper.groups.some((g) => g.id) && <AddFromBank paper={paper} onPaper={setPaper} />}
        </>
      )}
    </div>
  );
}

function PaperFields({ paper, onSaved }: { paper: api.AdminPaper | null; onSaved: (p: api.AdminPaper) => void }) {
  const [title, setTitle] = useState(paper?.title ?? '');
  const [english, setEnglish] = useState(paper?.english ?? false);
  const [unitTime, setUnitTime] = useState(paper?.unitTime ? String(paper.unitTime) : '');
  const [groups, setGroups] = useState<{ id?: string; title: string }[]>(
    paper ? paper.groups.filter((g) => g.id).map((g) => ({ id: g.id!, title: g.title })) : [{ title: '一、单项选择题' }],
  );
  const [message, setMessage] = useState<string | null>(null);

  async function save(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    try {
      const saved = await staffSend(api.bankPaperSave, {
        ...(paper ? { paperId: paper.id } : {}),
        title,
        english,
        unitTime: unitTime.trim() ? Number(unitTime) : null,
        groups,
      });
      toast(t('bank.saved'), 'success');
      setGroups(saved.groups.filter((g) => g.id).map((g) => ({ id: g.id!, title: g.title })));
      onSaved(saved);
    } catch (err) {
      setMessage(err instanceof Error ? err.message : String(err));
    }
  }

  return (
    <Section title={paper ? t('bank.paper.edit') : t('bank.paper.new')}>
      <form onSubmit={save} className="space-y-3" noValidate>
        <div className="grid gap-3 sm:grid-cols-3">
          <Input label={t('bank.paper.titleField')} value={title} onValue={setTitle} />
          <Input label={t('bank.paper.unitTime')} type="number" value={unitTime} onValue={setUnitTime} />
          <div className="pt-7">
            <Check label={t('bank.paper.english')} checked={english} onChecked={setEnglish} />
          </div>
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-ink">{t('bank.paper.groups')}</legend>
          {groups.map((g, i) => (
            <div key={g.id ?? `new-${i}`} className="flex flex-wrap items-end gap-2">
              <Input
                width="min-w-0 flex-1"
                label={t('bank.paper.group', { n: i + 1 })}
                value={g.title}
                onValue={(v) => setGroups(groups.map((x, j) => (j === i ? { ...x, title: v } : x)))}
              />
              <Button onClick={() => setGroups(groups.filter((_, j) => j !== i))} disabled={groups.length <= 1}>
                {t('bank.paper.groupRemove', { n: i + 1 })}
              </Button>
            </div>
          ))}
          <Button onClick={() => setGroups([...groups, { title: '' }])}>{t('bank.paper.groupAdd')}</Button>
        </fieldset>
        {message && (
          <p role="alert" className="text-sm text-red-700">
            {message}
          </p>
        )}
        <Button kind="primary" type="submit">
          {t('bank.paper.save')}
        </Button>
      </form>
    </Section>
  );
}

function GroupQuestions({
  paper,
  group,
  editable,
  onPaper,
}: {
  paper: api.AdminPaper;
  group: api.AdminPaperGroup;
  editable: boolean;
  onPaper: (p: api.AdminPaper) => void;
}) {
  const params = { params: { id: paper.id } };
  const run = async (p: Promise<api.AdminPaper>) => {
    try {
      onPaper(await p);
    } catch (e) {
      fail(e);
    }
  };
  const title = group.title || t('bank.paper.noGroup');
  const others = paper.groups.filter((g) => g.id && g.id !== group.id);
  return (
    <div className="mb-5">
      <h3 className="mb-2 font-semibold text-ink">{t('bank.paper.groupHeading', { title, count: group.questions.length, points: group.points })}</h3>
      {group.questions.length === 0 ? (
        <p className="text-sm text-muted">{t('bank.paper.groupEmpty')}</p>
      ) : (
        <ol className="space-y-2">
          {group.questions.map((q, i) => (
            <li key={q.id} className="rounded-lg border border-slate-200 p-3">
              <p className="text-sm">
                <span className="mr-2 text-slate-600">
                  {i + 1}. [{typeLabel(q.questionType)}]
                </span>
                {excerpt(q.trunk, 80)}
                <span className="ml-2 text-slate-600">（{q.examPoint} 分）</span>
              </p>
              {editable && (
                <div className="mt-2 flex flex-wrap items-end gap-2">
                  {q.subs.length === 0 && <Points paperId={paper.id} question={q} n={i + 1} onPaper={onPaper} />}
                  <Button disabled={i === 0} onClick={() => void run(staffSend(api.bankPaperQuestionMove, { questionId: q.id, direction: 'up' }, params))}>
                    {t('bank.paper.up')}
                  </Button>
                  <Button
                    disabled={i === group.questions.length - 1}
                    onClick={() => void run(staffSend(api.bankPaperQuestionMove, { questionId: q.id, direction: 'down' }, params))}
                  >
                    {t('bank.paper.down')}
                  </Button>
                  {others.length > 0 && (
                    <Select
                      width="w-48"
                      label={t('bank.paper.moveTo', { n: i + 1 })}
                      value=""
                      onValue={(groupId) => groupId && void run(staffSend(api.bankPaperQuestionMove, { questionId: q.id, groupId }, params))}
                      options={[{ value: '', label: '—' }, ...others.map((g) => ({ value: g.id!, label: g.title }))]}
                    />
                  )}
                  {q.sourceId && (
                    <Button onClick={() => void run(staffSend(api.bankPaperQuestionRefresh, { questionId: q.id }, params))}>{t('bank.paper.refresh')}</Button>
                  )}
                  <Button kind="danger" onClick={() => void run(staffSend(api.bankPaperQuestionRemove, { questionId: q.id }, params))}>
                    {t('bank.paper.remove')}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function Points({ paperId, question, n, onPaper }: { paperId: string; question: api.AdminPaperQuestion; n: number; onPaper: (p: api.AdminPaper) => void }) {
  const [value, setValue] = useState(String(question.examPoint));
  useEffect(() => setValue(String(question.examPoint)), [question.examPoint]);
  return (
    <form
      className="flex items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        staffSend(api.bankPaperQuestionPoints, { questionId: question.id, examPoint: Number(value) }, { params: { id: paperId } }).then(onPaper, fail);
      }}
    >
      <Input width="w-28" type="number" label={t('bank.paper.pointsOf', { n })} value={value} onValue={setValue} />
      <Button type="submit">{t('bank.paper.setPoints')}</Button>
    </form>
  );
}

function AddFromBank({ paper, onPaper }: { paper: api.AdminPaper; onPaper: (p: api.AdminPaper) => void }) {
  const groups = paper.groups.filter((g) => g.id);
  const [groupId, setGroupId] = useState(groups[0]?.id ?? '');
  const [keyword, setKeyword] = useState('');
  const [questionType, setQuestionType] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const bank = usePaged((q: api.AdminQuestionQuery) => staffSend(api.bankQuestions, q), { current: 1, size: 10 } as api.AdminQuestionQuery);

  async function add() {
    try {
      onPaper(await staffSend(api.bankPaperQuestionsAdd, { groupId, questionIds: picked }, { params: { id: paper.id } }));
      setPicked([]);
    } catch (e) {
      fail(e);
    }
  }

  return (
    <Section title={t('bank.paper.addTitle')}>
      <form
        className="mb-3 flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          bank.go({
            current: 1,
            size: 10,
            ...(keyword.trim() ? { keyword: keyword.trim() } : {}),
            ...(questionType ? { questionType: Number(questionType) } : {}),
          });
        }}
      >
        <Input width="w-56" label={t('bank.keyword')} value={keyword} onValue={setKeyword} />
        <Select
          width="w-40"
          label={t('bank.filterType')}
          value={questionType}
          onValue={setQuestionType}
          options={[{ value: '', label: t('bank.all') }, ...BANK_TYPES.map((v) => ({ value: String(v), label: typeLabel(v) }))]}
        />
        <Button type="submit">{t('bank.search')}</Button>
      </form>
      {!bank.data ? (
        <LoadState error={bank.error} onRetry={bank.reload} />
      ) : (
        <>
          <ul className="space-y-1">
            {bank.data.records.map((q) => (
              <li key={q.id}>
                <Check
                  label={t('bank.paper.pick', { stem: `[${typeLabel(q.questionType)}] ${excerpt(q.trunk, 50)}（${q.examPoint} 分）` })}
                  checked={picked.includes(q.id)}
                  onChecked={(c) => setPicked(c ? [...picked, q.id] : picked.filter((x) => x !== q.id))}
                />
              </li>
            ))}
          </ul>
          <Pager page={bank.data} onPage={(current) => bank.go({ ...bank.query, current })} />
        </>
      )}
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <Select
          width="w-56"
          label={t('bank.paper.addTo')}
          value={groupId}
          onValue={setGroupId}
          options={groups.map((g) => ({ value: g.id!, label: g.title }))}
        />
        <span className="text-sm text-slate-600">{t('bank.paper.picked', { n: picked.length })}</span>
        <Button kind="primary" disabled={picked.length === 0 || !groupId} onClick={() => void add()}>
          {t('bank.paper.addPicked')}
        </Button>
      </div>
    </Section>
  );
}
