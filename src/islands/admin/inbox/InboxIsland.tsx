import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { t } from '~/lib/i18n/messages/admin-inbox';
import {
  ANSWER_MAX,
  HIDE_REASON_MAX,
  adminInteractionPosts,
  adminInteractionVisibility,
  adminQuestionAnswer,
  adminQuestionAnswerEdit,
  adminQuestionLessons,
  adminQuestions,
  adminQuestionsUnanswered,
  type InboxAnswer,
  type InboxLesson,
  type InboxPost,
  type InboxPostQuery,
  type InboxQuery,
  type InboxQuestion,
  type PostKind,
} from '~/lib/api/contracts/admin-interaction';
import type { AdminClassSummary } from '~/lib/api/contracts/admin-classes';
import type { StaffMe } from '~/lib/api/contracts/staff';
import { setCsrfToken, staffSend } from '~/lib/api/staff-client';
import { schemaCheck } from '~/lib/forms/check';
import { answerForm, visibilityForm } from '~/lib/forms/inbox';
import { toast } from '~/lib/toast';
import { FormMessage } from '../../shared/fields';
import { TextAreaField } from '../../shared/text-area-field';
import { Modal } from '../../shared/Modal';
import { useForm } from '../../shared/use-form';
import { Button, PageTitle, Section, timeText } from '../shared';
import { FilterBar, ListStates, filledIn, PagedList, useGivenClass, useListScreen, useStaffClasses, withRow, type Column, type FilterField } from '../kit';

/**
 * The teachers' inbox (/admin/inbox): the questions of the classes the person teaches (an
 * administrator: the school's), newest first, with the number still unanswered; answering (the
 * answer shows in the student's classroom panel under the person's name) and editing one's answer;
 * students' shared notes and comments, each hidden or shown again with a reason. The server
 * decides what the person reaches and says why it refuses.
 */
const PAGE_SIZE = 10;
/** The most characters of a question's title its answer box names. */
const TITLE_IN_LABEL = 20;
/** The longest question or student's name searched for (the route's limit). */
const KEYWORD_MAX = 40;
type Tab = 'questions' | PostKind;

