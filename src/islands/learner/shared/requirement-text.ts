import { t } from '~/lib/i18n/messages/learner';
import type { RequirementBar } from '~/lib/learning/requirements';

/** A course requirement's name (面授出勤, 视频学习, …): the same words on the class page and the course page. */
export const requirementLabel = (b: RequirementBar): string => t(`learner.requirement.${b.key}`);

/** How far the student is: 'done/total', in minutes for the study time. */
export const requirementValue = (b: RequirementBar): string =>
  t(b.key === 'studyTime' ? 'learner.requirementMinutes' : 'learner.requirementCount', { done: b.done, total: b.total });

/** The requirements on one line: '视频学习 1/2 · 在线作业 1/1'. */
export const requirementsLine = (bars: readonly RequirementBar[]): string => bars.map((b) => `${requirementLabel(b)} ${requirementValue(b)}`).join(' · ');
