import { lazy, Suspense, useEffect, useState } from 'react';
import { t } from '~/lib/i18n/messages/admin-content';
import * as api from '~/lib/api/contracts/admin-content';
import type { AdminNews, AdminNotice, ArticleState } from '~/lib/api/contracts/admin-content';
import type { StaffMe } from '~/lib/api/contracts/staff';
import type { NewsContentType } from '~/lib/api/contracts/content';
import { setCsrfToken, staffSend } from '~/lib/api/staff-client';
import { toast } from '~/lib/toast';
import { UPLOAD_PURPOSE } from '~/lib/uploads';
import { inputClass } from '../../shared/fields';
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

interface Form {
  title: string;
  categorizeIds: string[];
  cover: string;
  introduction: string;
  sources: string;
  contentType: NewsContentType;
  content: string;
  writerName: string;
}

const EMPTY: Form = { title: '', categorizeIds: [], cover: '', introduction: '', sources: '', contentType: 'ARTICLE', content: '', writerName: '' };

function formOf(item: Item): Form {
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

export default function ArticleEditIsland({ me, kind, id }: { me: StaffMe; kind: Kind; id: string | null }) {
  setCsrfToken(me.csrfToken);
  const [itemId, setItemId] = useState<string | null>(id);
  const [item, setItem] = useState<Item | null>(null);
  const [form, setForm] = useState<Form | null>(id ? null : EMPTY);
  const [busy, setBusy] = useState(false);
  const [when, setWhen] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  // The editor is rendered in the browser only: a lazy component rendered on the server would stream an inline script the CSP refuses.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const categories = useLoaded(() => (kind === 'news' ? staffSend(api.adminCategories, {}) : Promise.resolve([])));
  const loaded = useLoaded(async () => {
    if (!id) return null;
    const found: Item =
      kind === 'news' ? await staffSend(api.adminNewsGet, {}, { params: { id } }) : await staffSend(api.adminNoticeGet, {}, { params: { id } });
    setItem(found);
    setForm(formOf(found));
    return found;
  });

  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => (f ? { ...f, [key]: value } : f));

  /** Saves the form; the saved item (its id from now on). */
  async function save(): Promise<Item> {
    if (!form) throw new Error(t('common.systemBusy'));
    const saved: Item =
      kind === 'news'
        ? await staffSend(api.adminNewsSave, {
            ...(itemId ? { id: itemId } : {}),
            title: form.title,
            categorizeIds: form.categorizeIds,
            cover: form.cover || null,
            introduction: form.introduction || null,
            sources: form.sources || null,
            contentType: form.contentType,
            content: form.content,
          })
        : await staffSend(api.adminNoticeSave, {
            ...(itemId ? { id: itemId } : {}),
            title: form.title,
            writerName: form.writerName || null,
            content: form.content,
          });
    setItem(saved);
    if (!itemId) {
      setItemId(saved.id);
      // The address names the item now, so a reload opens it.
      window.history.replaceState(null, '', `${window.location.pathname}?id=${encodeURIComponent(saved.id)}`);
    }
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

  const publish = (saved: Item) =>
    saved.state === 'published'
      ? Promise.resolve(null)
      : kind === 'news'
        ? staffSend(api.adminNewsPublish, {}, { params: { id: saved.id } })
        : staffSend(api.adminNoticePublish, {}, { params: { id: saved.id } });
  const schedule = (saved: Item) =>
    kind === 'news'
      ? staffSend(api.adminNewsSchedule, { publishAt: scheduleText(when) }, { params: { id: saved.id } })
      : staffSend(api.adminNoticeSchedule, { publishAt: scheduleText(when) }, { params: { id: saved.id } });
  const unpublish = (saved: Item) =>
    kind === 'news'
      ? staffSend(api.adminNewsUnpublish, {}, { params: { id: saved.id } })
      : staffSend(api.adminNoticeUnpublish, {}, { params: { id: saved.id } });

  async function preview() {
    // The tab is opened while the click is still being handled (a later window.open is a blocked pop-up), then pointed at the draft.
    const tab = window.open('about:blank', '_blank');
    setBusy(true);
    try {
      const saved = await save();
      const link =
        kind === 'news'
          ? await staffSend(api.adminNewsPreview, {}, { params: { id: saved.id } })
          : await staffSend(api.adminNoticePreview, {}, { params: { id: saved.id } });
      if (tab) tab.location.href = link.url;
      else window.location.href = link.url;
    } catch (e) {
      tab?.close();
      failed(e);
    } finally {
      setBusy(false);
    }
  }

  const state: ArticleState | null = item?.state ?? null;
  const heading =
    kind === 'news'
      ? itemId
        ? t('adminContent.editNews')
        : t('adminContent.createNews')
      : itemId
        ? t('adminContent.editNotice')
        : t('adminContent.createNotice');

  if (!form) return <LoadState error={loaded.error} onRetry={loaded.reload} />;
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
          void act(
            async () => null,
            () => t('adminContent.saved'),
          );
        }}
      >
        <Section
          title={heading}
          actions={
            state ? (
              <span className="flex items-center gap-2 text-sm text-slate-700">
                {t('adminContent.stateNow', { state: stateLabel(state) })}
                <StateBadge state={state} />
                {state === 'scheduled' || state === 'published' ? <span>{timeText(item!.publishAt)}</span> : null}
              </span>
            ) : null
          }
        >
          <div className="grid gap-4">
            <div>
              <label htmlFor="article-title" className="mb-1 block text-sm font-medium text-ink">
                {t('adminContent.field.title')}
              </label>
              <input
                id="article-title"
                required
                maxLength={100}
                value={form.title}
                onChange={(e) => set('title', e.target.value)}
                className={inputClass(false)}
              />
            </div>
            {kind === 'news' ? (
              <>
                <fieldset>
                  <legend className="mb-1 text-sm font-medium text-ink">{t('adminContent.field.categories')}</legend>
                  <div className="flex flex-wrap gap-4">
                    {(categories.data ?? []).map((c) => (
                      <label key={c.id} className="flex items-center gap-1.5 text-sm">
                        <input
                          type="checkbox"
                          checked={form.categorizeIds.includes(c.id)}
                          onChange={(e) =>
                            set('categorizeIds', e.target.checked ? [...form.categorizeIds, c.id] : form.categorizeIds.filter((x) => x !== c.id))
                          }
                        />
                        {c.name}
                      </label>
                    ))}
                  </div>
                </fieldset>
                <ImageField
                  label={t('adminContent.field.cover')}
                  value={form.cover}
                  onChange={(url) => set('cover', url)}
                  purpose={UPLOAD_PURPOSE.cover}
                  optional
                />
                <div>
                  <label htmlFor="article-introduction" className="mb-1 block text-sm font-medium text-ink">
                    {t('adminContent.field.introduction')}
                  </label>
                  <textarea
                    id="article-introduction"
                    rows={2}
                    maxLength={500}
                    value={form.introduction}
                    onChange={(e) => set('introduction', e.target.value)}
                    className={inputClass(false)}
                  />
                </div>
                <div>
                  <label htmlFor="article-sources" className="mb-1 block text-sm font-medium text-ink">
                    {t('adminContent.field.sources')}
                  </label>
                  <input
                    id="article-sources"
                    maxLength={64}
                    value={form.sources}
                    onChange={(e) => set('sources', e.target.value)}
                    className={inputClass(false)}
                  />
                </div>
                <fieldset>
                  <legend className="mb-1 text-sm font-medium text-ink">{t('adminContent.field.contentType')}</legend>
                  <div className="flex gap-6">
                    {(['ARTICLE', 'INFORMATION'] as const).map((type) => (
                      <label key={type} className="flex items-center gap-1.5 text-sm">
                        <input type="radio" name="contentType" checked={form.contentType === type} onChange={() => set('contentType', type)} />
                        {type === 'ARTICLE' ? t('adminContent.field.article') : t('adminContent.field.video')}
                      </label>
                    ))}
                  </div>
                </fieldset>
              </>
            ) : (
              <div>
                <label htmlFor="article-writer" className="mb-1 block text-sm font-medium text-ink">
                  {t('adminContent.field.writer')}
                </label>
                <input
                  id="article-writer"
                  maxLength={32}
                  value={form.writerName}
                  onChange={(e) => set('writerName', e.target.value)}
                  className={inputClass(false)}
                />
              </div>
            )}
            {kind === 'news' && form.contentType === 'INFORMATION' ? (
              <div>
                <label htmlFor="article-video" className="mb-1 block text-sm font-medium text-ink">
                  {t('adminContent.field.videoUrl')}
                </label>
                <input
                  id="article-video"
                  type="url"
                  placeholder="https://"
                  value={form.content}
                  onChange={(e) => set('content', e.target.value)}
                  className={inputClass(false)}
                />
              </div>
            ) : !mounted ? (
              <p className="text-sm text-muted">{t('adminContent.loading')}</p>
            ) : (
              <Suspense fallback={<p className="text-sm text-muted">{t('adminContent.loading')}</p>}>
                <RichTextEditor
                  // A new editor when switching between an article and a video, so it starts from the form's text.
                  key={`${form.contentType}-${loaded.data?.id ?? 'new'}`}
                  label={t('adminContent.field.body')}
                  value={form.contentType === 'ARTICLE' ? form.content : ''}
                  onChange={(html) => set('content', html)}
                  uploadPurpose={UPLOAD_PURPOSE.contentImage}
                />
              </Suspense>
            )}
          </div>
        </Section>
        <Section title={t('adminContent.col.actions')}>
          <div className="flex flex-wrap items-end gap-3">
            <Button type="submit" kind="primary" disabled={busy}>
              {state && state !== 'draft' ? t('adminContent.save') : t('adminContent.saveDraft')}
            </Button>
            <Button disabled={busy} onClick={() => void preview()}>
              {t('adminContent.preview')}
            </Button>
            {state !== 'published' ? (
              <Button disabled={busy} onClick={() => void act(publish, () => t('adminContent.published'))}>
                {t('adminContent.publishNow')}
              </Button>
            ) : null}
            {state === 'published' || state === 'scheduled' ? (
              <Button kind="danger" disabled={busy} onClick={() => void act(unpublish, () => t('adminContent.withdrawnDone'))}>
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
                <Button disabled={busy || !when} onClick={() => void act(schedule, (i) => t('adminContent.scheduledFor', { time: timeText(i.publishAt) }))}>
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
      </form>
    </div>
  );
}
