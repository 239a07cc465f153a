import { atom } from 'nanostores';

/**
 * The product a consult is about, when the consult modal was opened from a product (the product
 * detail page's 咨询报名): the modal names it and starts the message with it, so the lead carries
 * it. Cleared when the modal closes. Browser-safe (no DOM access at import).
 */
export interface ConsultProduct {
  id: string;
  name: string;
}

export const $consultProduct = atom<ConsultProduct | null>(null);
