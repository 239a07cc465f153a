import type { MessageKey } from './zh-CN';

/** The English locale: only keys whose spec text is English are required here. */
export const en: Partial<Record<MessageKey, string>> = {
  'app.defaultTitle': 'Digital Cloud School',
  'common.noData': 'No data',
  'common.systemBusy': 'System busy',
  'common.loginFirst': 'Please log in first',
  'tenant.notFound': 'School not found',
};
