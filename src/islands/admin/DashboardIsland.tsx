import { t } from '~/lib/i18n/messages/admin';
import type { StaffMe } from '~/lib/api/contracts/staff';
import { dashboardScreens } from '~/lib/staff/screens';
import { PageTitle, Section, roleLabel } from './shared';

/**
 * The staff dashboard (/admin): who is signed in, as what, in which school, and a card for each
 * screen declared with one (src/lib/staff/screens.ts) that their role may open.
 */

export default function DashboardIsland({ me }: { me: StaffMe }) {
  const links = dashboardScreens(me.account.role);
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
            <li key={l.path}>
              <a href={l.path} className="block h-full rounded-lg border border-slate-200 p-4 hover:border-brand hover:bg-brand-soft">
                <span className="block font-semibold text-brand-dark">{t(l.dashboard.title)}</span>
                <span className="mt-1 block text-sm text-muted">{t(l.dashboard.hint)}</span>
              </a>
            </li>
          ))}
        </ul>
        <p className="mt-5 text-sm text-muted">{t('admin.dashboard.comingSoon')}</p>
      </Section>
    </div>
  );
}
