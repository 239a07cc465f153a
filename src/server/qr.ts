import QRCode from 'qrcode';

/**
 * A QR code as inline SVG markup, made on the server (no script, no request). It fills its container,
 * which carries the accessible name (role="img" + aria-label); the drawing itself is decorative.
 */
export async function qrSvg(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M', color: { dark: '#1f2937', light: '#ffffff' } });
  return svg.replace('<svg ', '<svg aria-hidden="true" focusable="false" width="100%" height="100%" ');
}
