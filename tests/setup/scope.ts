import { createScope } from '~/server/http/request-scope';

/**
 * A request's scope for a test that calls a service directly, outside HTTP: no client headers, no address, and the school
 * named only when given.
 */
export function testScope(runtime: Parameters<typeof createScope>[0], requestId: string, tenantId: string | null = null) {
  return createScope(runtime, {
    requestId,
    ip: '',
    host: '',
    headers: { tenantId, schoolId: null, token: null, grayVersion: null, platformType: null, applicationId: null, client: null },
  });
}
