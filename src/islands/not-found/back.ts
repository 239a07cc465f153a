/**
 * 返回上一页 on the not-found page: a plain link to the home page that goes back instead when the
 * visitor came here from another page in this tab (a referrer and a page behind this one).
 * Opened directly or in a new tab, it goes home.
 */
for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-history-back]')) {
  link.addEventListener('click', (e) => {
    if (!document.referrer || history.length < 2 || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    history.back();
  });
}
