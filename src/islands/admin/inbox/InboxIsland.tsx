import { useCallback, useEffect, useId, useState } from 'react';
import { t } from '~/lib/i18n/messages/admin-inbox';
import {
  ANSWER_MAX,
  HIDE_REASON_MAX,
  adminInteractionPosts,
  adminInteractionVisibility,
  adminQuestionAnswer,
  adminQuestionAnswerEdit,
  adminQuestions,
  adminQuestionsUnanswered,
  type InboxAnswer,
  type InboxPost,
  type InboxPostQuery,
  type InboxQuery,
  type InboxQuestion,
  type PostKind,
} from '~/lib/api/contracts/admin-interaction';
import type { StaffMe } from '~/lib/api/contracts/staff';
import { setCsrfToken, staffSend } from '~/lib/api/staff-client';
import { toast } from '~/lib/toast';
import { inputClass } from '../../shared/fields';
import { Modal } from '../../shared/Modal';
import { Button, LoadState, PageTitle, Pager, Section, TableBox, td, th, timeText, usePaged } from '../shared';
import { Choice, classOptions, useClasses, useGivenClass, useLessons } from './filters';

/**
 * The teachers' inbox (/admin/inbox): the questions of the classes the person teaches (an
 * administrator: the school's), newest first, with the number still unanswered; answering (the
 * answer shows in the student's classroom panel under the person's name) and editing one's answer;
 * students' shared notes and comments, each hidden or shown again with a reason. The server
 * decides what the person reaches and says why it refuses.
 */
const PAGE_SIZE = 10;
type Tab = 'questions' | PostKind;

const fail = (e: unknown) => toast(e instanceof Error ? e.message : t('common.systemBusy'), 'error');

const TAB_ON = 'bg-brand text-white';
const TAB_OFF = 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50';

export default function InboxIsland({ me }: { me: StaffMe }) {
  setCsrfToken(me.csrfToken);
  const [tab, setTab] = useState<Tab>('questions');
  const [unanswered, setUnanswered] = useState<number | null>(null);
  const refreshCount = useCallback(
    () =>
      staffSend(adminQuestionsUnanswered, {}).then(
        (c) => setUnanswered(c.count),
        () => setUnanswered(null),
      ),
    [],
  );
  useEffect(() => void refreshCount(), [refreshCount]);
  const classes = useClasses();
  const tabs: [Tab, string][] = [
    ['questions', t('inbox.tab.questions')],
    ['note', t('inbox.tab.notes')],
    ['comment', t('inbox.tab.comments')],
  ];
  return (
    <div>
      <PageTitle>
        {t('inbox.title')}
        {unanswered !== null && (
          <span className="ml-3 rounded-full bg-amber-100 px-2.5 py-0.5 align-middle text-sm font-medium text-amber-900">
            {t('inbox.unansweredCount', { n: unanswered })}
          </span>
        )}
      </PageTitle>
      <div className="mb-4 flex flex-wrap gap-2">
        {tabs.map(([key, label]) => (
          <button
            key={key}
            type="button"
            aria-pressed={tab === key}
            onClick={() => setTab(key)}
            className={`rounded-lg px-3 py-1.5 text-sm font-medium ${tab === key ? TAB_ON : TAB_OFF}`}
          >
            {label}
          </button>
        ))}
      </div>
      {tab === 'questions' ? <Questions classes={classes} onAnswered={() => void refreshCount()} /> : <Posts key={tab} kind={tab} classes={classes} />}
    </div>
  );
}

