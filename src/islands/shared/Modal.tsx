import { useEffect, useId, useRef, type ReactNode } from 'react';
import { t } from '~/lib/i18n/messages/common';

/** The dialog body's padding (the title bar's is the same sideways). */
const DIALOG_PADDING = 'p-4';

interface Props {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Tailwind width classes of the panel. */
  width?: string;
  /** Hide the title visually (still announced). */
  hideTitle?: boolean;
  /** 'right': a drawer along the right edge, full height (the classroom's question drawer). */
  placement?: 'center' | 'right';
}

/**
 * An accessible modal on the native <dialog>: labelled by its title, Escape closes, focus moves
 * in and returns to where it was, and the page behind does not scroll while it is open. The body
 * has the one inner padding every dialog shares (DIALOG_PADDING): callers add none of their own, so
 * every dialog, staff or learner, looks the same. Their buttons end the body: 取消 first, then the
 * main action on the right (tests/e2e/dialogs.spec.ts checks both).
 */
export function Modal({ open, title, onClose, children, width = 'w-[min(92vw,720px)]', hideTitle = false, placement = 'center' }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const before = document.activeElement as HTMLElement | null;
      const overflow = document.documentElement.style.overflow;
      document.documentElement.style.overflow = 'hidden';
      dialog.showModal();
      return () => {
        document.documentElement.style.overflow = overflow;
        if (dialog.open) dialog.close();
        before?.focus?.();
      };
    }
    return undefined;
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className={
        placement === 'right'
          ? `my-0 ml-auto mr-0 h-full max-h-full bg-white p-0 shadow-2xl backdrop:bg-black/50 ${width}`
          : `m-auto max-h-[92vh] rounded-xl bg-white p-0 shadow-2xl backdrop:bg-black/50 ${width}`
      }
    >
      {open && (
        <div className={`flex flex-col ${placement === 'right' ? 'h-full' : 'max-h-[92vh]'}`}>
          <div className="flex items-center justify-between border-b border-slate-100 px-4 py-3">
            <h2 id={titleId} className={hideTitle ? 'sr-only' : 'text-base font-semibold'}>
              {title}
            </h2>
            <button type="button" onClick={onClose} className="ml-auto rounded px-2 py-1 text-slate-600 hover:bg-slate-100" aria-label={t('common.close')}>
              ✕
            </button>
          </div>
          <div data-dialog-body className={`min-h-0 overflow-y-auto ${DIALOG_PADDING}`}>
            {children}
          </div>
        </div>
      )}
    </dialog>
  );
}
