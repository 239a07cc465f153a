import { t } from '~/lib/i18n/messages/learner-class';
import { TitledSection } from '../shared/TitledSection';

/** The right column's parts are white cards. */
const SIDE_CARD = 'rounded-lg border border-slate-200 bg-white p-4';

type CardKey =
  | 'class.serviceNotice'
  | 'class.serviceGroup'
  | 'class.serviceCircle'
  | 'class.serviceQuestions'
  | 'class.serviceNotes'
  | 'class.serviceHighlights'
  | 'class.managePlan'
  | 'class.manageReport'
  | 'class.manageGrade'
  | 'class.manageCertificate';

function Cards({ title, id, keys, onOpen }: { title: string; id: string; keys: readonly CardKey[]; onOpen: (name: string) => void }) {
  return (
    <TitledSection id={id} title={title} className={SIDE_CARD} headingClass="mb-3 font-semibold">
      <ul className="grid grid-cols-3 gap-2">
        {keys.map((key) => (
          <li key={key}>
            <button
              type="button"
              onClick={() => onOpen(t(key))}
              className={[
                'flex w-full flex-col items-center gap-1 rounded-lg bg-slate-50 px-1 py-3 text-xs text-slate-700',
                'hover:bg-brand-soft hover:text-brand-dark',
              ].join(' ')}
            >
              <span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-soft text-sm font-semibold text-brand-dark">
                {t(key).slice(0, 1)}
              </span>
              {t(key)}
            </button>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}

/**
 * The right column: the learning goal when the class has one, the learning-service
 * cards (课堂花絮 only with an offline course) and the learning-management cards; none of these is
 * open on the desktop, so each shows 敬请期待.
 */
export function SideColumn({ learningGoal, highlights, onOpen }: { learningGoal: string | null; highlights: boolean; onOpen: (name: string) => void }) {
  const services: CardKey[] = ['class.serviceNotice', 'class.serviceGroup', 'class.serviceCircle', 'class.serviceQuestions', 'class.serviceNotes'];
  if (highlights) services.push('class.serviceHighlights');
  return (
    <aside aria-label={t('class.sideColumn')} className="space-y-4">
      {learningGoal && (
        <TitledSection id="class-goal-title" title={t('class.learningGoal')} className={SIDE_CARD} headingClass="mb-2 font-semibold">
          <p className="break-words text-sm leading-6 text-slate-700">{learningGoal}</p>
        </TitledSection>
      )}
      <Cards title={t('class.learningService')} id="class-service-title" keys={services} onOpen={onOpen} />
      <Cards
        title={t('class.learningManagement')}
        id="class-manage-title"
        keys={['class.managePlan', 'class.manageReport', 'class.manageGrade', 'class.manageCertificate']}
        onOpen={onOpen}
      />
    </aside>
  );
}
