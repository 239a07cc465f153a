import { useState } from 'react';
import { t } from '~/lib/i18n/messages/admin-school';
import * as api from '~/lib/api/contracts/admin-school';
import type { CertificationOrgAdmin, CertificationOrgInput } from '~/lib/api/contracts/admin-school';
import { staffSend } from '~/lib/api/staff-client';
import { confirmDialog } from '~/lib/confirm';
import { check } from '~/lib/rules/rule';
import * as rules from '~/lib/school/settings';
import { toast } from '~/lib/toast';
import { Modal } from '../../shared/Modal';
import { Button, LoadState, Section, TableBox, td, th, useLoaded } from '../shared';
import { Choice, Field, failText } from './form-bits';

/** Certification organisations: shown on /school-info (those marked shown, by 排序); created, edited, hidden, deleted. */

const ORG_TYPES = ['CERTIFICATION', 'EVALUATION', 'OTHER'] as const;
const LEVELS = ['INTERNATIONAL', 'COUNTRY', 'COMPANY', 'INDUSTRY', 'PROVINCE', 'CITY'] as const;
type OrgType = (typeof ORG_TYPES)[number];
type Level = (typeof LEVELS)[number];
const EMPTY: CertificationOrgInput = { name: '', orgType: 'CERTIFICATION', certificationType: '', serviceScope: '', features: '', seq: 0, published: true };
const typeText = (v: string) => ((ORG_TYPES as readonly string[]).includes(v) ? t(`school.orgs.type.${v as OrgType}`) : v);
const levelText = (v: string) => ((LEVELS as readonly string[]).includes(v) ? t(`school.orgs.level.${v as Level}`) : '');

