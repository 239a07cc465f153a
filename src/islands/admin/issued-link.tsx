import { useState } from 'react';
import { t } from '~/lib/i18n/messages/admin';
import { Button } from './shared';

/**
 * A one-time link just made (an invitation, a password reset), shown this once to the
 * administrator to pass on: what it is, the link in a read-only field, a copy button and 完成.
 */
export function IssuedLink({
  id,
  title,
  hint,
  label,
  url,
  onDone,
}: {
  id: string;
  title: string;
  hint: string;
  label: string;
  url: string;
  onDone: () => void;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="space-y-4">
      <p role="status" className="font-medium text-green-800">
        {title}
      </p>
      <p className="text-sm text-slate-700">{hint}</p>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input id={id} readOnly value={url} onFocus={(e) => e.target.select()} className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm" />
      <div className="flex justify-end gap-2">
        <Button
          onClick={() => {
            void navigator.clipboard?.writeText(url).then(
              () => setCopied(true),
              () => undefined,
            );
          }}
        >
          {copied ? t('admin.accounts.copied') : t('admin.accounts.copy')}
        </Button>
        <Button kind="primary" onClick={onDone}>
          {t('admin.accounts.done')}
        </Button>
      </div>
    </div>
  );
}
