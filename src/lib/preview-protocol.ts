/** Messages between the phone preview (parent page) and the site shown inside it. */
export const PREVIEW_LOGOUT = 'logout';
export const PREVIEW_LOGIN_INFO = 'loginInfo';
