import { useEffect, useMemo, useRef, useState } from 'react';
import { t } from '~/lib/i18n/messages/admin-school';
import * as api from '~/lib/api/contracts/admin-school';
import type { InstitutionInfo, SchoolSettings, SchoolSettingsInput } from '~/lib/api/contracts/admin-school';
import { staffSend } from '~/lib/api/staff-client';
import { check, type Rule } from '~/lib/rules/rule';
import * as rules from '~/lib/school/settings';
import { toast } from '~/lib/toast';
import { UPLOAD_PURPOSE } from '~/lib/uploads';
import { Button, Section } from '../shared';
import { ImageField } from '../upload';
import { Field, FieldGroup, failText } from './form-bits';

/**
 * The school's profile and branding with a live preview: the public header and footer drawn by the
 * site itself (/admin/school/preview, in a frame) with the values as typed, redrawn a moment after
 * each change. Fields are checked as typed with the server's own rules; saving publishes at once.
 */

type TextKey = Exclude<keyof SchoolSettingsInput, 'institution'>;
type InstitutionKey = keyof InstitutionInfo;

const L = (key: Parameters<typeof t>[0]) => t(key);

/** Each text field's rule (the routes use the same ones). Pictures are checked by the server. */
const FIELD_RULES: Partial<Record<TextKey, Rule<unknown>>> = {
  projectName: rules.plainText(L('school.admin.field.projectName'), 40, true),
  universityName: rules.plainText(L('school.admin.field.universityName'), 40, true),
  shortName: rules.plainText(L('school.admin.field.shortName'), 12),
  trainingInstitutionsName: rules.plainText(L('school.admin.field.trainingInstitutionsName'), 60),
  brandColor: rules.brandColorRule,
  contactMobile: rules.contactPhoneRule,
  email: rules.emailRule,
  address: rules.plainText(L('school.admin.field.address'), 120),
  longitude: rules.coordinateRule(180),
  latitude: rules.coordinateRule(90),
  website: rules.webUrlRule,
  crowd: rules.plainText(L('school.admin.field.crowd'), 60),
  schoolTypeName: rules.plainText(L('school.admin.field.schoolTypeName'), 40),
  institutionProperty: rules.plainText(L('school.admin.field.institutionProperty'), 16),
  institutionGrade: rules.plainText(L('school.admin.field.institutionGrade'), 16),
  trainingMode: rules.plainText(L('school.admin.field.trainingMode'), 16),
  enrollDistrictScope: rules.plainText(L('school.admin.field.enrollDistrictScope'), 200),
  icpNumber: rules.plainText(L('school.admin.field.icpNumber'), 40),
  policeRecordNumber: rules.plainText(L('school.admin.field.policeRecordNumber'), 40),
  telecomLicence: rules.plainText(L('school.admin.field.telecomLicence'), 40),
  appDownloadUrl: rules.externalLinkRule(L('school.admin.field.appDownloadUrl')),
  promotionLoginUrl: rules.externalLinkRule(L('school.admin.field.promotionLoginUrl')),
};

const INSTITUTION_RULES: Record<InstitutionKey, Rule<unknown>> = {
  name: rules.plainText(L('school.admin.field.institutionName'), 60),
  educationProperty: rules.plainText(L('school.admin.field.educationProperty'), 40),
  schoolFaculty: rules.plainLines(L('school.admin.field.schoolFaculty'), 1000),
  features: rules.plainLines(L('school.admin.field.features'), 1000),
  facilities: rules.plainLines(L('school.admin.field.facilities'), 1000),
};

function errorsOf(v: SchoolSettingsInput): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [key, rule] of Object.entries(FIELD_RULES)) {
    const message = check(rule!, v[key as TextKey]);
    if (message) errors[key] = message;
  }
  for (const [key, rule] of Object.entries(INSTITUTION_RULES)) {
    const message = check(rule, v.institution[key as InstitutionKey]);
    if (message) errors[`institution.${key}`] = message;
  }
  if (!errors['longitude'] && !errors['latitude'] && (v.longitude.trim() === '') !== (v.latitude.trim() === '')) {
    errors['latitude'] = t('school.admin.coordinatesPair');
  }
  return errors;
}

