import { useEffect, useState } from 'react';
import { t } from '~/lib/i18n/messages/admin-bank';
import * as api from '~/lib/api/contracts/admin-bank';
import type { StaffMe } from '~/lib/api/contracts/staff';
import { setCsrfToken, staffSend } from '~/lib/api/staff-client';
import { schemaCheck } from '~/lib/forms/check';
import { paperForm } from '~/lib/forms/bank';
import { toast } from '~/lib/toast';
import { useForm } from '../../shared/use-form';
import { FormMessage, TextField } from '../../shared/fields';
import { Button, LINK_BUTTON, LoadState, OptionalField, PageTitle, Section } from '../shared';
import { Choice, FilterBar, listEdits, ListStates, moveActions, PagedList, RowActions, toastFailure, useListScreen, type Column } from '../kit';
import { BANK_FILTER_BAR, Check, Input, countOf, QUESTION_FILTER_BLANK, excerpt, questionFilters, questionQuery, typeLabel } from './ui';

/**
 * Papers (/admin/papers): the school's papers with their total and use; a paper's fields and
 * groups, its questions per group (points, order, another group, out), questions added from the
 * bank, a copy, a preview as the student sees it. Once a work on it has attempts, its questions are
 * fixed (the server refuses; the screen says why and offers the copy).
 */

const PAGE_SIZE = 20;
/** A page of the bank's questions offered to add to a paper. */
const BANK_PAGE_SIZE = 10;
const previewPath = (id: string) => `/admin/papers/preview?id=${encodeURIComponent(id)}`;