function Questions({ classes, onAnswered }: { classes: ReturnType<typeof useClasses>; onAnswered: () => void }) {
  const paged = usePaged((q: InboxQuery) => staffSend(adminQuestions, q), { current: 1, size: PAGE_SIZE } as InboxQuery);
  const q = paged.query;
  const lessons = useLessons(q.classId ?? '');
  const given = useGivenClass(classes);
  // biome-ignore lint/correctness/useExhaustiveDependencies: applied once, when the class the address names is known
  useEffect(() => {
    if (given) paged.go({ ...q, classId: given, classroomId: undefined, current: 1 } as InboxQuery);
  }, [given]);
  const [keyword, setKeyword] = useState('');
  const keywordId = useId();
  const put = (changed: InboxQuestion) => {
    if (paged.data) paged.set({ ...paged.data, records: paged.data.records.map((r) => (r.id === changed.id ? changed : r)) });
  };
  return (
    <Section title={t('inbox.tab.questions')}>
      <form
        className="mb-4 flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          paged.go({ ...q, keyword: keyword.trim() || undefined, current: 1 } as InboxQuery);
        }}
      >
        <Choice
          label={t('inbox.filter.status')}
          value={q.status ?? ''}
          onValue={(v) => paged.go({ ...q, status: (v || undefined) as InboxQuery['status'], current: 1 })}
          options={[
            { value: '', label: t('inbox.filter.all') },
            { value: 'unanswered', label: t('inbox.filter.unanswered') },
            { value: 'answered', label: t('inbox.filter.answered') },
          ]}
        />
        <Choice
          label={t('inbox.filter.class')}
          value={q.classId ?? ''}
          onValue={(v) => paged.go({ ...q, classId: v || undefined, classroomId: undefined, current: 1 } as InboxQuery)}
          options={classOptions(classes)}
        />
        <Choice
          label={t('inbox.filter.lesson')}
          value={q.classroomId ?? ''}
          onValue={(v) => paged.go({ ...q, classroomId: v || undefined, current: 1 } as InboxQuery)}
          options={[{ value: '', label: t('inbox.filter.allLessons') }, ...lessons.map((l) => ({ value: l.id, label: `${l.courseName} · ${l.name}` }))]}
        />
        <div>
          <label htmlFor={keywordId} className="mb-1 block text-sm text-slate-700">
            {t('inbox.filter.keyword')}
          </label>
          <input id={keywordId} value={keyword} maxLength={40} onChange={(e) => setKeyword(e.target.value)} className={inputClass(false)} />
        </div>
        <Button type="submit">{t('inbox.filter.search')}</Button>
      </form>
      {!paged.data ? (
        <LoadState error={paged.error} onRetry={paged.reload} />
      ) : paged.data.records.length === 0 ? (
        <p className="py-4 text-sm text-slate-600">{t('inbox.empty')}</p>
      ) : (
        <>
          <ul className="space-y-4">
            {paged.data.records.map((question) => (
              <QuestionCard
                key={question.id}
                question={question}
                onChange={(changed) => {
                  put(changed);
                  onAnswered();
                }}
              />
            ))}
          </ul>
          <Pager page={paged.data} onPage={(current) => paged.go({ ...q, current })} />
        </>
      )}
    </Section>
  );
}

function QuestionCard({ question, onChange }: { question: InboxQuestion; onChange: (q: InboxQuestion) => void }) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  async function send() {
    setBusy(true);
    try {
      onChange(await staffSend(adminQuestionAnswer, { questionId: question.id, answer: text }));
      setText('');
      toast(t('inbox.answerSent'), 'success');
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  }
  return (
    <li>
      <article className="rounded-lg border border-slate-200 p-4" aria-label={question.title}>
        <h3 className="whitespace-pre-wrap break-words font-medium text-ink">{question.title}</h3>
        <p className="mt-1 text-xs text-slate-600">
          {t('inbox.askedBy', { name: question.studentName, className: question.className, lesson: question.lessonName })} · {timeText(question.createdAt)}
        </p>
        {question.answers.length === 0 ? (
          <p className="mt-2 text-sm text-amber-800">{t('inbox.noAnswer')}</p>
        ) : (
          <ul className="mt-3 space-y-2">
            {question.answers.map((a) => (
              <AnswerItem key={a.id} answer={a} onChange={onChange} />
            ))}
          </ul>
        )}
        <form
          className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <div className="flex-1">
            <label htmlFor={id} className="mb-1 block text-sm text-slate-700">
              {t('inbox.answerLabel', { title: question.title.slice(0, 20) })}
            </label>
            <textarea
              id={id}
              rows={2}
              maxLength={ANSWER_MAX}
              value={text}
              onChange={(e) => setText(e.target.value)}
              className={`${inputClass(false)} resize-y`}
            />
          </div>
          <Button kind="primary" type="submit" disabled={busy}>
            {t('inbox.answerSend')}
          </Button>
        </form>
      </article>
    </li>
  );
}

function AnswerItem({ answer, onChange }: { answer: InboxAnswer; onChange: (q: InboxQuestion) => void }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(answer.answer);
  const id = useId();
  async function save() {
    try {
      onChange(await staffSend(adminQuestionAnswerEdit, { answerId: answer.id, answer: text }));
      setEditing(false);
      toast(t('inbox.saved'), 'success');
    } catch (e) {
      fail(e);
    }
  }
  if (editing)
    return (
      <li className="rounded bg-slate-50 p-2">
        <label htmlFor={id} className="mb-1 block text-sm text-slate-700">
          {t('inbox.editLabel')}
        </label>
        <textarea id={id} rows={2} maxLength={ANSWER_MAX} value={text} onChange={(e) => setText(e.target.value)} className={`${inputClass(false)} resize-y`} />
        <div className="mt-2 flex gap-2">
          <Button kind="primary" onClick={() => void save()}>
            {t('inbox.save')}
          </Button>
          <Button onClick={() => setEditing(false)}>{t('inbox.cancel')}</Button>
        </div>
      </li>
    );
  return (
    <li className="rounded bg-slate-50 p-2 text-sm">
      <p className="whitespace-pre-wrap break-words text-slate-800">{answer.answer}</p>
      <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
        <span>
          {answer.teacherName} · {timeText(answer.createdAt)}
          {answer.updatedAt !== null && t('inbox.edited')}
        </span>
        {answer.mayEdit && (
          <button type="button" className="text-brand-dark underline" onClick={() => setEditing(true)}>
            {t('inbox.edit')}
          </button>
        )}
      </p>
    </li>
  );
}

