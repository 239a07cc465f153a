import { useId, useRef, useState } from 'react';
import { upload } from '~/lib/api/contracts/staff';
import { staffSend } from '~/lib/api/staff-client';
import { t } from '~/lib/i18n/messages/admin';
import { UPLOAD_IMAGE_ACCEPT, UPLOAD_IMAGE_MAX_BYTES, type UploadPurpose } from '~/lib/uploads';
import { Button } from './shared';

const MAX_MB = UPLOAD_IMAGE_MAX_BYTES / (1024 * 1024);

/** Sends one picture to the portal's storage; its address on the school's site. Refusals throw with the server's reason. */
async function uploadImage(file: File, purpose: UploadPurpose): Promise<string> {
  const form = new FormData();
  form.set('file', file);
  form.set('purpose', purpose);
  return (await staffSend(upload, form)).url;
}

/**
 * Picking a picture and sending it: too large a file is said before sending, a refusal is said in
 * `setError` with the server's reason, and the file input is emptied after (the same file can be
 * picked again). `input` is the hidden file input's ref, `pick` its change.
 */
export function useImagePick(purpose: UploadPurpose, onUploaded: (url: string, file: File) => void, setError: (message: string | null) => void) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (file.size > UPLOAD_IMAGE_MAX_BYTES) {
      setError(t('admin.upload.tooLarge', { max: MAX_MB }));
      return;
    }
    setBusy(true);
    try {
      onUploaded(await uploadImage(file, purpose), file);
    } catch (e) {
      setError(e instanceof Error ? e.message : t('common.systemBusy'));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return { input, busy, pick };
}

/**
 * A picture field of a staff form: the current picture, a button that picks and uploads a new one
 * (the size said before sending; the type and size decided by the server), the reason when it is
 * refused, and removing it when the field may be empty.
 */
export function ImageField({
  label,
  value,
  onChange,
  purpose,
  optional = false,
  fits,
}: {
  label: string;
  value: string;
  onChange: (url: string) => void;
  purpose: UploadPurpose;
  optional?: boolean;
  /** What picture fits where it is shown (its shape and size), said beside the file types. */
  fits?: string;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const { input, busy, pick } = useImagePick(purpose, onChange, setError);

  return (
    <div className="space-y-2">
      <span id={`${id}-label`} className="block text-sm font-medium text-slate-700">
        {label}
      </span>
      <div className="flex flex-wrap items-center gap-3">
        {value ? (
          <img src={value} alt={label} className="h-16 max-w-[12rem] rounded border border-slate-200 bg-slate-50 object-contain" />
        ) : (
          <span className="text-sm text-slate-500">{t('admin.upload.none')}</span>
        )}
        <input
          ref={input}
          id={id}
          type="file"
          accept={UPLOAD_IMAGE_ACCEPT}
          className="sr-only"
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint`}
          onChange={(e) => void pick(e.target.files?.[0])}
        />
        <Button onClick={() => input.current?.click()} disabled={busy}>
          {busy ? t('admin.upload.busy') : value ? t('admin.upload.replace') : t('admin.upload.choose')}
        </Button>
        {optional && value ? (
          <Button kind="danger" onClick={() => onChange('')} disabled={busy}>
            {t('admin.upload.remove')}
          </Button>
        ) : null}
      </div>
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {fits ? `${fits} ` : ''}
        {t('admin.upload.hint', { max: MAX_MB })}
      </p>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
