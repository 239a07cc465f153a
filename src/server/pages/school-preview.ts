import type { SchoolSettingsInput } from '~/lib/api/contracts/admin-school';
import type { Rule } from '~/lib/rules/rule';
import * as rules from '~/lib/school/settings';
import type { Config } from '../config';
import { portalLinks } from '../school/links';
import type { LayoutData } from './layout-data';

/**
 * The layout data of the settings screen's live preview (/admin/school/preview): the school's saved
 * data with the values the administrator has typed but not saved laid over it. Each typed value
 * passes the field's own rule first; one that does not (or a picture from elsewhere) leaves the
 * saved value showing, so the preview never draws what saving would refuse.
 */

const TEXT_FIELDS = {
  projectName: rules.plainText('', 40, true),
  universityName: rules.plainText('', 40, true),
  address: rules.plainText('', 120),
  contactMobile: rules.contactPhoneRule,
  institutionProperty: rules.plainText('', 16),
  institutionGrade: rules.plainText('', 16),
  trainingMode: rules.plainText('', 16),
} as const satisfies Partial<Record<keyof SchoolSettingsInput, Rule>>;

const BRANDING_FIELDS = {
  shortName: rules.plainText('', 12),
  brandColor: rules.brandColorRule,
  email: rules.emailRule,
  icpNumber: rules.plainText('', 40),
  policeRecordNumber: rules.plainText('', 40),
  telecomLicence: rules.plainText('', 40),
  appDownloadUrl: rules.externalLinkRule(''),
  promotionLoginUrl: rules.externalLinkRule(''),
} as const satisfies Partial<Record<keyof SchoolSettingsInput, Rule>>;

const PICTURES = ['logo', 'officialAccountQr', 'miniProgramQr'] as const;

/** The typed values from the preview address's `v` parameter (JSON), or {} when it is not an object. */
export function typedValues(param: string | null): Record<string, unknown> {
  if (!param || param.length > 20_000) return {};
  try {
    const value: unknown = JSON.parse(param);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A picture the preview may show: none, what the school shows now, or one of its own uploads. */
function pictureOk(value: unknown, saved: string | null, tenantId: string): value is string {
  if (typeof value !== 'string') return false;
  return value === '' || value === (saved ?? '') || new RegExp(`^/files/${tenantId}/\\d{6}/[\\w-]{1,32}\\.(?:png|jpg|gif|webp)$`).test(value);
}

export function previewLayoutData(data: LayoutData, typed: Record<string, unknown>, config: Config): LayoutData {
  const school = { ...data.school };
  const branding = { ...data.branding };
  for (const [key, rule] of Object.entries(TEXT_FIELDS)) {
    if (!(key in typed)) continue;
    const r = rule(typed[key]);
    if (r.ok) (school as Record<string, unknown>)[key] = r.value === '' ? null : r.value;
  }
  for (const [key, rule] of Object.entries(BRANDING_FIELDS)) {
    if (!(key in typed)) continue;
    const r = rule(typed[key]);
    if (r.ok) (branding as Record<string, unknown>)[key] = r.value === '' ? null : r.value;
  }
  const saved = { logo: school.logo, officialAccountQr: branding.officialAccountQr, miniProgramQr: branding.miniProgramQr };
  for (const key of PICTURES) {
    const value = typed[key];
    if (!pictureOk(value, saved[key], data.tenant.id)) continue;
    if (key === 'logo') {
      // Another logo than the saved one: its size is not known until it is saved (the page keeps its proportions).
      if ((value || null) !== saved.logo) Object.assign(school, { logoWidth: null, logoHeight: null });
      school.logo = value || null;
    } else branding[key] = value || null;
  }
  return { ...data, school, branding, links: portalLinks(config, branding, data.tenant.id) };
}
