import { useState } from 'react';
import { t } from '~/lib/i18n/messages/admin-school';
import * as api from '~/lib/api/contracts/admin-school';
import { DOMAIN_TYPES, type SchoolDomainType } from '~/lib/api/contracts/admin-school';
import { staffSend } from '~/lib/api/staff-client';
import { confirmDialog } from '~/lib/confirm';
import { schemaCheck } from '~/lib/forms/check';
import { domainFields } from '~/lib/forms/school';
import { toast } from '~/lib/toast';
import { Button, Section, useLoaded } from '../shared';
import { ListView, RowActions } from '../kit';
import { Choice, Field, failText } from './form-bits';

/** The school's host names: the pre-domain address (always there), its own ones, adding and removing them. */

const domainCheck = schemaCheck(domainFields);
const typeLabel = (type: string) => ((DOMAIN_TYPES as readonly string[]).includes(type) ? t(`school.domains.type.${type as SchoolDomainType}`) : type);

export function DomainsSection({ preDomainHost }: { preDomainHost: string }) {
  const list = useLoaded(() => staffSend(api.schoolDomains, {}));
  const [domain, setDomain] = useState('');
  const [domainType, setDomainType] = useState<SchoolDomainType>('PC');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function add() {
    const message = domainCheck('domain', domain);
    setError(message);
    if (message) return;
    setBusy(true);
    try {
      await staffSend(api.addSchoolDomain, { domain, domainType });
      setDomain('');
      toast(t('school.domains.added'), 'success');
      list.reload();
    } catch (e) {
      setError(failText(e, t('common.systemBusy')));
    } finally {
      setBusy(false);
    }
  }

  async function remove(id: string, name: string) {
    if (!(await confirmDialog(t('school.domains.confirmRemove', { domain: name })))) return;
    try {
      await staffSend(api.removeSchoolDomain, {}, { params: { id } });
      toast(t('school.domains.removed'), 'success');
    } catch (e) {
      toast(failText(e, t('common.systemBusy')), 'error');
    }
    list.reload();
  }

  return (
    <Section title={t('school.domains.title')}>
      <p className="mb-3 text-sm text-slate-700">{t('school.domains.always', { host: preDomainHost })}</p>
      <ListView
        list={list}
        label={t('school.domains.title')}
        empty={t('school.domains.empty')}
        columns={[
          { header: t('school.domains.colDomain'), cell: (d) => d.domain },
          { header: t('school.domains.colType'), cell: (d) => typeLabel(d.domainType) },
          {
            header: t('school.domains.colActions'),
            cell: (d) => <RowActions actions={[{ label: t('school.domains.remove'), kind: 'danger', onClick: () => void remove(d.id, d.domain) }]} />,
          },
        ]}
      />
      <form
        noValidate
        className="mt-4 grid items-start gap-3 sm:grid-cols-[minmax(0,1fr)_10rem_auto]"
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <Field id="domain-new" label={t('school.domains.newDomain')} value={domain} onValue={setDomain} error={error} placeholder="www.example.com" />
        <Choice
          id="domain-type"
          label={t('school.domains.newType')}
          value={domainType}
          onValue={(v) => setDomainType(v as SchoolDomainType)}
          options={DOMAIN_TYPES.map((v) => [v, typeLabel(v)] as const)}
        />
        <div className="sm:pt-6">
          <Button kind="primary" type="submit" disabled={busy}>
            {t('school.domains.add')}
          </Button>
        </div>
      </form>
    </Section>
  );
}
