import { zhCN, type MessageKey } from './zh-CN';
import { en } from './en';

export type { MessageKey };
export type Locale = 'zh-CN' | 'en';

/**
 * t('key', {n: 3}) -> the catalogue string with {n} replaced.
 * The product speaks Simplified Chinese; the English locale falls back to Chinese for missing keys.
 */
export function t(key: MessageKey, params?: Record<string, string | number>, locale: Locale = 'zh-CN'): string {
  const template = (locale === 'en' ? en[key] : undefined) ?? zhCN[key];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}
