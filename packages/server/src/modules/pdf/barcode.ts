import bwipjs from 'bwip-js/node';

/** Code 128 of a short number, as PNG (human-readable text under the bars). */
export function code128Png(text: string): Promise<Buffer> {
  return bwipjs.toBuffer({ bcid: 'code128', text, scale: 3, height: 12, includetext: true, textxalign: 'center' });
}

/** QR code of a payload, as PNG. */
export function qrPng(text: string): Promise<Buffer> {
  return bwipjs.toBuffer({ bcid: 'qrcode', text, scale: 4 });
}

/** QR code of a payload, as SVG (the receipt page shows the boarding pass's code with it). */
export function qrSvg(text: string): string {
  return bwipjs.toSVG({ bcid: 'qrcode', text, scale: 4, paddingwidth: 2, paddingheight: 2 });
}
