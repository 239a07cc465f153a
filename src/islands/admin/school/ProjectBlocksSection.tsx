import { useState } from 'react';
import { t } from '~/lib/i18n/messages/admin-school';
import * as api from '~/lib/api/contracts/admin-school';
import type { ProjectBlockAdmin, ProjectBlockInput } from '~/lib/api/contracts/admin-school';
import { staffSend } from '~/lib/api/staff-client';
import { confirmDialog } from '~/lib/confirm';
import { check } from '~/lib/rules/rule';
import * as rules from '~/lib/school/settings';
import { toast } from '~/lib/toast';
import { UPLOAD_PURPOSE } from '~/lib/uploads';
import { Modal } from '../../shared/Modal';
import { RichTextField } from '../editor/RichTextField';
import { Button, LoadState, Section, TableBox, td, th, useLoaded } from '../shared';
import { Field, failText } from './form-bits';

/**
 * /school-info's project introduction (本项目's detail tabs): each block a tab with a heading and a
 * rich text written in the staff side's one editor; added last, moved up and down, hidden, deleted.
 * Every change is published at once.
 */

const MAX = 100_000;
const EMPTY: ProjectBlockInput = { title: '', name: '', content: '', published: true };
/** The editor's empty document: nothing written yet. */
const isBlank = (html: string) => html.replace(/<p>\s*<\/p>/g, '').trim() === '';

function BlockForm({ initial, onDone }: { initial: ProjectBlockAdmin | null; onDone: () => void }) {
  const [v, setV] = useState<ProjectBlockInput>(() =>
    initial ? { title: initial.title, name: initial.name, content: initial.content, published: initial.published } : EMPTY,
  );
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const errors: Record<string, string | null> = {
    title: check(rules.plainText(t('school.blocks.field.title'), 60, true), v.title),
    name: check(rules.plainText(t('school.blocks.field.name'), 20), v.name),
    content: isBlank(v.content) ? t('school.blocks.contentRequired') : v.content.length > MAX ? t('school.blocks.contentTooLong', { max: MAX }) : null,
  };
  const err = (k: string) => (tried ? errors[k] : null);

  async function submit() {
    setTried(true);
    if (Object.values(errors).some(Boolean)) return;
    setBusy(true);
    try {
      if (initial) await staffSend(api.updateProjectBlock, v, { params: { id: initial.id } });
      else await staffSend(api.createProjectBlock, v);
      toast(t('school.blocks.saved'), 'success');
      onDone();
    } catch (e) {
      toast(failText(e, t('common.systemBusy')), 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      className="grid gap-3 sm:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Field
        id="block-title"
        label={t('school.blocks.field.title')}
        value={v.title}
        onValue={(title) => setV((o) => ({ ...o, title }))}
        error={err('title')}
        required
      />
      <Field
        id="block-name"
        label={t('school.blocks.field.name')}
        value={v.name}
        onValue={(name) => setV((o) => ({ ...o, name }))}
        error={err('name')}
        hint={t('school.blocks.field.nameHint')}
      />
      <div className="sm:col-span-2">
        <RichTextField
          label={t('school.blocks.field.content')}
          value={v.content}
          onValue={(content) => setV((o) => ({ ...o, content }))}
          error={err('content')}
          uploadPurpose={UPLOAD_PURPOSE.contentImage}
        />
      </div>
      <label className="flex items-center gap-2 text-sm text-ink sm:col-span-2">
        <input type="checkbox" checked={v.published} onChange={(e) => setV((o) => ({ ...o, published: e.target.checked }))} className="h-4 w-4" />
        {t('school.blocks.field.published')}
      </label>
      <div className="flex gap-3 sm:col-span-2">
        <Button kind="primary" type="submit" disabled={busy}>
          {t('school.admin.save')}
        </Button>
        <Button onClick={onDone} disabled={busy}>
          {t('school.admin.cancel')}
        </Button>
      </div>
    </form>
  );
}

export function ProjectBlocksSection() {
  const list = useLoaded(() => staffSend(api.adminProjectBlocks, {}));
  const [editing, setEditing] = useState<ProjectBlockAdmin | 'new' | null>(null);
  const [busy, setBusy] = useState(false);

  async function move(index: number, by: -1 | 1) {
    const blocks = list.data ?? [];
    const ids = blocks.map((b) => b.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    setBusy(true);
    try {
      await staffSend(api.orderProjectBlocks, { ids });
      toast(t('school.blocks.ordered'), 'success');
    } catch (e) {
      toast(failText(e, t('common.systemBusy')), 'error');
    } finally {
      setBusy(false);
    }
    list.reload();
  }

  async function remove(b: ProjectBlockAdmin) {
    if (!(await confirmDialog(t('school.blocks.confirmDelete', { name: b.title })))) return;
    try {
      await staffSend(api.deleteProjectBlock, {}, { params: { id: b.id } });
      toast(t('school.blocks.deleted'), 'success');
    } catch (e) {
      toast(failText(e, t('common.systemBusy')), 'error');
    }
    list.reload();
  }

  return (
    <Section title={t('school.blocks.title')} actions={<Button onClick={() => setEditing('new')}>{t('school.blocks.add')}</Button>}>
      <p className="mb-3 text-sm text-slate-600">
        {t('school.blocks.hint')}{' '}
        <a href="/school-info" target="_blank" rel="noopener" className="text-brand underline">
          /school-info
        </a>
      </p>
      {list.data === null ? (
        <LoadState error={list.error} onRetry={list.reload} />
      ) : list.data.length === 0 ? (
        <p className="text-sm text-slate-600">{t('school.blocks.empty')}</p>
      ) : (
        <TableBox label={t('school.blocks.title')}>
          <thead>
            <tr>
              <th className={th}>{t('school.blocks.colOrder')}</th>
              <th className={th}>{t('school.blocks.colTitle')}</th>
              <th className={th}>{t('school.blocks.colName')}</th>
              <th className={th}>{t('school.blocks.colShown')}</th>
              <th className={th}>{t('school.points.colActions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((b, i, all) => (
              <tr key={b.id}>
                <td className={td}>{i + 1}</td>
                <td className={td}>{b.title}</td>
                <td className={td}>{b.name || b.title}</td>
                <td className={td}>{b.published ? '✓' : '—'}</td>
                <td className={`${td} whitespace-nowrap`}>
                  <span className="flex gap-2">
                    <Button onClick={() => void move(i, -1)} disabled={busy || i === 0}>
                      {t('school.blocks.moveUp')}
                    </Button>
                    <Button onClick={() => void move(i, 1)} disabled={busy || i === all.length - 1}>
                      {t('school.blocks.moveDown')}
                    </Button>
                    <Button onClick={() => setEditing(b)}>{t('school.admin.edit')}</Button>
                    <Button kind="danger" onClick={() => void remove(b)}>
                      {t('school.admin.delete')}
                    </Button>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </TableBox>
      )}
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('school.blocks.add') : t('school.blocks.edit')}
        onClose={() => setEditing(null)}
        width="w-[min(94vw,820px)]"
      >
        {editing !== null && (
          <BlockForm
            key={editing === 'new' ? 'new' : editing.id}
            initial={editing === 'new' ? null : editing}
            onDone={() => {
              setEditing(null);
              list.reload();
            }}
          />
        )}
      </Modal>
    </Section>
  );
}
