import { newId } from '~/server/ids';
import { LEAD_STATE, type LeadState } from '~/lib/staff/leads';
import type { TestServer } from './server';

/** Consult leads as the public form leaves them (or already handled), for the staff side's tests. */

let made = 0;
/** A mobile no other lead of the run has: 159 + a counter. */
export const freshLeadMobile = () => `159${String(Date.now() % 1e4).padStart(4, '0')}${String(++made % 1e4).padStart(4, '0')}`;

export interface LeadSeed {
  name?: string;
  mobile?: string;
  content?: string;
  createdAt?: number;
  productId?: string | null;
  state?: LeadState;
  note?: string | null;
}

export async function makeLead(server: TestServer, tenantId: string, l: LeadSeed = {}): Promise<{ id: string; mobile: string; name: string }> {
  const createdAt = l.createdAt ?? server.clock.value;
  const id = newId(createdAt);
  const mobile = l.mobile ?? freshLeadMobile();
  const name = l.name ?? `访客${made}`;
  await server.runtime.db
    .insertInto('clues')
    .values({
      id,
      tenantId,
      clueId: null,
      name,
      mobile,
      content: l.content ?? '想了解报名流程',
      ip: '10.0.0.1',
      createdAt,
      productId: l.productId ?? null,
      state: l.state ?? LEAD_STATE.new,
      handledNote: l.note ?? null,
      handledAt: l.state === LEAD_STATE.handled ? createdAt : null,
      handledByName: l.state === LEAD_STATE.handled ? '某老师' : null,
      handledById: null,
    })
    .execute();
  return { id, mobile, name };
}

/** Two on-sale products of the school (id and name), for leads left about a product. */
export async function productsOf(server: TestServer, tenantId: string): Promise<{ id: string; name: string }[]> {
  return server.runtime.db
    .selectFrom('products')
    .select(['id', 'name'])
    .where('tenantId', '=', tenantId)
    .where('state', '=', 1)
    .orderBy('seq')
    .limit(2)
    .execute();
}
