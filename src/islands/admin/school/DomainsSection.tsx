import { useState } from 'react';
import { t } from '~/lib/i18n/messages/admin-school';
import * as api from '~/lib/api/contracts/admin-school';
import { DOMAIN_TYPES, type SchoolDomainType } from '~/lib/api/contracts/admin-school';
import { staffSend } from '~/lib/api/staff-client';
import { confirmDialog } from '~/lib/confirm';
import { check } from '~/lib/rules/rule';
import { hostNameRule } from '~/lib/school/settings';
import { toast } from '~/lib/toast';
import { Button, LoadState, Section, TableBox, td, th, useLoaded } from '../shared';
import { Choice, Field, failText } from './form-bits';

/** The school's host names: the pre-domain address (always there), its own ones, adding and removing them. */

const typeLabel = (type: string) => ((DOMAIN_TYPES as readonly string[]).includes(type) ? t(`school.domains.type.${type as SchoolDomainType}`) : type);

export function DomainsSection({ preDomainHost }: { preDomainHost: string }) {
  const list = useLoaded(() => staffSend(api.schoolDomains, {}));
  const [domain, setDomain] = useState('');
  const [domainType, setDomainType] = useState<SchoolDomainType>('PC');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function add() {
    const message = check(hostNameRule, domain);
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
      {list.data === null ? (
        <LoadState error={list.error} onRetry={list.reload} />
      ) : list.data.length === 0 ? (
        <p className="mb-3 text-sm text-slate-600">{t('school.domains.empty')}</p>
      ) : (
        <TableBox label={t('school.domains.title')}>
          <thead>
            <tr>
              <th className={th}>{t('school.domains.colDomain')}</th>
              <th className={th}>{t('school.domains.colType')}</th>
              <th className={th}>{t('school.domains.colActions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((d) => (
              <tr key={d.id}>
                <td className={td}>{d.domain}</td>
                <td className={td}>{typeLabel(d.domainType)}</td>
                <td className={td}>
                  <Button kind="danger" onClick={() => void remove(d.id, d.domain)}>
                    {t('school.domains.remove')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </TableBox>
      )}
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
          options={DOMAIN_TYPES.map((v) => ({ value: v, label: typeLabel(v) }))}
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
