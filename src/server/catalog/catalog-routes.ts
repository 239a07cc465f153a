import type { Hono } from 'hono';
import type { z } from 'zod';
import type { ApiEnv, Scope } from '../http/scope';
import { serveStaff } from '../http/staff-gate';
import { catalogListQuery, scheduleChange, stateChange, withId } from '../http/catalog-input';
import type { ResourceCalls } from '~/lib/api/contracts/admin-catalog';
import type { StaffActor } from '../staff/accounts/sessions.service';
import type { CatalogInput, CatalogRow, CatalogService } from './catalog-resource';

/** A staff call served by name, its answer checked by the service's type rather than the call's name (the names are derived). */
type ServeByName = (
  router: Hono<ApiEnv>,
  name: string,
  schema: z.ZodType,
  // biome-ignore lint/suspicious/noExplicitAny: the input is the schema's output, checked where the schema and the service meet below
  handler: (s: Scope, actor: StaffActor, input: any) => Promise<unknown>,
) => void;

/**
 * Registers a resource's five staff calls (list, save, state, schedule, delete) by their names in
 * the contract (catalog<List>, catalog<One>Save...): each one goes through the staff gate and its
 * access row like every staff call; the save validates with the form's schema (src/lib/forms/catalog.ts).
 */
export function serveCatalog<A extends CatalogRow, I extends CatalogInput>(
  router: Hono<ApiEnv>,
  resource: { names: { [K in keyof ResourceCalls<A, I>]: string } },
  form: z.ZodType<I, unknown>,
  service: CatalogService<A, I>,
): void {
  const serve = serveStaff as unknown as ServeByName;
  const { names } = resource;
  serve(router, names.list, catalogListQuery, (s, actor, q: z.output<typeof catalogListQuery>) => service.page(s, actor, q));
  serve(router, names.save, form, (s, actor, input: I) => service.save(s, actor, input));
  serve(router, names.state, stateChange, (s, actor, b: z.output<typeof stateChange>) => service.setState(s, actor, b.id, b.state));
  serve(router, names.schedule, scheduleChange, (s, actor, b: z.output<typeof scheduleChange>) => service.schedule(s, actor, b.id, b.publishAt));
  serve(router, names.delete, withId, (s, actor, b: z.output<typeof withId>) => service.remove(s, actor, b.id));
}