const inputOf = ({ preDomainHost: _p, updatedAt: _u, ...input }: SchoolSettings): SchoolSettingsInput => input;

/** The preview frame's address: the typed values travel in the query (the page checks each again). */
function previewUrl(v: SchoolSettingsInput): string {
  return `/admin/school/preview?v=${encodeURIComponent(JSON.stringify(v))}`;
}

/** The site is drawn at this width in the frame, then scaled to fit beside the form. */
const PREVIEW_WIDTH = 1200;

function Preview({ values }: { values: SchoolSettingsInput }) {
  const [src, setSrc] = useState(() => previewUrl(values));
  const box = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(0.5);
  useEffect(() => {
    const timer = setTimeout(() => setSrc(previewUrl(values)), 300);
    return () => clearTimeout(timer);
  }, [values]);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setScale(el.clientWidth / PREVIEW_WIDTH));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const height = 760;
  return (
    <div className="min-w-0 lg:sticky lg:top-4">
      <h3 className="mb-1 text-sm font-semibold text-slate-700">{t('school.admin.preview')}</h3>
      <p className="mb-2 text-xs text-slate-600">{t('school.admin.previewHint')}</p>
      {/* inert: a picture of the site, not a second site to wander in (no clicks, no focus inside it). */}
      <div ref={box} inert className="overflow-hidden rounded-lg border border-slate-200 bg-slate-50" style={{ height: height * scale }}>
        <iframe
          title={t('school.admin.preview')}
          src={src}
          style={{ width: PREVIEW_WIDTH, height, transform: `scale(${scale})`, transformOrigin: '0 0' }}
          className="border-0 bg-white"
        />
      </div>
    </div>
  );
}