const TAB_ON = 'bg-brand text-white';
const TAB_OFF = 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50';
const TABS: readonly [Tab, string][] = [
  ['questions', t('inbox.tab.questions')],
  ['note', t('inbox.tab.notes')],
  ['comment', t('inbox.tab.comments')],
];

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
  const classes = useStaffClasses();
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
        {TABS.map(([key, label]) => (
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

const classOptions = (classes: readonly AdminClassSummary[]) => classes.map((c) => [c.id, c.name] as const);

/** The lessons of the class chosen (none chosen: none). */
function useLessons(classId: string): InboxLesson[] {
  const [lessons, setLessons] = useState<InboxLesson[]>([]);
  useEffect(() => {
    if (!classId) {
      setLessons([]);
      return;
    }
    staffSend(adminQuestionLessons, { classId }).then(setLessons, () => setLessons([]));
  }, [classId]);
  return lessons;
}

/** A list of the inbox applies the class the address names (a class page links here with it) once it is known. */
function useGivenClassFilter(classes: readonly AdminClassSummary[], apply: (classId: string) => void) {
  const given = useGivenClass(classes);
  const latest = useRef(apply);
  latest.current = apply;
  useEffect(() => {
    if (given) latest.current(given);
  }, [given]);
}

const QUESTION_BLANK = { status: '', classId: '', classroomId: '', keyword: '' };
const FIRST_QUESTIONS: InboxQuery = { current: 1, size: PAGE_SIZE };

/** The questions' query from the filters. */
function questionQuery(v: typeof QUESTION_BLANK): InboxQuery {
  const { status, ...rest } = filledIn(v);
  return { ...FIRST_QUESTIONS, ...rest, ...(status ? { status: status as InboxQuery['status'] } : {}) };
}

function Questions({ classes, onAnswered }: { classes: readonly AdminClassSummary[]; onAnswered: () => void }) {
  const list = useListScreen((q: InboxQuery) => staffSend(adminQuestions, q), FIRST_QUESTIONS);
  const q = list.query;
  const lessons = useLessons(q.classId ?? '');
  useGivenClassFilter(classes, (classId) => list.go({ ...FIRST_QUESTIONS, classId }));
  const filters: FilterField<keyof typeof QUESTION_BLANK>[] = [
    {
      name: 'status',
      label: t('inbox.filter.status'),
      kind: 'select',
      now: true,
      any: t('inbox.filter.all'),
      options: [
        ['unanswered', t('inbox.filter.unanswered')],
        ['answered', t('inbox.filter.answered')],
      ],
    },
    { name: 'classId', label: t('inbox.filter.class'), kind: 'select', now: true, any: t('inbox.filter.allClasses'), options: classOptions(classes) },
    {
      name: 'classroomId',
      label: t('inbox.filter.lesson'),
      kind: 'select',
      now: true,
      dependsOn: 'classId',
      any: t('inbox.filter.allLessons'),
      options: lessons.map((l) => [l.id, `${l.courseName} · ${l.name}`] as const),
    },
    { name: 'keyword', label: t('inbox.filter.keyword'), kind: 'search', maxLength: KEYWORD_MAX },
  ];
  return (
    <Section title={t('inbox.tab.questions')}>
      <div className="mb-4">
        <FilterBar
          idPrefix="inbox-questions"
          fields={filters}
          blank={QUESTION_BLANK}
          current={{ status: q.status ?? '', classId: q.classId ?? '', classroomId: q.classroomId ?? '' }}
          onSearch={(v) => list.go(questionQuery(v))}
          resettable={false}
          submitText={t('inbox.filter.search')}
          className="flex flex-wrap items-end gap-3"
        />
      </div>
      <ListStates
        list={list}
        empty={t('inbox.empty')}
        onPage={(current) => list.go({ ...q, current })}
        show={(rows) => (
          <ul className="space-y-4">
            {rows.map((question) => (
              <QuestionCard
                key={question.id}
                question={question}
                onChange={(changed) => {
                  if (list.data) list.set(withRow(list.data, changed));
                  onAnswered();
                }}
              />
            ))}
          </ul>
        )}
      />
    </Section>
  );
}

/**
 * One answer's text box and its buttons: a new answer (emptied once sent) or one's answer changed.
 * The words are checked with the route's own rules before they are sent.
 */
function AnswerForm({
  label,
  initial,
  send,
  done,
  children,
}: {
  label: string;
  initial: string;
  send: (answer: string) => Promise<InboxQuestion>;
  done: (q: InboxQuestion, form: { reset: (v: { answer: string }) => void }) => void;
  children: (submitting: boolean) => ReactNode;
}) {
  const form = useForm({ initial: { answer: initial }, check: schemaCheck(answerForm) });
  return (
    <form
      noValidate
      className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end"
      onSubmit={form.onSubmit(['answer'], async (v) => done(await send(v.answer), form))}
    >
      <div className="flex-1">
        <TextAreaField {...form.field('answer')} label={label} rows={2} maxLength={ANSWER_MAX} />
        <FormMessage text={form.notice?.text ?? null} />
      </div>
      {children(form.submitting)}
    </form>
  );
}

function QuestionCard({ question, onChange }: { question: InboxQuestion; onChange: (q: InboxQuestion) => void }) {
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
        <AnswerForm
          label={t('inbox.answerLabel', { title: question.title.slice(0, TITLE_IN_LABEL) })}
          initial=""
          send={(answer) => staffSend(adminQuestionAnswer, { questionId: question.id, answer })}
          done={(changed, form) => {
            form.reset({ answer: '' });
            toast(t('inbox.answerSent'), 'success');
            onChange(changed);
          }}
        >
          {(submitting) => (
            <Button kind="primary" type="submit" disabled={submitting}>
              {t('inbox.answerSend')}
            </Button>
          )}
        </AnswerForm>
      </article>
    </li>
  );
}

function AnswerItem({ answer, onChange }: { answer: InboxAnswer; onChange: (q: InboxQuestion) => void }) {
  const [editing, setEditing] = useState(false);
  if (editing)
    return (
      <li className="rounded bg-slate-50 p-2">
        <AnswerForm
          label={t('inbox.editLabel')}
          initial={answer.answer}
          send={(text) => staffSend(adminQuestionAnswerEdit, { answerId: answer.id, answer: text })}
          done={(changed) => {
            setEditing(false);
            toast(t('inbox.saved'), 'success');
            onChange(changed);
          }}
        >
          {(submitting) => (
            <div className="flex gap-2">
              <Button kind="primary" type="submit" disabled={submitting}>
                {t('inbox.save')}
              </Button>
              <Button onClick={() => setEditing(false)}>{t('inbox.cancel')}</Button>
            </div>
          )}
        </AnswerForm>
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

const POST_BLANK = { classId: '', hidden: '' };

const postColumns = (act: (p: InboxPost) => void): Column<InboxPost>[] => [
  { header: t('inbox.col.author'), cell: (p) => p.authorName },
  { header: t('inbox.col.text'), cell: (p) => p.text, className: 'max-w-xs whitespace-pre-wrap break-words' },
  { header: t('inbox.col.where'), cell: (p) => `${p.className} / ${p.lessonName}` },
  { header: t('inbox.col.time'), cell: (p) => timeText(p.createdAt), className: 'whitespace-nowrap' },
  { header: t('inbox.col.state'), cell: (p) => (p.hiddenAt === null ? t('inbox.state.shown') : t('inbox.hiddenMark', { reason: p.hiddenReason ?? '' })) },
  {
    header: t('inbox.col.actions'),
    cell: (p) => (
      <Button kind={p.hiddenAt === null ? 'danger' : 'plain'} onClick={() => act(p)}>
        {p.hiddenAt === null ? t('inbox.hide') : t('inbox.show')}
      </Button>
    ),
  },
];

function Posts({ kind, classes }: { kind: PostKind; classes: readonly AdminClassSummary[] }) {
  const first: InboxPostQuery = { kind, current: 1, size: PAGE_SIZE };
  const list = useListScreen((q: InboxPostQuery) => staffSend(adminInteractionPosts, q), first);
  const q = list.query;
  const [acting, setActing] = useState<InboxPost | null>(null);
  useGivenClassFilter(classes, (classId) => list.go({ ...first, classId }));
  const title = kind === 'note' ? t('inbox.tab.notes') : t('inbox.tab.comments');
  const filters: FilterField<keyof typeof POST_BLANK>[] = [
    { name: 'classId', label: t('inbox.filter.class'), kind: 'select', any: t('inbox.filter.allClasses'), options: classOptions(classes) },
    {
      name: 'hidden',
      label: t('inbox.filter.visibility'),
      kind: 'select',
      any: t('inbox.filter.all'),
      options: [
        ['0', t('inbox.filter.shown')],
        ['1', t('inbox.filter.hidden')],
      ],
    },
  ];
  return (
    <Section title={title}>
      <FilterBar
        idPrefix={`inbox-${kind}`}
        apply="change"
        fields={filters}
        blank={POST_BLANK}
        current={{ classId: q.classId ?? '', hidden: q.hidden === undefined ? '' : String(q.hidden) }}
        onSearch={(v) => list.go({ ...first, classId: v.classId || undefined, hidden: v.hidden === '' ? undefined : Number(v.hidden) })}
      />
      <PagedList list={list} label={title} columns={postColumns(setActing)} empty={t('inbox.emptyPosts')} />
      {acting && (
        <VisibilityDialog
          post={acting}
          onClose={() => setActing(null)}
          onDone={() => {
            setActing(null);
            list.reload();
          }}
        />
      )}
    </Section>
  );
}

function VisibilityDialog({ post, onClose, onDone }: { post: InboxPost; onClose: () => void; onDone: () => void }) {
  const hide = post.hiddenAt === null;
  const form = useForm({ initial: { reason: '' }, check: schemaCheck(visibilityForm) });
  return (
    <Modal open title={hide ? t('inbox.hideTitle') : t('inbox.showTitle')} onClose={onClose} width="w-[min(92vw,520px)]">
      <form
        noValidate
        onSubmit={form.onSubmit(['reason'], async (v) => {
          await staffSend(adminInteractionVisibility, { kind: post.kind, id: post.id, hidden: hide, reason: v.reason });
          toast(hide ? t('inbox.hiddenDone') : t('inbox.shownDone'), 'success');
          onDone();
        })}
      >
        <p className="mb-3 whitespace-pre-wrap break-words rounded bg-slate-50 p-2 text-sm text-slate-700">{post.text}</p>
        <TextAreaField {...form.field('reason')} label={t('inbox.reason')} rows={2} maxLength={HIDE_REASON_MAX} />
        <FormMessage text={form.notice?.text ?? null} />
        <div className="mt-3 flex justify-end gap-2">
          <Button onClick={onClose}>{t('inbox.cancel')}</Button>
          <Button kind={hide ? 'danger' : 'primary'} type="submit" disabled={form.submitting}>
            {hide ? t('inbox.hide') : t('inbox.show')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
