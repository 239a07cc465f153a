import { useCallback, useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import type Uppy from '@uppy/core';
import { t } from '~/lib/i18n/messages/admin-media';
import * as api from '~/lib/api/contracts/admin-media';
import type { AdminMediaAsset } from '~/lib/api/contracts/admin-media';
import type { StaffMe } from '~/lib/api/contracts/staff';
import type { Page } from '~/lib/paging';
import { setCsrfToken, staffSend } from '~/lib/api/staff-client';
import { confirmDialog } from '~/lib/confirm';
import { schemaCheck } from '~/lib/forms/check';
import { MEDIA_NAME_MAX, mediaRenameFields } from '~/lib/forms/media-library';
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
import { Options } from '../kit';

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

const nameCheck = schemaCheck(mediaRenameFields);

/**
 * The uploader (Uppy with its tus plugin, made in the browser only when the screen opens) and its
 * files' rows: progress, paused, done, the server's reason for a refusal.
 */
function useUploader(csrfToken: string, onUploaded: () => void) {
  const uppy = useRef<Uppy | null>(null);
  // Files picked or dropped before the uploader has loaded (a slow connection): added once it has.
  const waiting = useRef<File[]>([]);
  const [uploads, setUploads] = useState<UploadRow[]>([]);

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
        headers: { 'X-CSRF-Token': csrfToken },
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
      made.on('upload-success', () => onUploaded());
      made.on('upload-error', (file, err) => {
        if (!file) return;
        setUploads((old) => old.map((u) => (u.id === file.id ? { ...u, error: reasonOf(err) } : u)));
      });
      made.on('restriction-failed', () => toast(t('adminMedia.error.badType'), 'error'));
      uppy.current = made;
      addTo(made, waiting.current.splice(0));
    });
    return () => {
      gone = true;
      made?.destroy();
      uppy.current = null;
    };
  }, [csrfToken, onUploaded]);

  function addFiles(list: FileList | null) {
    if (!list) return;
    const files = Array.from(list);
    if (uppy.current) addTo(uppy.current, files);
    else waiting.current.push(...files);
  }

  function retry(id: string) {
    setUploads((old) => old.map((u) => (u.id === id ? { ...u, error: null } : u)));
    void uppy.current?.retryUpload(id);
  }

  return {
    uploads,
    addFiles,
    retry,
    pauseResume: (id: string) => uppy.current?.pauseResume(id),
    cancel: (id: string) => uppy.current?.removeFile(id),
  };
}

/** Files into the uploader, which starts sending them at once (autoProceed). */
function addTo(uploader: Uppy, files: File[]): void {
  for (const file of files) {
    try {
      uploader.addFile({ name: file.name, type: file.type, data: file, source: 'Local' });
    } catch {
      // Refused by the restrictions: said by the restriction-failed handler.
    }
  }
}

type Uploader = ReturnType<typeof useUploader>;

/** The drop zone with its file picker, and a row per file being uploaded. */
function UploadSection({ uploader }: { uploader: Uploader }) {
  const [dragging, setDragging] = useState(false);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    uploader.addFiles(e.dataTransfer.files);
  };
  const limits = t('adminMedia.limits', Object.fromEntries(Object.entries(MEDIA_MAX_BYTES).map(([k, v]) => [k, v / MIB])) as Record<string, number>);
  return (
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
          id="media-files"
          type="file"
          multiple
          accept={MEDIA_ACCEPT}
          className="sr-only"
          onChange={(e) => {
            uploader.addFiles(e.target.files);
            e.target.value = '';
          }}
        />
        <label htmlFor="media-files" className="inline-block cursor-pointer rounded-lg bg-brand px-4 py-2 text-sm font-medium text-white hover:bg-brand-dark">
          {t('adminMedia.pick')}
        </label>
        <p className="mt-3 text-xs text-muted">{limits}</p>
      </div>
      {uploader.uploads.length > 0 && (
        <ul aria-label={t('adminMedia.uploads')} className="mt-4 space-y-3">
          {uploader.uploads.map((u) => (
            <UploadItem key={u.id} u={u} uploader={uploader} />
          ))}
        </ul>
      )}
    </Section>
  );
}

