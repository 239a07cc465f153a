import { useEffect, useState } from 'react';
import { t } from '~/lib/i18n/messages/learner';
import { sitePath } from '~/lib/navigation';
import { Skeleton } from '../shared/Skeleton';
import { useStudent } from '../shared/use-student';

export type ComingScreen = 'onlineClassroom' | 'offlineClassroom' | 'homework' | 'test';

/**
 * A learner screen that is not open yet (the classrooms, homework and tests): the links that lead
 * here already carry their final query; the page says the screen is coming and leads back to the
 * class (classId of the query) or to my learning. Logged-in students only, like every /study page.
 */
export default function ComingSoonIsland({ screen }: { screen: ComingScreen }) {
  const user = useStudent();
  const [classId, setClassId] = useState<string | null>(null);
  useEffect(() => setClassId(new URLSearchParams(location.search).get('classId')), []);
  if (!user) return <Skeleton rows={2} />;
  const name = t(`learner.${screen}`);
  return (
    <div className="py-10 text-center">
      <h1 className="text-xl font-semibold text-ink">{name}</h1>
      <p className="mt-3 text-muted">{t('learner.comingSoonDetail', { name })}</p>
      <p className="mt-6 flex justify-center gap-4">
        {classId && (
          <a className="rounded-lg bg-brand px-5 py-2 text-white hover:bg-brand-dark" href={sitePath(`/study/training-class?classId=${encodeURIComponent(classId)}`)}>
            {t('learner.backToClass')}
          </a>
        )}
        <a className="rounded-lg border border-slate-300 px-5 py-2 text-ink hover:border-brand hover:text-brand" href={sitePath('/study/mine')}>
          {t('learner.myLearning')}
        </a>
      </p>
    </div>
  );
}
