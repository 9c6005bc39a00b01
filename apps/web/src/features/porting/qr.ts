import { create } from 'qrcode';

/** A QR code as one SVG path: its side in modules (with the quiet zone) and the dark modules as `d`. */
export interface QrPath {
  size: number;
  d: string;
}

/** The quiet zone the standard asks for around a QR code, in modules. */
const QUIET = 4;

/**
 * The QR code of `text` (error correction M), drawn as squares of one path — no markup from a library
 * reaches the page, and nothing is fetched: the code is made where the page is drawn.
 */
export function qrPath(text: string): QrPath {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  let d = '';
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      if (modules.get(y, x)) d += `M${x + QUIET} ${y + QUIET}h1v1h-1z`;
    }
  }
  return { size: n + 2 * QUIET, d };
}
