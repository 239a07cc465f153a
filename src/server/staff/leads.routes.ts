import { Hono } from 'hono';
import { z } from 'zod';
import { t } from '~/server/i18n';
import { DAY, formatDateTime } from '~/lib/time/cst';
import { LEAD_NOTE_MAX, LEAD_STATE, type LeadState } from '~/lib/staff/leads';
import type { ApiEnv } from '../http/scope';
import { idSchema } from '../http/validate';
import { serveStaff } from '../http/staff-gate';
import { csvDownload } from '../http/csv';
import { blankIsNone, day, pageFields, searchText } from '../http/list-query';
import * as service from '../leads/staff-leads.service';

/**
 * The staff's consult leads (/api/admin/leads...): served through the staff gate and its access table;
 * the rules live in the leads domain's staff-leads.service.ts.
 */

/** A state the list filters by: any of them. */
const anyLeadState = z.coerce
  .number({ error: t('staff.lead.badState') })
  .pipe(z.union([z.literal(LEAD_STATE.new), z.literal(LEAD_STATE.handled), z.literal(LEAD_STATE.converted)], { error: t('staff.lead.badState') }));

/** A state staff set by hand: new or handled (a lead is converted by 转为学员 alone). */
const leadState = z.coerce
  .number({ error: t('staff.lead.badState') })
  .pipe(z.union([z.literal(LEAD_STATE.new), z.literal(LEAD_STATE.handled)], { error: t('staff.lead.badState') }));

const filterFields = {
  from: day,
  to: day,
  state: z.preprocess(blankIsNone, anyLeadState.optional()),
  productId: z.preprocess(
    blankIsNone,
    z
      .string({ error: t('staff.lead.badProduct') })
      .regex(/^[0-9A-Za-z_-]{1,32}$/, t('staff.lead.badProduct'))
      .optional(),
  ),
  q: searchText,
};

const datesInOrder = (q: { from?: number | undefined; to?: number | undefined }) => q.from === undefined || q.to === undefined || q.from <= q.to;
const inOrder = { message: t('validation.startAfterEnd') };

/** Days as the service takes them: from the start of the first to the end of the last. */
const window = (q: {
  from?: number | undefined;
  to?: number | undefined;
  state?: LeadState | undefined;
  productId?: string | undefined;
  q?: string | undefined;
}) => ({
  from: q.from,
  until: q.to === undefined ? undefined : q.to + DAY,
  state: q.state,
  productId: q.productId,
  text: q.q,
});

const note = z
  .string({ error: t('staff.lead.noteRequired') })
  .trim()
  .max(LEAD_NOTE_MAX, t('staff.lead.noteTooLong'))
  .optional();

export const leadsStaffRoutes = new Hono<ApiEnv>();

serveStaff(leadsStaffRoutes, 'leads', z.object({ ...pageFields, ...filterFields }).refine(datesInOrder, inOrder), (s, actor, q) =>
  service.pageLeads(s, actor, { current: q.current, size: q.size, ...window(q) }),
);

serveStaff(leadsStaffRoutes, 'leadsExport', z.object(filterFields).refine(datesInOrder, inOrder), async (s, actor, q) => {
  const text = await service.exportLeads(s, actor, window(q));
  const stamp = formatDateTime(s.now).slice(0, 10).replace(/-/g, '');
  const name = `${t('staff.lead.fileName')}-${stamp}.csv`;
  return csvDownload(text, `leads-${stamp}.csv`, name);
});

serveStaff(leadsStaffRoutes, 'leadState', z.object({ id: idSchema, state: leadState, note }, { error: t('validation.invalid') }), (s, actor, b) =>
  service.changeLeadState(s, actor, b.id, { state: b.state, note: b.note }),
);

const convertInput = z.object(
  { id: idSchema, classId: z.string({ error: t('staff.lead.noClass') }).pipe(idSchema), periodId: idSchema.nullish() },
  { error: t('validation.invalid') },
);

serveStaff(leadsStaffRoutes, 'leadConvert', convertInput, (s, actor, b) =>
  service.convertLead(s, actor, b.id, { classId: b.classId, periodId: b.periodId ?? null }),
);
