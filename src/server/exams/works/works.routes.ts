import { Hono } from 'hono';
import { z } from 'zod';
import * as api from '~/lib/api/contracts/exams';
import type { ApiEnv } from '../../http/scope';
import { serve } from '../../http/serve';
import { idSchema } from '../../http/validate';
import * as service from './works.service';

/** The work of a homework or test lesson. Needs the token. */
export const worksRoutes = new Hono<ApiEnv>();

/** Empty values (`"courseId": ""`, as a start page's query may carry) mean "not given". */
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalId = z.preprocess(blank, idSchema.optional());

const lookup = z
  .object({
    classId: idSchema,
    studentId: idSchema,
    kind: z.enum(['homework', 'test']),
    classroomId: idSchema,
    courseId: optionalId,
    userId: optionalId,
  })
  .loose();

serve(worksRoutes, api.workId, lookup, (s, b) => service.lookupWork(s, b));
