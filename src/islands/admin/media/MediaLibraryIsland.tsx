import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react';
import type Uppy from '@uppy/core';
import { t } from '~/lib/i18n/messages/admin-media';
import * as api from '~/lib/api/contracts/admin-media';
import type { AdminMediaAsset } from '~/lib/api/contracts/admin-media';
import type { StaffMe } from '~/lib/api/contracts/staff';
import type { Page } from '~/lib/paging';
import { setCsrfToken, staffSend } from '~/lib/api/staff-client';
import { confirmDialog } from '~/lib/confirm';
import { toast } from '~/lib/toast';
import {
  MEDIA_ACCEPT,
  MEDIA_CHUNK_BYTES,
  MEDIA_KINDS,
  MEDIA_MAX_BYTES,
  MEDIA_STATES,
  MEDIA_UPLOAD_PATH,
  type MediaKind,
  type MediaState,
  uploadRefusalMessage,
} from '~/lib/media-library';
import { inputClass } from '../../shared/fields';
import { PagerButtons } from '../../shared/PagerButtons';
import { Button, LoadState, PageTitle, Section, TableBox, td, th, timeText } from '../shared';

/**
 * The media library (/admin/media): upload files (pick or drop several; a progress bar each; pause
 * and resume; a dropped connection is retried and resumed where it stopped, and a file picked again
 * after a reload continues its upload) through the resumable tus protocol (Uppy); the list with
 * kind and state filters, name search and pages, each file's duration, renditions, processing
 * progress or failure; retry a failed processing, rename, delete.
 */

const PAGE_SIZE = 10;
const MIB = 1024 * 1024;
/** While a file is processing, the list is read again this often. */
const POLL_MS = 2_000;

interface UploadRow {
  id: string;
  name: string;
  percent: number;
  paused: boolean;
  done: boolean;
  error: string | null;
}

interface Query {
  current: number;
  kind: MediaKind | '';
  state: MediaState | '';
  name: string;
}

