import { useId, useState, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { editorExtensions } from './extensions';
import { cleanPaste } from './paste';
import { EDITOR_BOX } from './box';
import { t } from '~/lib/i18n/messages/admin-content';
import { UPLOAD_IMAGE_ACCEPT, type UploadPurpose } from '~/lib/uploads';
import { useImagePick } from '../upload';

/**
 * The staff side's one rich-text editor (Tiptap, decision 037): headings, bold, italic, lists,
 * quotes, links, pictures uploaded to the school's storage, undo and redo. It produces plain
 * semantic HTML that the server sanitises when it is saved and the public page again when it is
 * shown (decision 049: exactly what the editor writes survives). A pasted picture from another
 * site or a data: URL, or a pasted or dropped picture file, is not taken: the editor says so
 * (pictures are uploaded with the toolbar's button). The toolbar's buttons are named and say when
 * they are on; the editable area is labelled.
 * Loaded only by the editing screens (lazily), so no other page carries its weight.
 */

export interface RichTextEditorProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  uploadPurpose: UploadPurpose;
}

const SAFE_LINK = /^(https?:\/\/|mailto:|\/)/i;

export default function RichTextEditor({ label, value, onChange, uploadPurpose }: RichTextEditorProps) {
  const labelId = useId();
  const [error, setError] = useState<string | null>(null);
  const editor = useEditor({
    extensions: editorExtensions(),
    content: value,
    // Rendered in the browser only: the screen is a client island.
    immediatelyRender: false,
    editorProps: {
      // Also what a drop of HTML goes through.
      transformPastedHTML: (html) => {
        const { html: clean, droppedPictures } = cleanPaste(html);
        setError(droppedPictures > 0 ? t('adminContent.editor.pictureNotKept', { n: droppedPictures }) : null);
        return clean;
      },
      // A picture file (a screenshot) pasted or dropped is not inserted: it would be a data: URL.
      handlePaste: (_view, event) => refusedFiles(event.clipboardData, setError),
      handleDrop: (_view, event) => refusedFiles(event.dataTransfer, setError),
      attributes: {
        'aria-labelledby': labelId,
        'aria-multiline': 'true',
        role: 'textbox',
        class: 'rich-text min-h-[16rem] max-w-none flex-1 px-4 py-3 focus:outline-none',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });

  return (
    <div>
      <span id={labelId} className="mb-1 block text-sm font-medium text-ink">
        {label}
      </span>
      <div className={`${EDITOR_BOX} focus-within:border-brand`}>
        {editor ? <Toolbar editor={editor} uploadPurpose={uploadPurpose} error={error} setError={setError} /> : null}
        <EditorContent editor={editor} className="flex flex-1 flex-col" />
      </div>
    </div>
  );
}

/**
 * True (the paste or drop is handled: nothing inserted, the editor says why) when it is only
 * picture files. With text beside them (a word processor copies a picture of the selection too)
 * the text is pasted as usual.
 */
function refusedFiles(data: DataTransfer | null | undefined, say: (message: string) => void): boolean {
  const files = [...(data?.files ?? [])];
  if (!data || !files.some((f) => f.type.startsWith('image/')) || data.getData('text/html') || data.getData('text/plain')) return false;
  say(t('adminContent.editor.pictureFileNotKept'));
  return true;
}

function Toolbar({
  editor,
  uploadPurpose,
  error,
  setError,
}: {
  editor: Editor;
  uploadPurpose: UploadPurpose;
  error: string | null;
  setError: (message: string | null) => void;
}) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();

  const link = () => {
    const current = (editor.getAttributes('link')['href'] as string | undefined) ?? '';
    const href = window.prompt(t('adminContent.editor.linkPrompt'), current);
    if (href === null) return;
    if (href.trim() === '') {
      chain().extendMarkRange('link').unsetLink().run();
      return;
    }
    if (!SAFE_LINK.test(href.trim())) {
      setError(t('adminContent.editor.linkInvalid'));
      return;
    }
    setError(null);
    chain().extendMarkRange('link').setLink({ href: href.trim() }).run();
  };

  const {
    input: file,
    busy,
    pick: picture,
  } = useImagePick(
    uploadPurpose,
    (src, picked) =>
      chain()
        .setImage({ src, alt: picked.name.replace(/\.[^.]+$/, '') })
        .run(),
    setError,
  );

  return (
    <div className="border-b border-slate-200">
      <div role="toolbar" aria-label={t('adminContent.editor.toolbar')} className="flex flex-wrap gap-1 p-1.5">
        <Tool label={t('adminContent.editor.h2')} on={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
          H2
        </Tool>
        <Tool label={t('adminContent.editor.h3')} on={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
          H3
        </Tool>
        <Tool label={t('adminContent.editor.bold')} on={state.bold} onClick={() => chain().toggleBold().run()}>
          <b>B</b>
        </Tool>
        <Tool label={t('adminContent.editor.italic')} on={state.italic} onClick={() => chain().toggleItalic().run()}>
          <i>I</i>
        </Tool>
        <Tool label={t('adminContent.editor.bulletList')} on={state.bulletList} onClick={() => chain().toggleBulletList().run()}>
          •≡
        </Tool>
        <Tool label={t('adminContent.editor.orderedList')} on={state.orderedList} onClick={() => chain().toggleOrderedList().run()}>
          1≡
        </Tool>
        <Tool label={t('adminContent.editor.quote')} on={state.quote} onClick={() => chain().toggleBlockquote().run()}>
          “”
        </Tool>
        <Tool label={t('adminContent.editor.link')} on={state.link} onClick={link}>
          🔗
        </Tool>
        <Tool label={t('adminContent.editor.image')} disabled={busy} onClick={() => file.current?.click()}>
          {busy ? '…' : '🖼'}
        </Tool>
        <Tool label={t('adminContent.editor.undo')} disabled={!state.canUndo} onClick={() => chain().undo().run()}>
          ↶
        </Tool>
        <Tool label={t('adminContent.editor.redo')} disabled={!state.canRedo} onClick={() => chain().redo().run()}>
          ↷
        </Tool>
        <input
          ref={file}
          type="file"
          accept={UPLOAD_IMAGE_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-label={t('adminContent.editor.imageFile')}
          onChange={(e) => void picture(e.target.files?.[0])}
        />
      </div>
      {error ? (
        <p role="alert" className="px-3 pb-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Tool({ label, on, disabled, onClick, children }: { label: string; on?: boolean; disabled?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      title={label}
      aria-pressed={on === undefined ? undefined : on}
      disabled={disabled}
      // Keeps the selection in the editor while the button is pressed.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className={`min-w-8 rounded px-2 py-1 text-sm ${on ? 'bg-brand-soft text-brand-dark' : 'text-slate-700 hover:bg-slate-100'} disabled:opacity-40`}
    >
      <span aria-hidden="true">{children}</span>
      {/* The name is this text, not an aria-label: the glyph shown is a picture of it, not its words. */}
      <span className="sr-only">{label}</span>
    </button>
  );
}
