import { translator } from '../translate';
import { login } from './login';

/** The single sign-on page. */
export const sso = {
  'sso.invalid': '登录链接无效或已过期，请重新登录',
} as const;

export const t = /* @__PURE__ */ translator(login, sso);