export function ProfileSection({ initial }: { initial: SchoolSettings }) {
  const [saved, setSaved] = useState(initial);
  const [values, setValues] = useState<SchoolSettingsInput>(() => inputOf(initial));
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState(false);
  const errors = useMemo(() => errorsOf(values), [values]);
  const changed = JSON.stringify(values) !== JSON.stringify(inputOf(saved));

  const set = (key: TextKey) => (v: string) => setValues((old) => ({ ...old, [key]: v }));
  const setInstitution = (key: InstitutionKey) => (v: string) => setValues((old) => ({ ...old, institution: { ...old.institution, [key]: v } }));
  // A field's message shows once it was changed from the saved value, or after a try to save.
  const shown = (key: string, value: string, savedValue: string) => (tried || value !== savedValue ? errors[key] : undefined);
  const field = (key: TextKey, extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field
      id={`school-${key}`}
      label={t(`school.admin.field.${key}` as Parameters<typeof t>[0])}
      value={values[key]}
      onValue={set(key)}
      error={shown(key, values[key], inputOf(saved)[key])}
      {...extra}
    />
  );
  const institutionField = (key: InstitutionKey, multiline = false) => {
    const labelKey = key === 'name' ? 'institutionName' : key;
    return (
      <Field
        id={`school-institution-${key}`}
        label={t(`school.admin.field.${labelKey}` as Parameters<typeof t>[0])}
        value={values.institution[key]}
        onValue={setInstitution(key)}
        error={shown(`institution.${key}`, values.institution[key], saved.institution[key])}
        multiline={multiline}
      />
    );
  };

  const colour = values.brandColor.trim().toLowerCase();
  const colourOk = /^#[0-9a-f]{6}$/.test(colour);
  const ratio = colourOk ? rules.contrastWithWhite(colour) : null;

  async function save() {
    setTried(true);
    if (Object.keys(errors).length > 0) {
      toast(t('school.admin.fixErrors'), 'error');
      document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await staffSend(api.saveSchoolSettings, values);
      setSaved(answer);
      setValues(inputOf(answer));
      setTried(false);
      toast(t('school.admin.saved'), 'success');
    } catch (e) {
      toast(failText(e, t('common.systemBusy')), 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section title={t('school.admin.profile')}>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <FieldGroup title={t('school.admin.group.names')}>
            {field('projectName', { required: true })}
            {field('universityName', { required: true })}
            {field('shortName')}
            {field('trainingInstitutionsName')}
          </FieldGroup>
          <FieldGroup title={t('school.admin.group.brand')}>
            <div className="sm:col-span-2">
              <ImageField label={t('school.admin.field.logo')} value={values.logo} onChange={set('logo')} purpose={UPLOAD_PURPOSE.branding} optional />
            </div>
            <div className="sm:col-span-2">
              <div className="flex items-end gap-3">
                <div className="min-w-0 flex-1">
                  {field('brandColor', {
                    placeholder: '#1456D9',
                    hint: (
                      <>
                        {t('school.admin.field.brandColorHint')}
                        {ratio !== null && ratio >= rules.MIN_CONTRAST_WITH_WHITE ? ` ${t('school.admin.contrastOk', { ratio: rules.ratioText(ratio) })}` : ''}
                      </>
                    ),
                  })}
                </div>
                <input
                  type="color"
                  aria-label={t('school.admin.pickColor')}
                  value={colourOk ? colour : '#1456d9'}
                  onChange={(e) => set('brandColor')(e.target.value)}
                  className="mb-6 h-10 w-12 shrink-0 cursor-pointer rounded border border-slate-300 bg-white"
                />
              </div>
            </div>
          </FieldGroup>
          <FieldGroup title={t('school.admin.group.contact')}>
            {field('contactMobile', { type: 'tel', inputMode: 'tel' })}
            {field('email', { type: 'email', inputMode: 'email' })}
            <div className="sm:col-span-2">{field('address')}</div>
            {field('longitude', { inputMode: 'decimal' })}
            {field('latitude', { inputMode: 'decimal' })}
            <div className="sm:col-span-2">{field('website', { type: 'url', inputMode: 'url', placeholder: 'https://' })}</div>
            <ImageField
              label={t('school.admin.field.officialAccountQr')}
              value={values.officialAccountQr}
              onChange={set('officialAccountQr')}
              purpose={UPLOAD_PURPOSE.branding}
              optional
            />
            <ImageField
              label={t('school.admin.field.miniProgramQr')}
              value={values.miniProgramQr}
              onChange={set('miniProgramQr')}
              purpose={UPLOAD_PURPOSE.branding}
              optional
            />
          </FieldGroup>
          <FieldGroup title={t('school.admin.group.profile')}>
            {field('schoolTypeName')}
            {field('crowd')}
            {field('institutionProperty')}
            {field('institutionGrade')}
            {field('trainingMode')}
            {field('enrollDistrictScope')}
            {institutionField('name')}
            {institutionField('educationProperty')}
            {institutionField('schoolFaculty', true)}
            {institutionField('features', true)}
            <div className="sm:col-span-2">{institutionField('facilities', true)}</div>
          </FieldGroup>
          <FieldGroup title={t('school.admin.group.links')}>
            <p className="text-xs text-slate-600 sm:col-span-2">{t('school.admin.group.linksHint')}</p>
            <div className="sm:col-span-2">{field('appDownloadUrl', { type: 'url', inputMode: 'url', placeholder: 'https://' })}</div>
            <div className="sm:col-span-2">{field('promotionLoginUrl', { type: 'url', inputMode: 'url', placeholder: 'https://' })}</div>
          </FieldGroup>
          <FieldGroup title={t('school.admin.group.legal')}>
            <div className="sm:col-span-2">{field('telecomLicence')}</div>
            {field('icpNumber')}
            {field('policeRecordNumber')}
          </FieldGroup>
          <div className="flex flex-wrap gap-3">
            <Button kind="primary" type="submit" disabled={busy || !changed}>
              {busy ? t('school.admin.saving') : t('school.admin.save')}
            </Button>
            <Button onClick={() => setValues(inputOf(saved))} disabled={busy || !changed}>
              {t('school.admin.reset')}
            </Button>
          </div>
        </form>
        <Preview values={values} />
      </div>
    </Section>
  );
}