function UploadItem({ u, uploader }: { u: UploadRow; uploader: Uploader }) {
  return (
    <li className="rounded-lg border border-slate-200 p-3">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="min-w-0 break-all font-medium text-ink">{u.name}</span>
        <span className="flex items-center gap-2">
          <span className="text-muted">{u.done ? t('adminMedia.uploadDone') : u.paused ? t('adminMedia.uploadPaused') : `${u.percent}%`}</span>
          {!u.done && !u.error && <Button onClick={() => uploader.pauseResume(u.id)}>{u.paused ? t('adminMedia.resume') : t('adminMedia.pause')}</Button>}
          {u.error && <Button onClick={() => uploader.retry(u.id)}>{t('adminMedia.uploadRetry')}</Button>}
          {!u.done && <Button onClick={() => uploader.cancel(u.id)}>{t('adminMedia.cancel')}</Button>}
        </span>
      </div>
      <progress className="h-2 w-full" max={100} value={u.percent} aria-label={t('adminMedia.progressOf', { name: u.name })} />
      {u.error && (
        <p role="alert" className="mt-1 text-xs text-red-700">
          {t('adminMedia.uploadFailed', { reason: u.error })}
        </p>
      )}
    </li>
  );
}

/** A labelled control of the list's filter. */
function FilterField({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the child given, inside the label.
    <label className="text-sm">
      <span className="mb-1 block font-medium text-ink">{label}</span>
      {children}
    </label>
  );
}

/** A filter's choice: every one ('' with the words `all`), or one of `options` ([value, words]). */
function FilterChoice<V extends string>({
  label,
  all,
  value,
  options,
  onValue,
}: {
  label: string;
  all: string;
  value: V | '';
  options: readonly (readonly [V, string])[];
  onValue: (value: V | '') => void;
}) {
  return (
    <FilterField label={label}>
      <select className={inputClass(false)} value={value} onChange={(e) => onValue(e.target.value as V | '')}>
        <Options options={options} none={all} />
      </select>
    </FilterField>
  );
}

/** Kind, state and name filters of the list. */
function MediaFilter({ query, setQuery }: { query: Query; setQuery: (change: (q: Query) => Query) => void }) {
  const [nameInput, setNameInput] = useState('');
  return (
    <form
      className="mb-4 flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        setQuery((q) => ({ ...q, current: 1, name: nameInput.trim() }));
      }}
    >
      <FilterChoice
        label={t('adminMedia.col.kind')}
        all={t('adminMedia.allKinds')}
        value={query.kind}
        options={MEDIA_KINDS.map((k) => [k, t(`adminMedia.kind.${k}`)] as const)}
        onValue={(kind) => setQuery((q) => ({ ...q, current: 1, kind }))}
      />
      <FilterChoice
        label={t('adminMedia.col.state')}
        all={t('adminMedia.allStates')}
        value={query.state}
        options={MEDIA_STATES.filter((s) => s !== 'uploading').map((s) => [s, t(`adminMedia.state.${s}`)] as const)}
        onValue={(state) => setQuery((q) => ({ ...q, current: 1, state }))}
      />
      <FilterField label={t('adminMedia.searchName')}>
        <input className={inputClass(false)} type="search" value={nameInput} maxLength={MEDIA_NAME_MAX} onChange={(e) => setNameInput(e.target.value)} />
      </FilterField>
      <Button type="submit" kind="primary">
        {t('adminMedia.search')}
      </Button>
    </form>
  );
}

