import { t } from '~/lib/i18n/messages/admin';
import { Button } from '../shared';

/**
 * A staff form's submit button (`save`: the words of what it saves), disabled while the form is
 * sent, and 取消 before it (`lockCancel`: disabled then too, where cancelling mid-way would leave a
 * half-done change unseen): 取消 first and the main action last, on the right, as in every dialog.
 */
export function FormButtons({
  save,
  onCancel,
  busy = false,
  lockCancel = false,
  className = 'flex flex-wrap justify-end gap-2',
}: {
  save: string;
  onCancel: () => void;
  busy?: boolean;
  lockCancel?: boolean;
  /** The row's layout (its gap, the grid columns it spans). */
  className?: string;
}) {
  return (
    <div className={className}>
      <Button onClick={onCancel} disabled={lockCancel && busy}>
        {t('common.cancel')}
      </Button>
      <Button kind="primary" type="submit" disabled={busy}>
        {save}
      </Button>
    </div>
  );
}
