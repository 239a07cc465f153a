/**
 * /educational-product?questionId=…: the server marks that question (aria-current, highlighted);
 * bring it into view once the page is laid out.
 */
function focusQuestion(): void {
  const el = document.querySelector<HTMLElement>('[data-question-focus]');
  if (!el) return;
  el.scrollIntoView({ block: 'center' });
  el.focus({ preventScroll: true });
}

if (document.readyState === 'complete') focusQuestion();
else window.addEventListener('load', focusQuestion, { once: true });
