import { lazy, Suspense, useEffect, useState } from 'react';
import { t } from '~/lib/i18n/messages/admin-content';
import * as api from '~/lib/api/contracts/admin-content';
import type { AdminNews, AdminNotice, ArticleState, PreviewLink, ScheduleInput } from '~/lib/api/contracts/admin-content';
import type { Call } from '~/lib/api/contract';
import type { StaffMe } from '~/lib/api/contracts/staff';
import type { NewsContentType } from '~/lib/api/contracts/content';
import { setCsrfToken, staffSend } from '~/lib/api/staff-client';
import { schemaCheck } from '~/lib/forms/check';
import { CONTENT_LIMITS, CONTENT_TYPES, newsFields, noticeFields } from '~/lib/forms/content';
import { toast } from '~/lib/toast';
import { UPLOAD_PURPOSE } from '~/lib/uploads';
import { inputClass } from '../../shared/fields';
import { useForm } from '../../shared/use-form';
import { ImageField } from '../upload';
import { Button, LoadState, PageTitle, Section, timeText, useLoaded } from '../shared';
import { StateBadge, failed, scheduleText, stateLabel } from './shared';
import { localInputValue } from '~/lib/time/cst';

/**
 * Writing a news item (/admin/news/edit) or a notice (/admin/notices/edit), new or by ?id=: its
 * fields, the rich-text body (or, for a video news item, the video's address), then save as a
 * draft, preview (the draft exactly as the public detail page shows it, in a new tab), publish
 * now, schedule for a time, or withdraw. Every action saves the form first.
 */

// The editor is its own chunk: only these screens load it.
const RichTextEditor = lazy(() => import('../editor/RichTextEditor'));

type Kind = 'news' | 'notice';
type Item = AdminNews | AdminNotice;

interface Values {
  title: string;
  categorizeIds: string[];
  cover: string;
  introduction: string;
  sources: string;
  contentType: NewsContentType;
  content: string;
  writerName: string;
}

const EMPTY: Values = { title: '', categorizeIds: [], cover: '', introduction: '', sources: '', contentType: 'ARTICLE', content: '', writerName: '' };

function formOf(item: Item): Values {
  if ('contentType' in item) {
    return {
      ...EMPTY,
      title: item.title,
      categorizeIds: item.categories.map((c) => c.id),
      cover: item.cover ?? '',
      introduction: item.introduction ?? '',
      sources: item.sources ?? '',
      contentType: item.contentType,
      content: item.content,
    };
  }
  return { ...EMPTY, title: item.title, writerName: item.writerName ?? '', content: item.content };
}

const LIST = { news: '/admin/news', notice: '/admin/notices' } as const;
const CHECKS = { news: schemaCheck(newsFields), notice: schemaCheck(noticeFields) };
/** The text fields each kind's schema checks before anything is sent. */
const CHECKED = { news: ['title', 'introduction', 'sources', 'content'], notice: ['title', 'writerName', 'content'] } as const;

type Form = ReturnType<typeof useForm<Values>>;

