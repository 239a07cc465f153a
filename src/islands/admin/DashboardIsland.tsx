import { useEffect, useState } from 'react';
import { t } from '~/lib/i18n/messages/admin';
import type { StaffMe } from '~/lib/api/contracts/staff';
import { adminDashboardCounts, type DashboardCountName, type DashboardCounts } from '~/lib/api/contracts/admin-dashboard';
import { staffSend } from '~/lib/api/staff-client';
import { countKey } from '~/lib/staff/counts';
import { PageTitle, Section, roleLabel } from './shared';

/**
 * The staff dashboard (/admin), the start page: who is signed in, as what, in which school, and a
 * card for every area of the navigation their role may use (src/lib/staff/screens.ts), each with
 * what it is for and, where something waits for them, how many. The page counts on the server;
 * the counts are asked again (GET /api/admin/dashboard/counts) when the person comes back to the tab.
 */

/** A card as the page gives it: the area's name and line already in words. */
export interface DashboardCard {
  path: string;
  title: string;
  hint: string;
  count: DashboardCountName | null;
}

function useCounts(initial: DashboardCounts): DashboardCounts {
  const [counts, setCounts] = useState(initial);
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState !== 'visible') return;
      // Left as they were when the call fails: the page's own counts are still a fair picture.
      staffSend(adminDashboardCounts, {}).then(setCounts, () => undefined);
    };
    document.addEventListener('visibilitychange', refresh);
    return () => document.removeEventListener('visibilitychange', refresh);
  }, []);
  return counts;
}

export default function DashboardIsland({ me, cards, counts: initial }: { me: StaffMe; cards: DashboardCard[]; counts: DashboardCounts }) {
  const counts = useCounts(initial);
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
          {cards.map((card) => {
            const waiting = card.count ? (counts[card.count] ?? 0) : 0;
            return (
              <li key={card.path}>
                <a href={card.path} className="block h-full rounded-lg border border-slate-200 p-4 hover:border-brand hover:bg-brand-soft">
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold text-brand-dark">{card.title}</span>
                    {card.count && waiting > 0 && (
                      <span className="rounded-full bg-red-600 px-2 py-0.5 text-xs font-medium text-white" data-count={card.count}>
                        {t(countKey(card.count), { count: waiting })}
                      </span>
                    )}
                  </span>
                  <span className="mt-1 block text-sm text-muted">{card.hint}</span>
                </a>
              </li>
            );
          })}
        </ul>
      </Section>
    </div>
  );
}
