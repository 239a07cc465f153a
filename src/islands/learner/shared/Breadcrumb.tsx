import { t } from '~/lib/i18n/messages/learner';
import { sitePath } from '~/lib/navigation';

/**
 * The learner pages' breadcrumb: 我的学习, then 班级详情 (a link back to the class when the page
 * knows it and is below the class page), then the page itself.
 */
export function Breadcrumb({ current, classId }: { current: string; classId?: string | null | undefined }) {
  return (
    <nav aria-label={t('learner.breadcrumb')} className="mb-4 text-sm text-slate-500">
      <a href={sitePath('/study/mine')} className="hover:text-brand">
        {t('learner.myLearning')}
      </a>
      <span aria-hidden="true"> / </span>
      {classId !== undefined && (
        <>
          {classId ? (
            <a href={sitePath(`/study/training-class?classId=${encodeURIComponent(classId)}`)} className="hover:text-brand">
              {t('learner.classDetail')}
            </a>
          ) : (
            <span>{t('learner.classDetail')}</span>
          )}
          <span aria-hidden="true"> / </span>
        </>
      )}
      <span aria-current="page" className="text-ink">
        {current}
      </span>
    </nav>
  );
}

/** A learner page opened without the query it needs: the breadcrumb and what to do. */
export function MissingQuery({ crumbs, text }: { crumbs: React.ReactNode; text: string }) {
  return (
    <>
      {crumbs}
      <p role="alert" className="rounded-lg border border-amber-200 bg-amber-50 p-6 text-sm text-amber-800">
        {text}
      </p>
    </>
  );
}
