import { t } from '~/lib/i18n/messages/admin-school';
import * as api from '~/lib/api/contracts/admin-school';
import type { StaffMe } from '~/lib/api/contracts/staff';
import { setCsrfToken, staffSend } from '~/lib/api/staff-client';
import { LoadState, PageTitle, useLoaded } from '../shared';
import { AgreementsSection } from './AgreementsSection';
import { CertOrgsSection } from './CertOrgsSection';
import { DomainsSection } from './DomainsSection';
import { ProfileSection } from './ProfileSection';
import { ProjectBlocksSection } from './ProjectBlocksSection';
import { ServicePointsSection } from './ServicePointsSection';
import { SmsSection } from '../messages/SmsSection';

/**
 * 学校设置 (/admin/school, administrators): the profile and branding with a live preview, the host
 * names, /school-info's project introduction, service points, certification organisations and the
 * agreement texts (every save publishes at once), and the school's SMS settings.
 */
export default function SchoolIsland({ me }: { me: StaffMe }) {
  setCsrfToken(me.csrfToken);
  const settings = useLoaded(() => staffSend(api.schoolSettings, {}));
  return (
    <div>
      <PageTitle>{t('school.admin.title')}</PageTitle>
      {settings.data === null ? (
        <LoadState error={settings.error} onRetry={settings.reload} />
      ) : (
        <>
          <ProfileSection initial={settings.data} />
          <DomainsSection preDomainHost={settings.data.preDomainHost} />
          <ProjectBlocksSection />
          <ServicePointsSection now={Date.now} />
          <CertOrgsSection />
          <AgreementsSection />
          <SmsSection />
        </>
      )}
    </div>
  );
}
