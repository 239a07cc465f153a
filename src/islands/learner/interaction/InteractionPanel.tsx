import { useEffect, useId, useRef, useState } from 'react';
import { send } from '~/lib/api/client';
import * as api from '~/lib/api/contracts/classroom-interaction';
import { LIST_SIZE, NOTE_DATA_TYPE, likeAfter } from '~/lib/learning/interaction';
import { t } from '~/lib/i18n/messages/interaction';
import { useLoad } from '../shared/use-load';
import { Comments } from './Comments';
import { Notes } from './Notes';
import { Questions } from './Questions';
import type { PanelProps } from './types';
import { TabList } from '~/islands/shared/TabList';

export type { PanelProps } from './types';

type Tab = 'questions' | 'notes' | 'comments';
const TABS: Tab[] = ['questions', 'notes', 'comments'];

/** The like button of a lesson: its state and total, toggled on the server (once per student). */
function LikeButton({ p }: { p: PanelProps }) {
  const [state, setState] = useState<api.LikeState | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    send(api.likeState, { classroomId: p.classroomId, classId: p.classId }, { silent: true }).then(
      (s) => live && setState(s),
      () => live && setState(null),
    );
    return () => {
      live = false;
    };
  }, [p.classId, p.classroomId]);
  if (!state) return null;
  async function toggle() {
    if (!state) return;
    const want = !state.isLike;
    setBusy(true);
    setState(likeAfter(state, want));
    try {
      setState(await send(api.likeToggle, { bizType: 1, likeObjectId: p.classroomId, isThumb: want, userId: p.userId, classId: p.classId }));
    } catch {
      setState(state);
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      aria-pressed={state.isLike}
      disabled={busy}
      onClick={toggle}
      className={[
        'rounded-full border px-3 py-1 text-sm',
        state.isLike ? 'border-brand bg-brand-soft text-brand-dark' : 'border-slate-300 text-slate-700 hover:border-brand',
      ].join(' ')}
    >
      <span aria-hidden="true">{state.isLike ? '♥ ' : '♡ '}</span>
      {t(state.isLike ? 'interaction.liked' : 'interaction.like', { n: state.likeTotal })}
    </button>
  );
}

/**
 * The interaction panel beside the online and offline classrooms:
 * tabs 问答 n / 笔记 n / 评论 n with their counts, and the like button for non-video content.
 * Every list and write is the server's, scoped to the student's class and the lesson.
 */
export default function InteractionPanel(props: PanelProps) {
  const p = props;
  const id = useId();
  const ref = { classId: p.classId, classroomId: p.classroomId, studentId: p.studentId };
  const key = `${p.classId}/${p.classroomId}/${p.studentId}`;
  const [tab, setTab] = useState<Tab>('questions');
  const [counts, reloadCounts] = useLoad(key, async () => {
    const [q, n] = await Promise.all([
      send(api.questionCount, ref, { silent: true }),
      send(api.noteCount, { ...ref, courseId: p.courseId, dataType: NOTE_DATA_TYPE.ALL }, { silent: true }),
    ]);
    return { questions: q.questionTotal, notes: n.total };
  });
  const [comments, reloadComments] = useLoad(
    key,
    async () => (await send(api.commentPage, { current: 1, size: LIST_SIZE, model: { infoId: p.classroomId, classId: p.classId } })).records,
  );

  // While the counts reload after a write, the tabs keep the last ones instead of flashing 0.
  const last = useRef({ questions: 0, notes: 0, comments: 0 });
  if (counts.state === 'done') last.current = { ...last.current, ...counts.data };
  if (comments.state === 'done') last.current.comments = comments.data.length;
  const n = (k: 'questions' | 'notes' | 'comments') => last.current[k];
  const label: Record<Tab, string> = {
    questions: t('interaction.tabQuestions', { n: n('questions') }),
    notes: t('interaction.tabNotes', { n: n('notes') }),
    comments: t('interaction.tabComments', { n: n('comments') }),
  };

  return (
    <section aria-label={t('interaction.panel')} className="min-w-0 rounded-xl border border-slate-200 bg-white">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-3 pt-2">
        <TabList
          label={t('interaction.panel')}
          tabs={TABS}
          selected={tab}
          onSelect={setTab}
          tabId={(k) => `${id}-tab-${k}`}
          panelId={(k) => `${id}-panel-${k}`}
          className="flex gap-1"
          tabClass={(on) =>
            ['border-b-2 px-3 py-2 text-sm', on ? 'border-brand font-medium text-brand-dark' : 'border-transparent text-slate-700 hover:text-brand-dark'].join(
              ' ',
            )
          }
          homeEnd
        >
          {(k) => label[k]}
        </TabList>
        {p.showLike && (
          <div className="pb-2">
            <LikeButton p={p} />
          </div>
        )}
      </div>
      <div role="tabpanel" id={`${id}-panel-${tab}`} aria-labelledby={`${id}-tab-${tab}`} className="p-3">
        {tab === 'questions' && <Questions p={p} onChanged={reloadCounts} />}
        {tab === 'notes' && <Notes p={p} onChanged={reloadCounts} />}
        {tab === 'comments' && <Comments p={p} list={comments} reload={reloadComments} />}
      </div>
    </section>
  );
}
