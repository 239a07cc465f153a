/**
 * The captcha's shape, shared by the server (which draws and checks it) and the browser (which
 * makes its key and shows it): the certificate query and the sign-in forms' captcha step use it.
 */

/** Captcha keys are 16 characters of [A-Za-z0-9], made by the browser. */
export const CAPTCHA_KEY_LENGTH = 16;
export const CAPTCHA_KEY_PATTERN = /^[A-Za-z0-9]{16}$/;
/** Size of the captcha image in CSS pixels. */
export const CAPTCHA_WIDTH = 112;
export const CAPTCHA_HEIGHT = 38;
