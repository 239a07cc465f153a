/**
 * 咨询报名 on the product detail page: a [data-consult-open] button (the floating tools' listener on
 * the document opens the consult modal) that first names its product for the modal. This listener
 * sits on the button itself, so it runs before the document's.
 */
import { $consultProduct } from '~/lib/stores/consult';

for (const button of document.querySelectorAll<HTMLElement>('[data-consult-product-id]')) {
  button.addEventListener('click', () => {
    const id = button.dataset['consultProductId'] ?? '';
    const name = button.dataset['consultProductName'] ?? '';
    $consultProduct.set(id && name ? { id, name } : null);
  });
}
