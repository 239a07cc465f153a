import { Hono } from 'hono';
import { z } from 'zod';
import * as api from '~/lib/api/contracts/identity';
import type { ApiEnv } from '../http/scope';
import { serve } from '../http/serve';
import * as service from './identity.service';

// Neither call reads a body: whatever JSON comes with it is fine.
const noInput = z.unknown();

export const identityRoutes = new Hono<ApiEnv>();

serve(identityRoutes, api.decodeTokenParam, z.object({ token: z.string().trim().min(1).max(2048) }), (s, b) => service.readTokenParam(s, b.token));
serve(identityRoutes, api.userInfo, noInput, (s) => service.currentUserInfo(s));
serve(identityRoutes, api.logout, noInput, (s) => service.logout(s));
