/** Public configuration the server writes into each page (see MainLayout). Browser-only. */
export interface PublicConfig {
  apiBase: string;
  tenantId: string | null;
  partner: boolean;
  partnerSlug: string;
  loginPath: string;
  /** Access key of the SMS send sign (src/lib/sms-sign.ts); a client constant, not a secret. */
  smsSignKey: string;
}

const FALLBACK: PublicConfig = { apiBase: '', tenantId: null, partner: false, partnerSlug: '', loginPath: '/login', smsSignKey: '' };

export function publicConfig(): PublicConfig {
  if (typeof document === 'undefined') return FALLBACK;
  const el = document.getElementById('portal-config');
  if (!el?.textContent) return FALLBACK;
  try {
    return { ...FALLBACK, ...(JSON.parse(el.textContent) as Partial<PublicConfig>) };
  } catch {
    return FALLBACK;
  }
}
