import type { ClassActivityItem } from '~/lib/api/contracts/learning-class';
import { t } from '~/lib/i18n/messages/learner-class';
import { cutTime } from '~/lib/learning/display';
import type { JumpContext } from '~/lib/learning/jumps';
import { activityMode, isRequired, shownAttendance } from '~/lib/learning/labels';
import { activityHref } from '../shared/activity-href';

const STATUS = {
  pending: { key: 'class.statusPending', tone: 'bg-amber-50 text-amber-800' },
  missed: { key: 'class.statusMissed', tone: 'bg-red-50 text-red-700' },
  attended: { key: 'class.statusAttended', tone: 'bg-emerald-50 text-emerald-800' },
} as const;

/** The class time as shown: start cut to the minute, end to its clock time when on the same day. */
export function classTime(a: Pick<ClassActivityItem, 'startTime' | 'endTime'>): string {
  const start = cutTime(a.startTime);
  const end = cutTime(a.endTime);
  return `${start} ~ ${end.slice(0, 10) === start.slice(0, 10) ? end.slice(11) : end}`;
}

/**
 * One activity of today's or the past list: name, time, online or face-to-face, required or
 * elective and, for a required one, its attendance status (an elective has none to show). The
 * card leads where activityJump says for its kind.
 */
function ActivityCard({ activity: a, context }: { activity: ClassActivityItem; context: JumpContext }) {
  const href = activityHref(a, context);
  const mode = activityMode(a.onlineType);
  const status = shownAttendance(a);
  const place = [a.position, a.address].filter(Boolean).join(' · ');
  return (
    <a href={href} className="block h-full min-h-32 rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-brand hover:shadow">
      <span className="flex flex-wrap items-center gap-2 text-xs">
        {mode && (
          <span className={`rounded px-2 py-0.5 ${mode === 'online' ? 'bg-sky-50 text-sky-800' : 'bg-violet-50 text-violet-800'}`}>
            {t(mode === 'online' ? 'class.online' : 'class.offline')}
          </span>
        )}
        <span className={`rounded px-2 py-0.5 ${isRequired(a.isRequired) ? 'bg-brand-soft text-brand-dark' : 'bg-slate-100 text-slate-700'}`}>
          {t(isRequired(a.isRequired) ? 'class.required' : 'class.elective')}
        </span>
        {status && <span className={`rounded px-2 py-0.5 ${STATUS[status].tone}`}>{t(STATUS[status].key)}</span>}
        {a.finStatus === 1 && <span className="rounded bg-emerald-50 px-2 py-0.5 text-emerald-800">{t('class.finished')}</span>}
      </span>
      <span className="mt-2 block break-words font-semibold text-ink">{a.activityName}</span>
      <span className="mt-1 block text-sm text-slate-600">{t('class.classTime', { time: classTime(a) })}</span>
      {place && <span className="mt-1 block break-words text-sm text-slate-600">{t('class.place', { place })}</span>}
    </a>
  );
}

/** The class page's activities as cards, two to a row from the small breakpoint. */
export function ActivityCards({ activities, context }: { activities: readonly ClassActivityItem[]; context: JumpContext }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {activities.map((a) => (
        <li key={a.id}>
          <ActivityCard activity={a} context={context} />
        </li>
      ))}
    </ul>
  );
}
