import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { t } from '~/lib/i18n/messages/admin-school';
import * as api from '~/lib/api/contracts/admin-school';
import type { InstitutionInfo, SchoolSettings, SchoolSettingsInput } from '~/lib/api/contracts/admin-school';
import { staffSend } from '~/lib/api/staff-client';
import { schemaCheck } from '~/lib/forms/check';
import { coordinatesPairError, institutionFields, profileFields } from '~/lib/forms/school';
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

const profileCheck = schemaCheck(profileFields);
/** Pictures come from the upload: the server checks their addresses. */
const PICTURES = new Set<TextKey>(['logo', 'officialAccountQr', 'miniProgramQr']);
const institutionCheck = schemaCheck(institutionFields);

/** Every text field's message for these values, by key ('institution.name' for the introduction's). */
function errorsOf(v: SchoolSettingsInput): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const key of Object.keys(profileFields.shape) as TextKey[]) {
    if (PICTURES.has(key)) continue;
    const message = profileCheck(key, v[key]);
    if (message) errors[key] = message;
  }
  for (const key of Object.keys(institutionFields.shape) as InstitutionKey[]) {
    const message = institutionCheck(key, v.institution[key]);
    if (message) errors[`institution.${key}`] = message;
  }
  const pair = errors['longitude'] || errors['latitude'] ? null : coordinatesPairError(v);
  if (pair) errors['latitude'] = pair;
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

/**
 * The profile form's state: the saved settings, the values as typed, whether a save was tried and
 * is under way. A field's message shows once it was changed from the saved value, or after a try
 * to save.
 */
function useProfileForm(initial: SchoolSettings) {
  const [saved, setSaved] = useState(initial);
  const [values, setValues] = useState<SchoolSettingsInput>(() => inputOf(initial));
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState(false);
  const errors = useMemo(() => errorsOf(values), [values]);
  const savedInput = inputOf(saved);
  const changed = JSON.stringify(values) !== JSON.stringify(savedInput);

  const set = (key: TextKey) => (v: string) => setValues((old) => ({ ...old, [key]: v }));
  const setInstitution = (key: InstitutionKey) => (v: string) => setValues((old) => ({ ...old, institution: { ...old.institution, [key]: v } }));
  const shown = (key: string, value: string, savedValue: string) => (tried || value !== savedValue ? errors[key] : undefined);

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

  /** A text field of the profile, with its label, value and message. */
  const field = (key: TextKey, extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field
      id={`school-${key}`}
      label={t(`school.admin.field.${key}` as Parameters<typeof t>[0])}
      value={values[key]}
      onValue={set(key)}
      error={shown(key, values[key], savedInput[key])}
      {...extra}
    />
  );
  /** A text field of the introduction. */
  const institutionField = (key: InstitutionKey, multiline = false) => (
    <Field
      id={`school-institution-${key}`}
      label={t(`school.admin.field.${key === 'name' ? 'institutionName' : key}` as Parameters<typeof t>[0])}
      value={values.institution[key]}
      onValue={setInstitution(key)}
      error={shown(`institution.${key}`, values.institution[key], saved.institution[key])}
      multiline={multiline}
    />
  );

  return { values, busy, changed, set, save, reset: () => setValues(inputOf(saved)), field, institutionField };
}

type ProfileForm = ReturnType<typeof useProfileForm>;

/** The pictures' own field: a branding upload that may stay empty. */
function Picture({ form, name }: { form: ProfileForm; name: 'logo' | 'officialAccountQr' | 'miniProgramQr' }) {
  return (
    <ImageField
      label={t(`school.admin.field.${name}`)}
      value={form.values[name]}
      onChange={form.set(name)}
      purpose={UPLOAD_PURPOSE.branding}
      optional
      fits={name === 'logo' ? t('school.admin.logoFits') : undefined}
    />
  );
}

/** The brand colour typed or picked, with what its contrast with white text is. */
function BrandGroup({ form }: { form: ProfileForm }) {
  const colour = form.values.brandColor.trim().toLowerCase();
  const colourOk = /^#[0-9a-f]{6}$/.test(colour);
  const ratio = colourOk ? rules.contrastWithWhite(colour) : null;
  return (
    <FieldGroup title={t('school.admin.group.brand')}>
      <div className="sm:col-span-2">
        <Picture form={form} name="logo" />
      </div>
      <div className="sm:col-span-2">
        <div className="flex items-end gap-3">
          <div className="min-w-0 flex-1">
            {form.field('brandColor', {
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
            onChange={(e) => form.set('brandColor')(e.target.value)}
            className="mb-6 h-10 w-12 shrink-0 cursor-pointer rounded border border-slate-300 bg-white"
          />
        </div>
      </div>
    </FieldGroup>
  );
}

const wide = (children: ReactNode) => <div className="sm:col-span-2">{children}</div>;
const LINK = { type: 'url', inputMode: 'url', placeholder: 'https://' } as const;

/** Names, contact, introduction, links and licences: the profile's text fields by group. */
function TextGroups({ form }: { form: ProfileForm }) {
  const { field, institutionField } = form;
  return (
    <>
      <FieldGroup title={t('school.admin.group.contact')}>
        {field('contactMobile', { type: 'tel', inputMode: 'tel' })}
        {field('email', { type: 'email', inputMode: 'email' })}
        {wide(field('address'))}
        {field('longitude', { inputMode: 'decimal' })}
        {field('latitude', { inputMode: 'decimal' })}
        {wide(field('website', LINK))}
        <Picture form={form} name="officialAccountQr" />
        <Picture form={form} name="miniProgramQr" />
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
        {wide(institutionField('facilities', true))}
      </FieldGroup>
      <FieldGroup title={t('school.admin.group.links')}>
        <p className="text-xs text-slate-600 sm:col-span-2">{t('school.admin.group.linksHint')}</p>
        {wide(field('appDownloadUrl', LINK))}
        {wide(field('promotionLoginUrl', LINK))}
      </FieldGroup>
      <FieldGroup title={t('school.admin.group.legal')}>
        {wide(field('telecomLicence'))}
        {field('icpNumber')}
        {field('policeRecordNumber')}
      </FieldGroup>
    </>
  );
}

export function ProfileSection({ initial }: { initial: SchoolSettings }) {
  const form = useProfileForm(initial);
  return (
    <Section title={t('school.admin.profile')}>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void form.save();
          }}
        >
          <FieldGroup title={t('school.admin.group.names')}>
            {form.field('projectName', { required: true })}
            {form.field('universityName', { required: true })}
            {form.field('shortName')}
            {form.field('trainingInstitutionsName')}
          </FieldGroup>
          <BrandGroup form={form} />
          <TextGroups form={form} />
          <div className="flex flex-wrap gap-3">
            <Button kind="primary" type="submit" disabled={form.busy || !form.changed}>
              {form.busy ? t('school.admin.saving') : t('school.admin.save')}
            </Button>
            <Button onClick={form.reset} disabled={form.busy || !form.changed}>
              {t('school.admin.reset')}
            </Button>
          </div>
        </form>
        <Preview values={form.values} />
      </div>
    </Section>
  );
}