/** A file's new name, checked with the route's schema before it is sent. */
function RenameForm({ row, act, onDone }: { row: AdminMediaAsset; act: (run: () => Promise<unknown>) => Promise<void>; onDone: () => void }) {
  const [name, setName] = useState(row.name);
  return (
    <form
      className="flex gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        const wrong = nameCheck('name', name);
        if (wrong) {
          toast(wrong, 'error');
          return;
        }
        void act(() => staffSend(api.adminMediaRename, { name }, { params: { id: row.id } })).then(onDone);
      }}
    >
      <input
        aria-label={t('adminMedia.newName')}
        className={inputClass(false)}
        value={name}
        maxLength={MEDIA_NAME_MAX}
        onChange={(e) => setName(e.target.value)}
      />
      <Button type="submit" kind="primary">
        {t('adminMedia.save')}
      </Button>
    </form>
  );
}

/** A file's state: its processing progress, ready or failed, and the failure's words. */
function StateCell({ row }: { row: AdminMediaAsset }) {
  return (
    <>
      {row.state === 'processing' ? (
        <div>
          <span>{t('adminMedia.processing', { progress: row.progress })}</span>
          <progress className="mt-1 block h-2 w-24" max={100} value={row.progress} aria-label={t('adminMedia.progressOf', { name: row.name })} />
        </div>
      ) : (
        <span className={row.state === 'failed' ? 'text-red-700' : ''}>{t(`adminMedia.state.${row.state}`)}</span>
      )}
      {row.error && <p className="mt-1 max-w-xs break-words text-xs text-red-700">{row.error}</p>}
    </>
  );
}

const COLUMNS = ['name', 'kind', 'size', 'duration', 'renditions', 'state', 'createdAt', 'actions'] as const;

function MediaRow({
  row,
  act,
  renaming,
  setRenaming,
}: {
  row: AdminMediaAsset;
  act: (run: () => Promise<unknown>) => Promise<void>;
  renaming: boolean;
  setRenaming: (on: boolean) => void;
}) {
  const remove = async () => {
    if (await confirmDialog(t('adminMedia.confirmDelete', { name: row.name })))
      await act(() => staffSend(api.adminMediaDelete, {}, { params: { id: row.id } }));
  };
  return (
    <tr>
      <td className={td}>
        {renaming ? (
          <RenameForm row={row} act={act} onDone={() => setRenaming(false)} />
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
        <StateCell row={row} />
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
              <Button onClick={() => setRenaming(true)}>{t('adminMedia.rename')}</Button>
              <Button kind="danger" onClick={() => void remove()}>
                {t('adminMedia.delete')}
              </Button>
            </>
          )}
        </div>
      </td>
    </tr>
  );
}

/** The list's page for its query, read again after a change and while something is processing. */
function useMediaPage() {
  const [query, setQuery] = useState<Query>({ current: 1, kind: '', state: '', name: '' });
  const [page, setPage] = useState<Page<AdminMediaAsset> | null>(null);
  const [error, setError] = useState<string | null>(null);
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

  return { query, setQuery, page, error, reload };
}

export default function MediaLibraryIsland({ me }: { me: StaffMe }) {
  setCsrfToken(me.csrfToken);
  const { query, setQuery, page, error, reload } = useMediaPage();
  const uploader = useUploader(me.csrfToken, reload);
  // One file is renamed at a time.
  const [renaming, setRenaming] = useState<string | null>(null);

  async function act(run: () => Promise<unknown>) {
    try {
      await run();
      reload();
    } catch (e) {
      toast(e instanceof Error ? e.message : t('common.systemBusy'), 'error');
    }
  }

  return (
    <div>
      <PageTitle>{t('adminMedia.title')}</PageTitle>
      <UploadSection uploader={uploader} />
      <Section title={t('adminMedia.title')}>
        <MediaFilter query={query} setQuery={setQuery} />
        {!page ? (
          <LoadState error={error} onRetry={reload} />
        ) : page.records.length === 0 ? (
          <p className="py-4 text-sm text-muted">{t('adminMedia.empty')}</p>
        ) : (
          <TableBox label={t('adminMedia.title')}>
            <thead>
              <tr>
                {COLUMNS.map((c) => (
                  <th key={c} className={th}>
                    {t(`adminMedia.col.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {page.records.map((row) => (
                <MediaRow key={row.id} row={row} act={act} renaming={renaming === row.id} setRenaming={(on) => setRenaming(on ? row.id : null)} />
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
