import type { AnswerQueue } from '~/lib/exams/answer-queue';
import { placesOfIds, type Group } from '~/lib/exams/paper';
import { t } from '~/lib/i18n/messages/exams';

const WARNING = 'rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900';
const ELSEWHERE = 'rounded-lg border border-sky-300 bg-sky-50 p-3 text-sm text-sky-900';

interface Props {
  groups: Group[];
  queue: AnswerQueue;
  online: boolean;
  xskt: boolean;
  submitting: boolean;
  /** The time left (seconds), when the paper has a countdown: at 0 the paper goes in by itself. */
  remaining: number | null;
}

/**
 * Where the answers stand, above the paper: saving refused or failing (or the device offline),
 * answers changed in another tab or on another device, answers that reached the server late, and
 * the paper on its way in.
 */
export function SaveBanners({ groups, queue, online, xskt, submitting, remaining }: Props) {
  const placesText = (ids: ReadonlySet<string>) =>
    placesOfIds(groups, ids)
      .map((p) => t(p.sub === null ? 'exams.place' : 'exams.placeSub', { type: t(`exams.type.${p.type}`), n: p.n, m: p.sub ?? 0 }))
      .join(t('exams.listJoin'));
  const health = queue.health;
  const banner =
    health.kind === 'refused'
      ? t('exams.refused', { message: health.message })
      : !online && !xskt
        ? t('exams.offline')
        : health.kind === 'failing' && queue.pendingCount > 0
          ? t(online ? 'exams.failing' : 'exams.offline')
          : null;
  const elsewhere = queue.elsewhere.size ? t('exams.changedElsewhere', { questions: placesText(queue.elsewhere) }) : null;
  const late = queue.late.size ? t('exams.lateAnswers', { questions: placesText(queue.late) }) : null;
  return (
    <>
      {banner && (
        <p role="alert" className={WARNING}>
          {banner}
        </p>
      )}
      {elsewhere && (
        <p role="alert" className={ELSEWHERE}>
          {elsewhere}
        </p>
      )}
      {late && (
        <p role="alert" className={WARNING}>
          {late}
        </p>
      )}
      {submitting && (
        <p role="status" className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          {remaining === 0 ? t('exams.autoSubmit') : t('exams.submitting')}
        </p>
      )}
    </>
  );
}
