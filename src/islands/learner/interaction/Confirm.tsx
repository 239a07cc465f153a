import { Modal } from '~/islands/shared/Modal';

interface Props {
  open: boolean;
  title: string;
  text: string;
  yes: string;
  no: string;
  onYes: () => void;
  onNo: () => void;
  /** Escape or ✕: neither answer (stay where you were). */
  onClose: () => void;
  busy?: boolean;
}

/** A question with two answers, as a small dialog named by its title. */
export function Confirm({ open, title, text, yes, no, onYes, onNo, onClose, busy = false }: Props) {
  return (
    <Modal open={open} title={title} onClose={onClose} width="w-[min(92vw,420px)]">
      <div className="space-y-4">
        <p className="text-sm text-slate-700">{text}</p>
        <div className="flex justify-end gap-2">
          <button type="button" onClick={onNo} disabled={busy} className="rounded-md border border-slate-300 px-4 py-1.5 text-sm hover:bg-slate-50">
            {no}
          </button>
          <button
            type="button"
            onClick={onYes}
            disabled={busy}
            className="rounded-md bg-brand px-4 py-1.5 text-sm text-white hover:opacity-90 disabled:opacity-60"
          >
            {yes}
          </button>
        </div>
      </div>
    </Modal>
  );
}
