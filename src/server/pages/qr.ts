import QRCode from 'qrcode';

/** A QR code as inline SVG markup (no script, no network), for server-rendered pages. */
export function qrSvg(text: string, size = 160): Promise<string> {
  return QRCode.toString(text, { type: 'svg', margin: 1, width: size, errorCorrectionLevel: 'M' });
}
