import { Hono } from 'hono';
import { z } from 'zod';
import { t } from '~/server/i18n';
import { BANK_LIMITS } from '~/lib/exams/question-bank';
import type { ApiEnv } from '../../http/scope';
import { serveStaff } from '../../http/staff-gate';
import { questionDraft } from '../../exams/questions/questions.service';
import { workBody, workInput } from '../../exams/works/works.admin.service';
import * as service from './quick-tests.service';

/** 快速出题 (/api/admin/classes/:id/works/quick): a work's fields as the works take them, with its questions as the bank takes them. */

const quickCount = t('bank.quick.count', { max: BANK_LIMITS.quickQuestions });
const { workId: _w, source: _s, paperId: _p, externalPaperId: _e, ...workShape } = workInput.shape;
const quickInput = workBody({
  ...workShape,
  questions: z.array(questionDraft, { error: quickCount }).min(1, quickCount).max(BANK_LIMITS.quickQuestions, quickCount),
});

export const quickTestRoutes = new Hono<ApiEnv>();

serveStaff(quickTestRoutes, 'adminWorkQuick', quickInput, (s, actor, { id, ...b }) =>
  service.saveQuickWork(s, actor, id, { ...b, description: b.description ?? null, unitTime: b.unitTime ?? null, closesAt: b.closesAt ?? null }),
);