function Posts({ kind, classes }: { kind: PostKind; classes: ReturnType<typeof useClasses> }) {
  const paged = usePaged((q: InboxPostQuery) => staffSend(adminInteractionPosts, q), { kind, current: 1, size: PAGE_SIZE } as InboxPostQuery);
  const q = paged.query;
  const [acting, setActing] = useState<InboxPost | null>(null);
  const given = useGivenClass(classes);
  // biome-ignore lint/correctness/useExhaustiveDependencies: applied once, when the class the address names is known
  useEffect(() => {
    if (given) paged.go({ ...q, classId: given, current: 1 } as InboxPostQuery);
  }, [given]);
  const title = kind === 'note' ? t('inbox.tab.notes') : t('inbox.tab.comments');
  return (
    <Section title={title}>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <Choice
          label={t('inbox.filter.class')}
          value={q.classId ?? ''}
          onValue={(v) => paged.go({ ...q, classId: v || undefined, current: 1 } as InboxPostQuery)}
          options={classOptions(classes)}
        />
        <Choice
          label={t('inbox.filter.visibility')}
          value={q.hidden === undefined ? '' : String(q.hidden)}
          onValue={(v) => paged.go({ ...q, hidden: v === '' ? undefined : Number(v), current: 1 } as InboxPostQuery)}
          options={[
            { value: '', label: t('inbox.filter.all') },
            { value: '0', label: t('inbox.filter.shown') },
            { value: '1', label: t('inbox.filter.hidden') },
          ]}
        />
      </div>
      {!paged.data ? (
        <LoadState error={paged.error} onRetry={paged.reload} />
      ) : (
        <>
          <TableBox label={title}>
            <thead>
              <tr>
                {(['author', 'text', 'where', 'time', 'state', 'actions'] as const).map((c) => (
                  <th key={c} scope="col" className={th}>
                    {t(`inbox.col.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {paged.data.records.length === 0 ? (
                <tr>
                  <td className={td} colSpan={6}>
                    {t('inbox.emptyPosts')}
                  </td>
                </tr>
              ) : (
                paged.data.records.map((p) => (
                  <tr key={p.id}>
                    <td className={td}>{p.authorName}</td>
                    <td className={`${td} max-w-xs whitespace-pre-wrap break-words`}>{p.text}</td>
                    <td className={td}>
                      {p.className} / {p.lessonName}
                    </td>
                    <td className={`${td} whitespace-nowrap`}>{timeText(p.createdAt)}</td>
                    <td className={td}>{p.hiddenAt === null ? t('inbox.state.shown') : t('inbox.hiddenMark', { reason: p.hiddenReason ?? '' })}</td>
                    <td className={td}>
                      <Button kind={p.hiddenAt === null ? 'danger' : 'plain'} onClick={() => setActing(p)}>
                        {p.hiddenAt === null ? t('inbox.hide') : t('inbox.show')}
                      </Button>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </TableBox>
          <Pager page={paged.data} onPage={(current) => paged.go({ ...q, current })} />
        </>
      )}
      {acting && (
        <VisibilityDialog
          post={acting}
          onClose={() => setActing(null)}
          onDone={() => {
            setActing(null);
            paged.reload();
          }}
        />
      )}
    </Section>
  );
}

function VisibilityDialog({ post, onClose, onDone }: { post: InboxPost; onClose: () => void; onDone: () => void }) {
  const hide = post.hiddenAt === null;
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  async function submit() {
    setBusy(true);
    try {
      await staffSend(adminInteractionVisibility, { kind: post.kind, id: post.id, hidden: hide, reason });
      toast(hide ? t('inbox.hiddenDone') : t('inbox.shownDone'), 'success');
      onDone();
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal open title={hide ? t('inbox.hideTitle') : t('inbox.showTitle')} onClose={onClose} width="w-[min(92vw,520px)]">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <p className="mb-3 whitespace-pre-wrap break-words rounded bg-slate-50 p-2 text-sm text-slate-700">{post.text}</p>
        <label htmlFor={id} className="mb-1 block text-sm text-slate-700">
          {t('inbox.reason')}
        </label>
        <textarea
          id={id}
          rows={2}
          maxLength={HIDE_REASON_MAX}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          className={`${inputClass(false)} resize-y`}
        />
        <div className="mt-3 flex justify-end gap-2">
          <Button onClick={onClose}>{t('inbox.cancel')}</Button>
          <Button kind={hide ? 'danger' : 'primary'} type="submit" disabled={busy}>
            {hide ? t('inbox.hide') : t('inbox.show')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
