import { z } from './zod';
import { given, oneOf, optionalText } from './parts';
import { t } from '~/lib/i18n/messages/admin-classes';
import { CLASS_PERIOD_TYPES, TEACHING_CLASS_STATUSES } from '~/lib/learning/class-admin';

/**
 * The class forms (src/islands/admin/classes: a class, a period), each field's limit and message
 * written once: src/server/learning/classes/classes.admin.routes.ts validates with these fields and
 * adds what only it knows (ids, the days' format, the teachers' accounts); the islands check a
 * field with them (schemaCheck).
 */

export const CLASS_LIMITS = { name: 100, productName: 100, learningGoal: 1000, periodName: 60, teachers: 20 } as const;

export const classFields = z.object({
  name: given(CLASS_LIMITS.name, t('classes.nameRequired'), t('classes.nameTooLong', { max: CLASS_LIMITS.name })),
  productName: optionalText(CLASS_LIMITS.productName, t('classes.productTooLong', { max: CLASS_LIMITS.productName })),
  teachingClassStatus: oneOf(TEACHING_CLASS_STATUSES, t('classes.badTeachingStatus')),
  experience: z.boolean({ error: t('classes.badExperience') }),
  learningGoal: optionalText(CLASS_LIMITS.learningGoal, t('classes.goalTooLong', { max: CLASS_LIMITS.learningGoal })),
});

export const periodFields = z.object({
  classPeriodType: oneOf(CLASS_PERIOD_TYPES, t('classes.badPeriodType')),
  name: given(CLASS_LIMITS.periodName, t('classes.periodNameRequired'), t('classes.periodNameTooLong', { max: CLASS_LIMITS.periodName })),
});
