/**
 * Messages between the phone preview (parent page) and the site shown inside it. The frame is
 * same-origin and shares the parent's storage: PREVIEW_LOGOUT (the parent has nobody logged in)
 * makes the frame forget a stale login but never its visitor identity, which is the parent's too.
 */
export const PREVIEW_LOGOUT = 'logout';
export const PREVIEW_LOGIN_INFO = 'loginInfo';
