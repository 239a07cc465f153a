import { t } from '~/lib/i18n/messages/admin';
import type { StaffMe } from '~/lib/api/contracts/staff';
import { mayCall } from '~/lib/staff/access';
import { PageTitle, Section, roleLabel } from './shared';

/**
 * The staff dashboard (/admin): who is signed in, as what, in which school, and the screens that
 * exist for their role. The school's profile and content screens come in later parts.
 */
const LINKS = [
  { href: '/admin/accounts', title: 'admin.accounts.title', hint: 'admin.dashboard.accountsHint', call: 'accounts' },
  { href: '/admin/news', title: 'admin.dashboard.news', hint: 'admin.dashboard.newsHint', call: 'adminNewsPage' },
  { href: '/admin/notices', title: 'admin.dashboard.notices', hint: 'admin.dashboard.noticesHint', call: 'adminNoticePage' },
  { href: '/admin/audit', title: 'admin.audit.title', hint: 'admin.dashboard.auditHint', call: 'audit' },
  { href: '/admin/leads', title: 'admin.leads.title', hint: 'admin.dashboard.leadsHint', call: 'leads' },
  { href: '/admin/classes', title: 'admin.dashboard.classes', hint: 'admin.dashboard.classesHint', call: 'adminClasses' },
  { href: '/admin/school', title: 'admin.dashboard.schoolTitle', hint: 'admin.dashboard.schoolHint', call: 'schoolSettings' },
  { href: '/admin/account', title: 'admin.account.title', hint: 'admin.dashboard.accountHint', call: 'me' },
] as const;

export default function DashboardIsland({ me }: { me: StaffMe }) {
  const links = LINKS.filter((l) => mayCall(me.account.role, l.call));
  return (
    <div>
      <PageTitle>{t('admin.dashboard.welcome', { name: me.account.name })}</PageTitle>
      <p className="mb-6 text-slate-700" data-role-line>
        {t('admin.dashboard.roleLine', { school: me.school.name, role: roleLabel(me.account.role) })}
      </p>
      {!me.account.secondFactor && (
        <p className="mb-6 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {t('admin.dashboard.secondFactorOff')}{' '}
          <a className="font-medium text-brand underline" href="/admin/account">
            {t('admin.account.title')}
          </a>
        </p>
      )}
      <Section title={t('admin.dashboard.available')}>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {links.map((l) => (
            <li key={l.href}>
              <a href={l.href} className="block h-full rounded-lg border border-slate-200 p-4 hover:border-brand hover:bg-brand-soft">
                <span className="block font-semibold text-brand-dark">{t(l.title)}</span>
                <span className="mt-1 block text-sm text-muted">{t(l.hint)}</span>
              </a>
            </li>
          ))}
        </ul>
        <p className="mt-5 text-sm text-muted">{t('admin.dashboard.comingSoon')}</p>
      </Section>
    </div>
  );
}
