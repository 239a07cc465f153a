import { describe, expect, it } from 'vitest';
import { schemaCheck } from '~/lib/forms/check';
import { bannerForm, couponFields, materialFields, productForm } from '~/lib/forms/catalog';
import { CATALOG_CALLS, CATALOG_RESOURCES } from '~/lib/api/contracts/admin-catalog';
import { STAFF_ACCESS } from '~/lib/staff/access';
import { STAFF_ROLE } from '~/lib/staff/roles';
import { t } from '~/server/i18n';

describe('the catalogue forms: a field checked in the screen with the words the route refuses it with', () => {
  it('names the field as the form does, in the server’s catalogue of messages', () => {
    expect(schemaCheck(productForm)('name', '   ')).toBe(t('catalog.required', { field: t('catalog.field.productName') }));
    expect(schemaCheck(bannerForm)('pic', '')).toBe(t('catalog.pictureRequired', { field: t('catalog.field.bannerPic') }));
    expect(schemaCheck(bannerForm)('url', 'javascript:alert(1)')).toBe(t('catalog.badUrl', { field: t('catalog.field.url') }));
    expect(schemaCheck(materialFields)('categoryId', '')).toBe(t('catalog.chooseAlbumCategory'));
    expect(schemaCheck(couponFields)('amount', '0.001')).toBe(t('catalog.badAmount'));
    expect(schemaCheck(productForm)('seq', '100000')).toBe(t('catalog.badSeq'));
  });

  it('accepts what the route accepts', () => {
    expect(schemaCheck(bannerForm)('url', '/courses')).toBeNull();
    expect(schemaCheck(productForm)('name', '电工证')).toBeNull();
  });
});

describe('the catalogue calls, derived from each resource’s path', () => {
  it('are five a resource, under its path, each with the catalogue’s access row', () => {
    for (const r of CATALOG_RESOURCES) {
      const path = r.calls.list.path;
      expect([r.calls.save.path, r.calls.state.path, r.calls.schedule.path, r.calls.delete.path]).toEqual([
        `${path}/save`,
        `${path}/:id/state`,
        `${path}/:id/schedule`,
        `${path}/:id/delete`,
      ]);
      for (const name of Object.values(r.names)) expect(STAFF_ACCESS[name as keyof typeof STAFF_ACCESS]).toEqual([STAFF_ROLE.admin, STAFF_ROLE.editor]);
    }
    expect(Object.keys(CATALOG_CALLS)).toHaveLength(CATALOG_RESOURCES.length * 5 + 5);
  });
});
