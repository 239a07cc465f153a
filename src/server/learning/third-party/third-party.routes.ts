import { Hono } from 'hono';
import { z } from 'zod';
import * as api from '~/lib/api/contracts/learning-course';
import type { ApiEnv } from '../../http/scope';
import { serve } from '../../http/serve';
import { idSchema } from '../../http/validate';
import * as service from './third-party.service';

/** Entering a third-party platform course (decision 021). Needs the token. */
export const thirdPartyRoutes = new Hono<ApiEnv>();

const launchBody = z
  .object({ courseId: idSchema, classId: idSchema, classStudentId: idSchema, userId: idSchema.optional(), backUrl: z.string().trim().min(1).max(2048) })
  .loose();

serve(thirdPartyRoutes, api.launchThirdParty, launchBody, (s, b) => service.launchThirdParty(s, b));