function OrgForm({ initial, onDone }: { initial: CertificationOrgAdmin | null; onDone: () => void }) {
  const [v, setV] = useState<CertificationOrgInput>(() =>
    initial ? { ...initial, orgType: (ORG_TYPES as readonly string[]).includes(initial.orgType) ? initial.orgType : 'OTHER' } : { ...EMPTY },
  );
  const [seqText, setSeqText] = useState(String(initial?.seq ?? 0));
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const errors: Record<string, string | null> = {
    name: check(rules.plainText(t('school.orgs.field.name'), 60, true), v.name),
    serviceScope: check(rules.plainLines(t('school.orgs.field.serviceScope'), 1000), v.serviceScope),
    features: check(rules.plainLines(t('school.orgs.field.features'), 1000), v.features),
    seq: Number.isInteger(v.seq) && v.seq >= 0 && v.seq <= 9999 ? null : t('school.points.badSeq'),
  };
  const err = (k: string) => (tried ? errors[k] : null);
  const set = (k: keyof CertificationOrgInput) => (value: string) => setV((o) => ({ ...o, [k]: value }));

  async function submit() {
    setTried(true);
    if (Object.values(errors).some(Boolean)) return;
    setBusy(true);
    try {
      if (initial) await staffSend(api.updateCertificationOrg, v, { params: { id: initial.id } });
      else await staffSend(api.createCertificationOrg, v);
      toast(t('school.orgs.saved'), 'success');
      onDone();
    } catch (e) {
      toast(failText(e, t('common.systemBusy')), 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      className="grid gap-3 sm:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="sm:col-span-2">
        <Field id="org-name" label={t('school.orgs.field.name')} value={v.name} onValue={set('name')} error={err('name')} required />
      </div>
      <Choice
        id="org-type"
        label={t('school.orgs.field.orgType')}
        value={v.orgType}
        onValue={set('orgType')}
        options={ORG_TYPES.map((o) => ({ value: o, label: typeText(o) }))}
      />
      <Choice
        id="org-level"
        label={t('school.orgs.field.certificationType')}
        value={v.certificationType}
        onValue={set('certificationType')}
        options={[{ value: '', label: t('school.orgs.level.none') }, ...LEVELS.map((l) => ({ value: l, label: levelText(l) }))]}
      />
      <Field
        id="org-scope"
        label={t('school.orgs.field.serviceScope')}
        value={v.serviceScope}
        onValue={set('serviceScope')}
        error={err('serviceScope')}
        multiline
      />
      <Field id="org-features" label={t('school.orgs.field.features')} value={v.features} onValue={set('features')} error={err('features')} multiline />
      <Field
        id="org-seq"
        label={t('school.points.field.seq')}
        inputMode="numeric"
        value={seqText}
        onValue={(text) => {
          setSeqText(text);
          setV((o) => ({ ...o, seq: /^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : -1 }));
        }}
        error={err('seq')}
      />
      <label className="flex items-center gap-2 self-end pb-2 text-sm text-ink">
        <input type="checkbox" checked={v.published} onChange={(e) => setV((o) => ({ ...o, published: e.target.checked }))} className="h-4 w-4" />
        {t('school.orgs.field.published')}
      </label>
      <div className="flex gap-3 sm:col-span-2">
        <Button kind="primary" type="submit" disabled={busy}>
          {t('school.admin.save')}
        </Button>
        <Button onClick={onDone} disabled={busy}>
          {t('school.admin.cancel')}
        </Button>
      </div>
    </form>
  );
}

export function CertOrgsSection() {
  const list = useLoaded(() => staffSend(api.adminCertificationOrgs, {}));
  const [editing, setEditing] = useState<CertificationOrgAdmin | 'new' | null>(null);

  async function remove(o: CertificationOrgAdmin) {
    if (!(await confirmDialog(t('school.orgs.confirmDelete', { name: o.name })))) return;
    try {
      await staffSend(api.deleteCertificationOrg, {}, { params: { id: o.id } });
      toast(t('school.orgs.deleted'), 'success');
    } catch (e) {
      toast(failText(e, t('common.systemBusy')), 'error');
    }
    list.reload();
  }

  return (
    <Section title={t('school.orgs.title')} actions={<Button onClick={() => setEditing('new')}>{t('school.orgs.add')}</Button>}>
      {list.data === null ? (
        <LoadState error={list.error} onRetry={list.reload} />
      ) : list.data.length === 0 ? (
        <p className="text-sm text-slate-600">{t('school.orgs.empty')}</p>
      ) : (
        <TableBox label={t('school.orgs.title')}>
          <thead>
            <tr>
              <th className={th}>{t('school.orgs.colName')}</th>
              <th className={th}>{t('school.orgs.colType')}</th>
              <th className={th}>{t('school.orgs.colLevel')}</th>
              <th className={th}>{t('school.orgs.colShown')}</th>
              <th className={th}>{t('school.points.colSeq')}</th>
              <th className={th}>{t('school.points.colActions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((o) => (
              <tr key={o.id}>
                <td className={td}>{o.name}</td>
                <td className={td}>{typeText(o.orgType)}</td>
                <td className={td}>{levelText(o.certificationType)}</td>
                <td className={td}>{o.published ? '✓' : '—'}</td>
                <td className={td}>{o.seq}</td>
                <td className={`${td} whitespace-nowrap`}>
                  <span className="flex gap-2">
                    <Button onClick={() => setEditing(o)}>{t('school.admin.edit')}</Button>
                    <Button kind="danger" onClick={() => void remove(o)}>
                      {t('school.admin.delete')}
                    </Button>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </TableBox>
      )}
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('school.orgs.add') : t('school.orgs.edit')}
        onClose={() => setEditing(null)}
        width="w-[min(92vw,640px)]"
      >
        {editing !== null && (
          <OrgForm
            key={editing === 'new' ? 'new' : editing.id}
            initial={editing === 'new' ? null : editing}
            onDone={() => {
              setEditing(null);
              list.reload();
            }}
          />
        )}
      </Modal>
    </Section>
  );
}
