import type { Context } from 'hono';
import { AppError } from '../errors';
import type { ApiEnv } from './context';
import { requireTenantById, resolveTenant } from '../tenant/tenant.service';
import type { Tenant } from '../tenant/tenant.table';

/**
 * The tenant of an API request: an explicit id (query tenantId, then the TenantId or SchoolId
 * header) or else the host name. Resolved once per request.
 */
export async function tenantOf(c: Context<ApiEnv>, explicitId?: string | null): Promise<Tenant> {
  const { db, config } = c.var.runtime;
  if (explicitId) return requireTenantById(db, explicitId);
  const cached = c.get('tenant');
  if (cached) return cached;
  const { headers, host } = c.var.ctx;
  const tenant = await resolveTenant(db, config, { tenantId: headers.tenantId ?? headers.schoolId, host });
  if (!tenant) throw AppError.tenantNotFound();
  c.set('tenant', tenant);
  return tenant;
}
