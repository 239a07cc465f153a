import { useEffect, useRef, useState } from 'react';
import * as pdfjs from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { t } from '~/lib/i18n/messages/classroom';

pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

type Doc = Awaited<ReturnType<typeof pdfjs.getDocument>['promise']>;

/**
 * A PDF shown in the page (pdf.js), one page at a time at the width of its box, with previous and
 * next page buttons; loaded lazily only when a document lesson opens. A file that cannot be read
 * says so and leaves the download link beside it.
 */
export default function PdfViewer({ url, name }: { url: string; name: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [doc, setDoc] = useState<Doc | null>(null);
  const [page, setPage] = useState(1);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  /** The page render in progress: cancelled before the document's worker ends. */
  const rendering = useRef<{ cancel(): void } | null>(null);

  useEffect(() => {
    let live = true;
    const task = pdfjs.getDocument({ url });
    task.promise.then(
      (d) => {
        if (!live) return;
        setDoc(d);
        setState('ready');
      },
      () => live && setState('failed'),
    );
    return () => {
      live = false;
      // Cancel a page still rendering before ending the worker (React runs this cleanup before the
      // page effect's). A document still opening is ended once it has opened (or failed): pdf.js's
      // worker throws an error nothing can catch when it is ended while it reads the document's
      // structure, and opening needs only the first pieces of the file, not the whole of it.
      rendering.current?.cancel();
      rendering.current = null;
      const end = () => void task.destroy().catch(() => undefined);
      task.promise.then(end, end);
    };
  }, [url]);

  useEffect(() => {
    if (!doc || !canvas.current || !box.current) return;
    let cancelled = false;
    let render: { cancel(): void } | null = null;
    // Leaving the lesson ends the worker: a page still on its way is then dropped quietly.
    doc.getPage(page).then(
      (p) => {
        if (cancelled || !canvas.current || !box.current) return;
        const width = box.current.clientWidth || 600;
        const base = p.getViewport({ scale: 1 });
        const ratio = window.devicePixelRatio || 1;
        const viewport = p.getViewport({ scale: (width / base.width) * ratio });
        const c = canvas.current;
        c.width = Math.floor(viewport.width);
        c.height = Math.floor(viewport.height);
        c.style.width = `${Math.floor(viewport.width / ratio)}px`;
        const task = p.render({ canvas: c, viewport });
        render = task;
        rendering.current = task;
        task.promise.catch(() => undefined);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
      render?.cancel();
    };
  }, [doc, page]);

  if (state === 'failed') return <p className="py-8 text-center text-sm text-slate-600">{t('classroom.pdfFailed')}</p>;
  const total = doc?.numPages ?? 0;
  return (
    <div ref={box} className="min-w-0">
      {state === 'loading' && <p className="py-8 text-center text-sm text-slate-600">{t('classroom.pdfLoading')}</p>}
      <canvas
        ref={canvas}
        role="img"
        aria-label={`${name} ${t('classroom.pdfPage', { n: page, total })}`}
        className="mx-auto block max-w-full border border-slate-200"
      />
      {total > 0 && (
        <div className="mt-2 flex items-center justify-center gap-3 text-sm">
          <button
            type="button"
            disabled={page <= 1}
            onClick={() => setPage((n) => Math.max(1, n - 1))}
            className="rounded border border-slate-300 px-3 py-1 disabled:opacity-50"
          >
            {t('classroom.previousPage')}
          </button>
          <span aria-live="polite">{t('classroom.pdfPage', { n: page, total })}</span>
          <button
            type="button"
            disabled={page >= total}
            onClick={() => setPage((n) => Math.min(total, n + 1))}
            className="rounded border border-slate-300 px-3 py-1 disabled:opacity-50"
          >
            {t('classroom.nextPage')}
          </button>
        </div>
      )}
    </div>
  );
}
