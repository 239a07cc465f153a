import { z } from './zod';
import { given } from './parts';
import { t } from '~/lib/i18n/messages/admin-media';

/**
 * The media library's forms (src/islands/admin/media): a file's name as renamed and as searched,
 * its limit and messages written once for src/server/media-library/media-library.routes.ts and the
 * island (schemaCheck).
 */

export const MEDIA_NAME_MAX = 120;
const nameTooLong = t('adminMedia.nameTooLong', { max: MEDIA_NAME_MAX });

export const mediaRenameFields = z.object({
  name: given(MEDIA_NAME_MAX, t('adminMedia.nameRequired'), nameTooLong),
});

/** The list's name search: blank is none. */
export const mediaSearchName = z.string({ error: nameTooLong }).max(MEDIA_NAME_MAX, nameTooLong).optional();
