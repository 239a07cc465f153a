import { post } from '../contract';

/** Sessions and the logged-in user: the token parameter of links, who is logged in, logout. */

/** A new session: send `token` as the Token header until `expiration` (epoch ms). */
export interface IssuedToken {
  userId: string;
  token: string;
  expiration: number;
}

export interface UserInfo {
  id: string;
  userId: string;
  type: 'user';
  avatar: string | null;
  realName: string | null;
  nickName: string | null;
  username: string | null;
  mobile: string;
}

/** The token inside the encrypted ?token= parameter other apps put on links into the portal. */
export const decodeTokenParam = post<{ token: string }, { token: string }>('/oauth/anyTenant/tokenParam/decode');
export const userInfo = post<Record<string, never>, UserInfo>('/oauth/appUser/getUserInfo');
/** Ends the session of the Token header (none, unknown or already ended is fine). */
export const logout = post<Record<string, never>, null>('/oauth/anyUser/logout');
