import type { ClassFirstView } from '~/lib/api/contracts/learning-class';
import { classHeaderModel, EARLY_HEADER_ID, HEADER_CLASS, SKELETON_HEADER_ATTR } from './class-header';

/**
 * The class page's header painted by the page's own script as soon as the first view arrives, while
 * React and the island are still loading (on a phone's network the island's scripts come well after
 * the answer). It lies over the skeleton's header block, outside the island's DOM (React's own nodes
 * are not touched), and the island removes it when it shows its own header, of the same model and
 * classes (class-header.ts), where it was. Nothing is painted once the skeleton has gone.
 */
export function paintEarlyHeader(view: ClassFirstView, now: number = Date.now()): void {
  const block = document.querySelector<HTMLElement>(`[${SKELETON_HEADER_ATTR}]`);
  const holder = document.getElementById(EARLY_HEADER_ID);
  const frame = holder?.parentElement;
  if (!block || !holder || !frame || holder.firstChild) return;
  const m = classHeaderModel(view.detail, now);
  const el = (tag: string, className: string, text?: string) => {
    const node = document.createElement(tag);
    node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const header = el('header', HEADER_CLASS.root);
  const statusRow = el('p', HEADER_CLASS.statusRow);
  statusRow.append(el('span', HEADER_CLASS.status, m.status));
  header.append(statusRow, el('h1', HEADER_CLASS.title, m.title));
  if (m.periodName) header.append(el('p', HEADER_CLASS.periodName, m.periodName));
  if (m.period) {
    const row = el('p', HEADER_CLASS.periodRow);
    row.append(el('span', '', m.period));
    if (m.remaining) row.append(el('span', HEADER_CLASS.remaining, m.remaining));
    header.append(row);
  }
  const facts = el('dl', HEADER_CLASS.facts);
  for (const [label, value] of m.items) {
    const item = document.createElement('div');
    item.append(el('dt', HEADER_CLASS.label, label), el('dd', HEADER_CLASS.value, value));
    facts.append(item);
  }
  header.append(facts);
  // Over the skeleton's block: the same place and width, whatever lies above it (the breadcrumb).
  const at = block.getBoundingClientRect();
  const origin = frame.getBoundingClientRect();
  holder.style.top = `${at.top - origin.top}px`;
  holder.style.left = `${at.left - origin.left}px`;
  holder.style.width = `${at.width}px`;
  holder.append(header);
  holder.hidden = false;
}

/** Removes the early header: the island shows its own page now (its header, an error, a missing class). */
export function removeEarlyHeader(): void {
  document.getElementById(EARLY_HEADER_ID)?.remove();
}