export default function PapersIsland({ me }: { me: StaffMe }) {
  setCsrfToken(me.csrfToken);
  const [open, setOpen] = useState<string | 'new' | null>(null);
  useEffect(() => setOpen(new URLSearchParams(location.search).get('id')), []);
  const list = useListScreen((q: api.AdminPaperQuery) => staffSend(api.bankPapers, q), { current: 1, size: PAGE_SIZE } as api.AdminPaperQuery);

  function show(id: string | null) {
    setOpen(id);
    history.replaceState(null, '', id && id !== 'new' ? `?id=${encodeURIComponent(id)}` : location.pathname);
    if (!id) list.reload();
  }

  if (open) return <PaperEditor paperId={open === 'new' ? null : open} onOpen={show} />;

  const columns: Column<api.AdminPaperSummary>[] = [
    { header: t('bank.paper.col.title'), cell: (p) => p.title },
    { header: t('bank.paper.col.count'), cell: (p) => p.questionCount },
    { header: t('bank.paper.col.total'), cell: (p) => p.totalPoints },
    { header: t('bank.paper.col.time'), cell: (p) => (p.unitTime ? t('bank.paper.minutes', { n: p.unitTime }) : t('bank.paper.noLimit')) },
    { header: t('bank.paper.col.works'), cell: (p) => p.workCount },
    {
      header: t('bank.col.actions'),
      className: 'whitespace-nowrap',
      cell: (p) => (
        <RowActions
          busy={list.busy === p.id}
          actions={[
            { label: t('bank.paper.open'), onClick: () => show(p.id) },
            { label: t('bank.paper.preview'), href: previewPath(p.id) },
            {
              label: t('bank.paper.copy'),
              onClick: () =>
                void list.act(p.id, {
                  run: () => staffSend(api.bankPaperCopy, {}, { params: { id: p.id } }),
                  done: t('bank.paper.copied'),
                  onDone: (made) => show(made.id),
                }),
            },
            {
              label: t('bank.delete'),
              kind: 'danger',
              when: p.mayEdit,
              onClick: () =>
                void list.act(p.id, {
                  confirm: t('bank.paper.confirmDelete', { title: p.title }),
                  run: () => staffSend(api.bankPaperDelete, {}, { params: { id: p.id } }),
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
      <PageTitle>{t('bank.papersTitle')}</PageTitle>
      <Section
        title={t('bank.paper.list')}
        actions={
          <Button kind="primary" onClick={() => show('new')}>
            {t('bank.paper.new')}
          </Button>
        }
      >
        <PagedList list={list} label={t('bank.paper.list')} columns={columns} empty={t('bank.paper.empty')} />
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
              <a className={`${LINK_BUTTON} text-sm`} href={previewPath(paper.id)}>
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

type GroupDraft = { id?: string; title: string };
const groupsOf = (paper: api.AdminPaper): GroupDraft[] => paper.groups.filter((g) => g.id).map((g) => ({ id: g.id!, title: g.title }));
/** The group a new paper starts with. */
const FIRST_GROUP: GroupDraft = { title: '一、单项选择题' };

function PaperFields({ paper, onSaved }: { paper: api.AdminPaper | null; onSaved: (p: api.AdminPaper) => void }) {
  const form = useForm({
    initial: {
      title: paper?.title ?? '',
      english: paper?.english ?? false,
      unitTime: paper?.unitTime ? String(paper.unitTime) : '',
      groups: paper ? groupsOf(paper) : [FIRST_GROUP],
    },
    check: schemaCheck(paperForm),
  });
  const { groups } = form.values;
  const editGroups = listEdits(groups, (next) => form.change('groups', next));

  return (
    <Section title={paper ? t('bank.paper.edit') : t('bank.paper.new')}>
      <form
        onSubmit={form.onSubmit(['title', 'unitTime'], async (v) => {
          const saved = await staffSend(api.bankPaperSave, {
            ...(paper ? { paperId: paper.id } : {}),
            title: v.title,
            english: v.english,
            unitTime: countOf(v.unitTime),
            groups: v.groups,
          });
          toast(t('bank.saved'), 'success');
          form.change('groups', groupsOf(saved));
          onSaved(saved);
        })}
        className="space-y-3"
        noValidate
      >
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField {...form.field('title')} label={t('bank.paper.titleField')} />
          <OptionalField {...form.field('unitTime')} label={t('bank.paper.unitTime')} inputMode="numeric" />
          <div className="pt-7">
            <Check label={t('bank.paper.english')} checked={form.values.english} onChecked={(v) => form.change('english', v)} />
          </div>
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-ink">{t('bank.paper.groups')}</legend>
          {groups.map((g, i) => (
            <div key={g.id ?? `new-${i}`} className="flex flex-wrap items-end gap-2">
              <Input width="min-w-0 flex-1" label={t('bank.paper.group', { n: i + 1 })} value={g.title} onValue={(title) => editGroups.put(i, { title })} />
              <Button onClick={() => editGroups.remove(i)} disabled={groups.length <= 1}>
                {t('bank.paper.groupRemove', { n: i + 1 })}
              </Button>
            </div>
          ))}
          <Button onClick={() => editGroups.add({ title: '' })}>{t('bank.paper.groupAdd')}</Button>
        </fieldset>
        <FormMessage text={form.notice?.text ?? null} />
        <Button kind="primary" type="submit" disabled={form.submitting}>
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
      toastFailure(e);
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
                  <RowActions
                    className="contents"
                    actions={moveActions(
                      [t('bank.paper.up'), t('bank.paper.down')],
                      (direction) => void run(staffSend(api.bankPaperQuestionMove, { questionId: q.id, direction }, params)),
                      { index: i, count: group.questions.length },
                    )}
                  />
                  {others.length > 0 && (
                    <Choice
                      className="w-48"
                      label={t('bank.paper.moveTo', { n: i + 1 })}
                      value=""
                      onValue={(groupId) => groupId && void run(staffSend(api.bankPaperQuestionMove, { questionId: q.id, groupId }, params))}
                      any="—"
                      options={others.map((g) => [g.id!, g.title] as const)}
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
        staffSend(api.bankPaperQuestionPoints, { questionId: question.id, examPoint: Number(value) }, { params: { id: paperId } }).then(onPaper, toastFailure);
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
  const [picked, setPicked] = useState<string[]>([]);
  const bank = useListScreen((q: api.AdminQuestionQuery) => staffSend(api.bankQuestions, q), { current: 1, size: BANK_PAGE_SIZE } as api.AdminQuestionQuery);

  async function add() {
    try {
      onPaper(await staffSend(api.bankPaperQuestionsAdd, { groupId, questionIds: picked }, { params: { id: paper.id } }));
      setPicked([]);
    } catch (e) {
      toastFailure(e);
    }
  }

  return (
    <Section title={t('bank.paper.addTitle')}>
      <FilterBar
        idPrefix="paper-bank"
        fields={questionFilters()}
        blank={QUESTION_FILTER_BLANK}
        onSearch={(v) => bank.go(questionQuery(v, BANK_PAGE_SIZE))}
        {...BANK_FILTER_BAR}
      />
      <ListStates
        list={bank}
        empty={t('bank.empty')}
        onPage={(current) => bank.go({ ...bank.query, current })}
        show={(rows) => (
          <ul className="space-y-1">
            {rows.map((q) => (
              <li key={q.id}>
                <Check
                  label={t('bank.paper.pick', { stem: `[${typeLabel(q.questionType)}] ${excerpt(q.trunk, 50)}（${q.examPoint} 分）` })}
                  checked={picked.includes(q.id)}
                  onChecked={(c) => setPicked(c ? [...picked, q.id] : picked.filter((x) => x !== q.id))}
                />
              </li>
            ))}
          </ul>
        )}
      />
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <Choice className="w-56" label={t('bank.paper.addTo')} value={groupId} onValue={setGroupId} options={groups.map((g) => [g.id!, g.title] as const)} />
        <span className="text-sm text-slate-600">{t('bank.paper.picked', { n: picked.length })}</span>
        <Button kind="primary" disabled={picked.length === 0 || !groupId} onClick={() => void add()}>
          {t('bank.paper.addPicked')}
        </Button>
      </div>
    </Section>
  );
}