const sizeText = (bytes: number) => (bytes >= MIB ? `${(bytes / MIB).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

function durationText(ms: number | null): string {
  if (ms === null) return '—';
  const total = Math.round(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

const UPPY_LOGGER = {
  debug: () => undefined,
  warn: (...args: unknown[]) => console.warn(...args),
  error: (...args: unknown[]) => console.warn(...args),
};

/** The server's words from a refused upload (its body is the portal's envelope). */
const reasonOf = (error: unknown): string => uploadRefusalMessage(error) ?? t('common.systemBusy');

export default function MediaLibraryIsland({ me }: { me: StaffMe }) {
  setCsrfToken(me.csrfToken);
  const uppy = useRef<Uppy | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<UploadRow[]>([]);
  const [dragging, setDragging] = useState(false);
  const [query, setQuery] = useState<Query>({ current: 1, kind: '', state: '', name: '' });
  const [nameInput, setNameInput] = useState('');
  const [page, setPage] = useState<Page<AdminMediaAsset> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const [reloads, setReloads] = useState(0);
  const reload = useCallback(() => setReloads((n) => n + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reloads` asks for the same query again (after a change, while processing).
  useEffect(() => {
    let live = true;
    setError(null);
    staffSend(api.adminMediaPage, {
      current: query.current,
      size: PAGE_SIZE,
      ...(query.kind ? { kind: query.kind } : {}),
      ...(query.state ? { state: query.state } : {}),
      ...(query.name ? { name: query.name } : {}),
    }).then(
      (p) => live && setPage(p),
      (e: unknown) => live && setError(e instanceof Error ? e.message : t('common.systemBusy')),
    );
    return () => {
      live = false;
    };
  }, [query, reloads]);

  // While something is processing, its progress is read again until it is ready or failed.
  const processing = page?.records.some((r) => r.state === 'processing') ?? false;
  useEffect(() => {
    if (!processing) return;
    const timer = setInterval(reload, POLL_MS);
    return () => clearInterval(timer);
  }, [processing, reload]);

  // The uploader, made in the browser only (Uppy with its tus plugin, loaded when the screen opens).
  useEffect(() => {
    let made: Uppy | null = null;
    let gone = false;
    void Promise.all([import('@uppy/core'), import('@uppy/tus')]).then(([{ default: UppyCore }, { default: Tus }]) => {
      if (gone) return;
      made = new UppyCore({
        autoProceed: true,
        restrictions: { allowedFileTypes: MEDIA_ACCEPT.split(',') },
        // A refused upload is the person's to read on the screen (its row says the server's reason);
        // Uppy's copy in the console is a warning for developers, not a fault of the page.
        logger: UPPY_LOGGER,
      }).use(Tus, {
        endpoint: MEDIA_UPLOAD_PATH,
        chunkSize: MEDIA_CHUNK_BYTES,
        // A dropped connection is tried again after these pauses, continuing from the offset the server has.
        retryDelays: [0, 1000, 3000, 5000, 10000, 20000],
        headers: { 'X-CSRF-Token': me.csrfToken },
        removeFingerprintOnSuccess: true,
        withCredentials: true,
      });
      const sync = () => {
        if (!made) return;
        setUploads((old) =>
          made!.getFiles().map((f) => {
            const before = old.find((o) => o.id === f.id);
            const total = f.progress.bytesTotal ?? f.size ?? 0;
            const percent = f.progress.uploadComplete ? 100 : total ? Math.floor(((f.progress.bytesUploaded || 0) / total) * 100) : 0;
            return { id: f.id, name: f.name ?? '', percent, paused: !!f.isPaused, done: !!f.progress.uploadComplete, error: before?.error ?? null };
          }),
        );
      };
      made.on('state-update', sync);
      made.on('upload-success', () => reload());
      made.on('upload-error', (file, err) => {
        if (!file) return;
        setUploads((old) => old.map((u) => (u.id === file.id ? { ...u, error: reasonOf(err) } : u)));
      });
      made.on('restriction-failed', () => toast(t('adminMedia.error.badType'), 'error'));
      uppy.current = made;
    });
    return () => {
      gone = true;
      made?.destroy();
      uppy.current = null;
    };
  }, [me.csrfToken, reload]);

  function addFiles(list: FileList | null) {
    const u = uppy.current;
    if (!u || !list) return;
    for (const file of Array.from(list)) {
      try {
        u.addFile({ name: file.name, type: file.type, data: file, source: 'Local' });
      } catch {
        // Refused by the restrictions: said by the restriction-failed handler.
      }
    }
  }

  function retryUpload(id: string) {
    setUploads((old) => old.map((u) => (u.id === id ? { ...u, error: null } : u)));
    void uppy.current?.retryUpload(id);
  }

  async function act(run: () => Promise<unknown>) {
    try {
      await run();
      reload();
    } catch (e) {
      toast(e instanceof Error ? e.message : t('common.systemBusy'), 'error');
    }
  }

  const remove = async (row: AdminMediaAsset) => {
    if (await confirmDialog(t('adminMedia.confirmDelete', { name: row.name })))
      await act(() => staffSend(api.adminMediaDelete, {}, { params: { id: row.id } }));
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    addFiles(e.dataTransfer.files);
  };

  const limits = t('adminMedia.limits', Object.fromEntries(Object.entries(MEDIA_MAX_BYTES).map(([k, v]) => [k, v / MIB])) as Record<string, number>);

  return (
    <div>
      <PageTitle>{t('adminMedia.title')}</PageTitle>
      <Section title={t('adminMedia.upload')}>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a shortcut; the keyboard's way is the labelled file picker inside. */}
        <div
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={`rounded-xl border-2 border-dashed p-6 text-center ${dragging ? 'border-brand bg-brand/5' : 'border-slate-300'}`}
        >
          <p className="mb-3 text-sm text-ink">{t('adminMedia.dropHint')}</p>
          <input
            ref={picker}
            id="media-files"
            type="file"
            multiple
            accept={MEDIA_ACCEPT}
            className="sr-only"
            onChange={(e) => {
              addFiles(e.target.files);
              e.target.value = '';
            }}
          />
          <label htmlFor="media-files" className="inline-block cursor-pointer rounded-lg bg-brand px-4 py-2 text-sm font-medium text-white hover:bg-brand-dark">
            {t('adminMedia.pick')}
          </label>
          <p className="mt-3 text-xs text-muted">{limits}</p>
        </div>
        {uploads.length > 0 && (
          <ul aria-label={t('adminMedia.uploads')} className="mt-4 space-y-3">
            {uploads.map((u) => (
              <li key={u.id} className="rounded-lg border border-slate-200 p-3">
                <div className="mb-2 flex flex-wrap items-center justify-between gap-2 text-sm">
                  <span className="min-w-0 break-all font-medium text-ink">{u.name}</span>
                  <span className="flex items-center gap-2">
                    <span className="text-muted">{u.done ? t('adminMedia.uploadDone') : u.paused ? t('adminMedia.uploadPaused') : `${u.percent}%`}</span>
                    {!u.done && !u.error && (
                      <Button onClick={() => uppy.current?.pauseResume(u.id)}>{u.paused ? t('adminMedia.resume') : t('adminMedia.pause')}</Button>
                    )}
                    {u.error && <Button onClick={() => retryUpload(u.id)}>{t('adminMedia.uploadRetry')}</Button>}
                    {!u.done && <Button onClick={() => uppy.current?.removeFile(u.id)}>{t('adminMedia.cancel')}</Button>}
                  </span>
                </div>
                <progress className="h-2 w-full" max={100} value={u.percent} aria-label={t('adminMedia.progressOf', { name: u.name })} />
                {u.error && (
                  <p role="alert" className="mt-1 text-xs text-red-700">
                    {t('adminMedia.uploadFailed', { reason: u.error })}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={t('adminMedia.title')}>
        <form
          className="mb-4 flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            setQuery((q) => ({ ...q, current: 1, name: nameInput.trim() }));
          }}
        >
          <label className="text-sm">
            <span className="mb-1 block font-medium text-ink">{t('adminMedia.col.kind')}</span>
            <select
              className={inputClass(false)}
              value={query.kind}
              onChange={(e) => setQuery((q) => ({ ...q, current: 1, kind: e.target.value as MediaKind | '' }))}
            >
              <option value="">{t('adminMedia.allKinds')}</option>
              {MEDIA_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`adminMedia.kind.${k}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm">
            <span className="mb-1 block font-medium text-ink">{t('adminMedia.col.state')}</span>
            <select
              className={inputClass(false)}
              value={query.state}
              onChange={(e) => setQuery((q) => ({ ...q, current: 1, state: e.target.value as MediaState | '' }))}
            >
              <option value="">{t('adminMedia.allStates')}</option>
              {MEDIA_STATES.filter((s) => s !== 'uploading').map((s) => (
                <option key={s} value={s}>
                  {t(`adminMedia.state.${s}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm">
            <span className="mb-1 block font-medium text-ink">{t('adminMedia.searchName')}</span>
            <input className={inputClass(false)} type="search" value={nameInput} maxLength={120} onChange={(e) => setNameInput(e.target.value)} />
          </label>
          <Button type="submit" kind="primary">
            {t('adminMedia.search')}
          </Button>
        </form>
        {!page ? (
          <LoadState error={error} onRetry={reload} />
        ) : page.records.length === 0 ? (
          <p className="py-4 text-sm text-muted">{t('adminMedia.empty')}</p>
        ) : (
          <TableBox label={t('adminMedia.title')}>
            <thead>
              <tr>
                <th className={th}>{t('adminMedia.col.name')}</th>
                <th className={th}>{t('adminMedia.col.kind')}</th>
                <th className={th}>{t('adminMedia.col.size')}</th>
                <th className={th}>{t('adminMedia.col.duration')}</th>
                <th className={th}>{t('adminMedia.col.renditions')}</th>
                <th className={th}>{t('adminMedia.col.state')}</th>
                <th className={th}>{t('adminMedia.col.createdAt')}</th>
                <th className={th}>{t('adminMedia.col.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {page.records.map((row) => (
                <tr key={row.id}>
                  <td className={td}>
                    {renaming?.id === row.id ? (
                      <form
                        className="flex gap-2"
                        onSubmit={(e) => {
                          e.preventDefault();
                          void act(() => staffSend(api.adminMediaRename, { name: renaming.name }, { params: { id: row.id } })).then(() => setRenaming(null));
                        }}
                      >
                        <input
                          aria-label={t('adminMedia.newName')}
                          className={inputClass(false)}
                          value={renaming.name}
                          maxLength={120}
                          onChange={(e) => setRenaming({ id: row.id, name: e.target.value })}
                        />
                        <Button type="submit" kind="primary">
                          {t('adminMedia.save')}
                        </Button>
                      </form>
                    ) : (
                      <a href={row.url} target="_blank" rel="noopener" className="break-all text-brand hover:underline">
                        {row.name}
                      </a>
                    )}
                  </td>
                  <td className={td}>{t(`adminMedia.kind.${row.kind}`)}</td>
                  <td className={td}>{sizeText(row.size)}</td>
                  <td className={td}>{durationText(row.durationMs)}</td>
                  <td className={td}>{row.renditions.length ? row.renditions.map((r) => r.quality).join(' / ') : '—'}</td>
                  <td className={td}>
                    {row.state === 'processing' ? (
                      <div>
                        <span>{t('adminMedia.processing', { progress: row.progress })}</span>
                        <progress className="mt-1 block h-2 w-24" max={100} value={row.progress} aria-label={t('adminMedia.progressOf', { name: row.name })} />
                      </div>
                    ) : (
                      <span className={row.state === 'failed' ? 'text-red-700' : ''}>{t(`adminMedia.state.${row.state}`)}</span>
                    )}
                    {row.error && <p className="mt-1 max-w-xs break-words text-xs text-red-700">{row.error}</p>}
                  </td>
                  <td className={td}>{timeText(row.createdAt)}</td>
                  <td className={td}>
                    <div className="flex flex-wrap gap-2">
                      {row.state === 'failed' && (
                        <Button onClick={() => void act(() => staffSend(api.adminMediaRetry, {}, { params: { id: row.id } }))}>{t('adminMedia.retry')}</Button>
                      )}
                      {/* Renaming and deleting are the uploader's and the administrators' (the server refuses others too). */}
                      {row.mayChange && (
                        <>
                          <Button onClick={() => setRenaming({ id: row.id, name: row.name })}>{t('adminMedia.rename')}</Button>
                          <Button kind="danger" onClick={() => void remove(row)}>
                            {t('adminMedia.delete')}
                          </Button>
                        </>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </TableBox>
        )}
        {page && page.pages > 1 && (
          <PagerButtons label={t('adminMedia.title')} current={page.current} pages={page.pages} onChange={(current) => setQuery((q) => ({ ...q, current }))} />
        )}
      </Section>
    </div>
  );
}