/** A labelled text input or area of the form, with the schema's message for it. */
function TextInput({
  form,
  name,
  label,
  area = false,
  ...input
}: {
  form: Form;
  name: 'title' | 'introduction' | 'sources' | 'writerName' | 'content';
  label: string;
  area?: boolean;
  required?: boolean;
  maxLength?: number;
  type?: string;
  placeholder?: string;
}) {
  const id = form.id(name);
  const error = form.errors[name];
  const props = {
    ...input,
    id,
    value: form.values[name],
    onChange: (e: { target: { value: string } }) => form.change(name, e.target.value),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    className: inputClass(!!error),
  };
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {label}
      </label>
      {area ? <textarea rows={2} {...props} /> : <input {...props} />}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A news item's own fields: its categories, cover, summary, source and whether it is an article or a video. */
function NewsFields({ form, categories }: { form: Form; categories: readonly { id: string; name: string }[] }) {
  const v = form.values;
  return (
    <>
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-ink">{t('adminContent.field.categories')}</legend>
        <div className="flex flex-wrap gap-4">
          {categories.map((c) => (
            <label key={c.id} className="flex items-center gap-1.5 text-sm">
              <input
                type="checkbox"
                checked={v.categorizeIds.includes(c.id)}
                onChange={(e) => form.change('categorizeIds', e.target.checked ? [...v.categorizeIds, c.id] : v.categorizeIds.filter((x) => x !== c.id))}
              />
              {c.name}
            </label>
          ))}
        </div>
      </fieldset>
      <ImageField label={t('adminContent.field.cover')} value={v.cover} onChange={(url) => form.change('cover', url)} purpose={UPLOAD_PURPOSE.cover} optional />
      <TextInput form={form} name="introduction" label={t('adminContent.field.introduction')} area maxLength={CONTENT_LIMITS.introductionMax} />
      <TextInput form={form} name="sources" label={t('adminContent.field.sources')} maxLength={CONTENT_LIMITS.sourcesMax} />
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-ink">{t('adminContent.field.contentType')}</legend>
        <div className="flex gap-6">
          {CONTENT_TYPES.map((type) => (
            <label key={type} className="flex items-center gap-1.5 text-sm">
              <input type="radio" name="contentType" checked={v.contentType === type} onChange={() => form.change('contentType', type)} />
              {type === 'ARTICLE' ? t('adminContent.field.article') : t('adminContent.field.video')}
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}

/** The body: a video's address, or the rich text in the staff side's editor (in the browser only). */
function BodyField({ form, kind, editorKey }: { form: Form; kind: Kind; editorKey: string }) {
  // The editor is rendered in the browser only: a lazy component rendered on the server would stream an inline script the CSP refuses.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const v = form.values;
  if (kind === 'news' && v.contentType === 'INFORMATION') {
    return <TextInput form={form} name="content" label={t('adminContent.field.videoUrl')} type="url" placeholder="https://" />;
  }
  const loading = <p className="text-sm text-muted">{t('adminContent.loading')}</p>;
  if (!mounted) return loading;
  return (
    <Suspense fallback={loading}>
      <RichTextEditor
        // A new editor when switching between an article and a video, so it starts from the form's text.
        key={`${v.contentType}-${editorKey}`}
        label={t('adminContent.field.body')}
        value={v.contentType === 'ARTICLE' ? v.content : ''}
        onChange={(html) => form.change('content', html)}
        uploadPurpose={UPLOAD_PURPOSE.contentImage}
      />
    </Suspense>
  );
}

/** The item's state now, beside the form's heading. */
function StateNow({ item }: { item: Item | null }) {
  const state = item?.state ?? null;
  if (!item || !state) return null;
  return (
    <span className="flex items-center gap-2 text-sm text-slate-700">
      {t('adminContent.stateNow', { state: stateLabel(state) })}
      <StateBadge state={state} />
      {state === 'scheduled' || state === 'published' ? <span>{timeText(item.publishAt)}</span> : null}
    </span>
  );
}

interface Actions {
  busy: boolean;
  message: string | null;
  preview: () => void;
  publish: () => void;
  unpublish: () => void;
  schedule: (when: string) => void;
}

/** Save (the form's submit), preview, publish now, withdraw, schedule for a time; what the last one did. */
function ActionsSection({ state, actions }: { state: ArticleState | null; actions: Actions }) {
  const [when, setWhen] = useState('');
  const { busy, message } = actions;
  return (
    <Section title={t('adminContent.col.actions')}>
      <div className="flex flex-wrap items-end gap-3">
        <Button type="submit" kind="primary" disabled={busy}>
          {state && state !== 'draft' ? t('adminContent.save') : t('adminContent.saveDraft')}
        </Button>
        <Button disabled={busy} onClick={actions.preview}>
          {t('adminContent.preview')}
        </Button>
        {state !== 'published' ? (
          <Button disabled={busy} onClick={actions.publish}>
            {t('adminContent.publishNow')}
          </Button>
        ) : null}
        {state === 'published' || state === 'scheduled' ? (
          <Button kind="danger" disabled={busy} onClick={actions.unpublish}>
            {state === 'published' ? t('adminContent.unpublish') : t('adminContent.cancelSchedule')}
          </Button>
        ) : null}
        {state !== 'published' ? (
          <div className="flex flex-wrap items-end gap-2">
            <div>
              <label htmlFor="article-when" className="mb-1 block text-sm text-slate-700">
                {t('adminContent.field.publishAt')}
              </label>
              <input
                id="article-when"
                type="datetime-local"
                value={when}
                min={localInputValue(Date.now())}
                onChange={(e) => setWhen(e.target.value)}
                className={inputClass(false)}
              />
            </div>
            <Button disabled={busy || !when} onClick={() => actions.schedule(when)}>
              {t('adminContent.schedule')}
            </Button>
          </div>
        ) : null}
      </div>
      {message ? (
        <p role="status" className="mt-3 text-sm text-slate-700">
          {message}
        </p>
      ) : null}
    </Section>
  );
}

type NoBody = Record<string, never>;
interface KindCalls {
  publish: Call<NoBody, Item>;
  schedule: Call<ScheduleInput, Item>;
  unpublish: Call<NoBody, Item>;
  preview: Call<NoBody, PreviewLink>;
}

/** The calls of each kind of item. */
const CALLS: Record<Kind, KindCalls> = {
  news: {
    publish: api.adminNewsPublish,
    schedule: api.adminNewsSchedule,
    unpublish: api.adminNewsUnpublish,
    preview: api.adminNewsPreview,
  },
  notice: {
    publish: api.adminNoticePublish,
    schedule: api.adminNoticeSchedule,
    unpublish: api.adminNoticeUnpublish,
    preview: api.adminNoticePreview,
  },
};

/** Sends the form's values: the item as saved. */
function sendArticle(kind: Kind, v: Values, id: string | null): Promise<Item> {
  const known = id ? { id } : {};
  if (kind === 'notice') return staffSend(api.adminNoticeSave, { ...known, title: v.title, writerName: v.writerName || null, content: v.content });
  return staffSend(api.adminNewsSave, {
    ...known,
    title: v.title,
    categorizeIds: v.categorizeIds,
    cover: v.cover || null,
    introduction: v.introduction || null,
    sources: v.sources || null,
    contentType: v.contentType,
    content: v.content,
  });
}

/**
 * The editor's state and actions: the form (useForm, checked with the kind's schema), the item as
 * last saved (its id from the first save on), and every action saving the form first.
 */
function useArticleEditor(kind: Kind, initial: Item | null) {
  const [item, setItem] = useState<Item | null>(initial);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<Values>({ initial: () => (initial ? formOf(initial) : EMPTY), check: CHECKS[kind] });
  const calls = CALLS[kind];

  /** Saves the form; the saved item (its id from now on). */
  async function save(): Promise<Item> {
    const v = form.values;
    for (const field of CHECKED[kind]) {
      const wrong = CHECKS[kind](field, v[field]);
      if (wrong) {
        form.setErrors({ [field]: wrong });
        throw new Error(wrong);
      }
    }
    form.setErrors({});
    const saved = await sendArticle(kind, v, item?.id ?? null);
    if (!item) {
      // The address names the item now, so a reload opens it.
      window.history.replaceState(null, '', `${window.location.pathname}?id=${encodeURIComponent(saved.id)}`);
    }
    setItem(saved);
    return saved;
  }

  async function act(work: (saved: Item) => Promise<Item | null>, done: (i: Item) => string) {
    setBusy(true);
    setMessage(null);
    try {
      const saved = await save();
      const after = (await work(saved)) ?? saved;
      setItem(after);
      const text = done(after);
      setMessage(text);
      toast(text, 'success');
    } catch (e) {
      setMessage(e instanceof Error ? e.message : t('common.systemBusy'));
      failed(e);
    } finally {
      setBusy(false);
    }
  }

  async function preview() {
    // The tab is opened while the click is still being handled (a later window.open is a blocked pop-up), then pointed at the draft.
    const tab = window.open('about:blank', '_blank');
    setBusy(true);
    try {
      const saved = await save();
      const link = await staffSend(calls.preview, {}, { params: { id: saved.id } });
      if (tab) tab.location.href = link.url;
      else window.location.href = link.url;
    } catch (e) {
      tab?.close();
      failed(e);
    } finally {
      setBusy(false);
    }
  }

  const actions: Actions = {
    busy,
    message,
    preview: () => void preview(),
    publish: () =>
      void act(
        (saved) => (saved.state === 'published' ? Promise.resolve(null) : staffSend(calls.publish, {}, { params: { id: saved.id } })),
        () => t('adminContent.published'),
      ),
    unpublish: () =>
      void act(
        (saved) => staffSend(calls.unpublish, {}, { params: { id: saved.id } }),
        () => t('adminContent.withdrawnDone'),
      ),
    schedule: (when) =>
      void act(
        (saved) => staffSend(calls.schedule, { publishAt: scheduleText(when) }, { params: { id: saved.id } }),
        (i) => t('adminContent.scheduledFor', { time: timeText(i.publishAt) }),
      ),
  };
  const saveOnly = () =>
    void act(
      async () => null,
      () => t('adminContent.saved'),
    );
  return { form, item, actions, saveOnly };
}

function ArticleEditor({ kind, initial }: { kind: Kind; initial: Item | null }) {
  const { form, item, actions, saveOnly } = useArticleEditor(kind, initial);
  const categories = useLoaded(() => (kind === 'news' ? staffSend(api.adminCategories, {}) : Promise.resolve([])));
  const heading = t(
    kind === 'news' ? (item ? 'adminContent.editNews' : 'adminContent.createNews') : item ? 'adminContent.editNotice' : 'adminContent.createNotice',
  );
  return (
    <div>
      <div className="mb-2">
        <a href={LIST[kind]} className="text-sm text-brand hover:underline">
          ← {t('adminContent.backToList')}
        </a>
      </div>
      <PageTitle>{heading}</PageTitle>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          saveOnly();
        }}
      >
        <Section title={heading} actions={<StateNow item={item} />}>
          <div className="grid gap-4">
            <TextInput form={form} name="title" label={t('adminContent.field.title')} required maxLength={CONTENT_LIMITS.titleMax} />
            {kind === 'news' ? (
              <NewsFields form={form} categories={categories.data ?? []} />
            ) : (
              <TextInput form={form} name="writerName" label={t('adminContent.field.writer')} maxLength={CONTENT_LIMITS.writerMax} />
            )}
            <BodyField form={form} kind={kind} editorKey={initial?.id ?? 'new'} />
          </div>
        </Section>
        <ActionsSection state={item?.state ?? null} actions={actions} />
      </form>
    </div>
  );
}

export default function ArticleEditIsland({ me, kind, id }: { me: StaffMe; kind: Kind; id: string | null }) {
  setCsrfToken(me.csrfToken);
  const loaded = useLoaded(async () => {
    if (!id) return null;
    const found: Item =
      kind === 'news' ? await staffSend(api.adminNewsGet, {}, { params: { id } }) : await staffSend(api.adminNoticeGet, {}, { params: { id } });
    return found;
  });
  if (id && !loaded.data) return <LoadState error={loaded.error} onRetry={loaded.reload} />;
  return <ArticleEditor kind={kind} initial={loaded.data} />;
}
