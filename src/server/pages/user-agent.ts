/**
 * Mobile or desktop, from the User-Agent (pure): /query sends phones and small tablets to the H5
 * page. iPadOS reports a desktop Safari agent and gets the desktop page, which works there too.
 */
const MOBILE = /Mobi|Android|iPhone|iPod|iPad|Windows Phone|IEMobile|BlackBerry|BB10|Opera Mini|HarmonyOS|OpenHarmony|MicroMessenger|DingTalk|AlipayClient/i;

export function isMobileUserAgent(userAgent: string | null | undefined): boolean {
  return !!userAgent && MOBILE.test(userAgent);
}
