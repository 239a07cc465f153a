import { useId, useState } from 'react';
import { send } from '~/lib/api/client';
import type { StudentClassDetail } from '~/lib/api/contracts/learning';
import { userStudySituation, type UserStudySituation } from '~/lib/api/contracts/learning-class';
import { t } from '~/lib/i18n/messages/learner-class';
import { assessmentResult } from '~/lib/learning/labels';
import { percentText } from '~/lib/learning/progress';
import { LoadError } from '../shared/LoadError';
import { useLoad } from '../shared/use-load';
import { Avatar } from '~/islands/shared/Avatar';

const ASSESSMENT = { notAssessed: 'class.notAssessed', passed: 'class.passed', failed: 'class.failed' } as const;

/**
 * A statistic's explanation (its tooltip): a small button that shows it on hover, on focus
 * and on a tap (phones), and hides it on Escape, when the pointer leaves or the focus moves on;
 * the button is described by it.
 */
function Tip({ name, text }: { name: string; text: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the tip stays open while the pointer moves onto it; keyboard and touch use the button
    <span className="relative inline-flex" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        aria-label={t('class.tipOf', { name })}
        aria-describedby={id}
        aria-expanded={open}
        onClick={() => setOpen(true)}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setOpen(false);
        }}
        className={[
          'flex h-5 w-5 items-center justify-center rounded-full border border-slate-400 text-xs leading-none text-slate-600',
          'hover:border-brand hover:text-brand',
        ].join(' ')}
      >
        ?
      </button>
      <span
        id={id}
        role="tooltip"
        className={[
          'absolute bottom-full left-1/2 z-20 mb-2 w-48 -translate-x-1/2 rounded bg-slate-800 px-3 py-2 text-xs font-normal text-white shadow-lg',
          open ? '' : 'hidden',
        ].join(' ')}
      >
        {text}
      </span>
    </span>
  );
}

function Stat({ label, value, tip }: { label: string; value: string; tip?: string }) {
  return (
    <div className="min-w-0">
      <dt className="flex items-center gap-1 text-xs text-slate-600">
        {label}
        {tip && <Tip name={label} text={tip} />}
      </dt>
      <dd className="mt-1 truncate text-lg font-semibold text-ink">{value}</dd>
    </div>
  );
}

/**
 * The student card: avatar, name, the 学员 tag and five statistics: the study visits
 * (this visit included), the completion rate (capped at 100%), study and answering durations
 * (or '--') and the assessment result.
 */
export function StudentCard({
  detail,
  visits,
  schoolId,
  first,
}: {
  detail: StudentClassDetail;
  visits: number | null;
  schoolId: string | undefined;
  /** The statistics from the page's first view: shown without asking. */
  first?: UserStudySituation | undefined;
}) {
  const [situation, reload] = useLoad(
    `${detail.classId}:${detail.studentId}`,
    () => send(userStudySituation, { classId: detail.classId, studentId: detail.studentId, schoolId }, { silent: true }),
    first,
  );
  const person = detail.personalityDataResultVO;
  const name = person.realName || person.nickName || '';
  const known = situation.state === 'done' ? situation.data : null;
  const pending = situation.state === 'loading' ? '…' : '--';
  return (
    <section aria-label={t('class.studentCard')} className="mt-4 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-col gap-4 md:flex-row md:items-center">
        <div className="flex min-w-0 items-center gap-3 md:w-44 md:shrink-0">
          <Avatar pic={person.avatar} name={name} look="student" />
          <p className="flex min-w-0 flex-wrap items-center gap-2">
            <span className="truncate font-semibold text-ink">{name}</span>
            <span className="rounded bg-brand-soft px-2 py-0.5 text-xs text-brand-dark">{t('learner.studentTag')}</span>
          </p>
        </div>
        <dl className="grid min-w-0 grid-cols-2 gap-3 sm:grid-cols-5 md:flex-1">
          <Stat label={t('learner.visits')} value={visits === null ? String(detail.visitCount) : String(visits)} tip={t('class.visitsTip')} />
          <Stat label={t('class.finishRate')} value={known ? `${percentText(known.finishActivityRate)}%` : pending} tip={t('class.finishRateTip')} />
          <Stat label={t('class.studyDuration')} value={known ? (known.studyDurationStr ?? '--') : pending} />
          <Stat label={t('class.answerDuration')} value={known ? (known.answerDurationStr ?? '--') : pending} />
          <Stat label={t('class.assessment')} value={known ? t(ASSESSMENT[assessmentResult(known.evaluateStatus)]) : pending} />
        </dl>
      </div>
      {situation.state === 'error' && (
        <div className="mt-3">
          <LoadError message={situation.message} onRetry={reload} />
        </div>
      )}
    </section>
  );
}
