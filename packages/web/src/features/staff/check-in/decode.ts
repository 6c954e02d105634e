/**
 * Reads the QR code of a boarding pass from a camera frame or a photo: the browser's own
 * BarcodeDetector where it has one with QR support, jsQR (loaded on first use) otherwise or
 * when the detector finds nothing. Returns the code's text, or null.
 */
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource | ImageBitmap): Promise<DetectedBarcode[]>;
}
type DetectorClass = { new (options: { formats: string[] }): BarcodeDetectorLike; getSupportedFormats(): Promise<string[]> };

let detector: Promise<BarcodeDetectorLike | null> | null = null;

function nativeDetector(): Promise<BarcodeDetectorLike | null> {
  detector ??= (async () => {
    const Detector = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
    if (!Detector) return null;
    try {
      const formats = await Detector.getSupportedFormats();
      return formats.includes('qr_code') ? new Detector({ formats: ['qr_code'] }) : null;
    } catch {
      return null;
    }
  })();
  return detector;
}

/** Longest side the fallback decoder looks at: a phone photo is scaled down first (fast, still readable). */
const MAX_SIDE = 1200;

async function withJsQr(source: CanvasImageSource, width: number, height: number): Promise<string | null> {
  const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return null;
  // A white background: a transparent PNG or SVG would otherwise read as black.
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, w, h);
  ctx.drawImage(source, 0, 0, w, h);
  const { data } = ctx.getImageData(0, 0, w, h);
  const { default: jsQR } = await import('jsqr');
  return jsQR(data, w, h, { inversionAttempts: 'attemptBoth' })?.data ?? null;
}

export async function decodeQr(source: HTMLVideoElement | ImageBitmap): Promise<string | null> {
  const width = source instanceof HTMLVideoElement ? source.videoWidth : source.width;
  const height = source instanceof HTMLVideoElement ? source.videoHeight : source.height;
  if (!width || !height) return null;
  const native = await nativeDetector();
  if (native) {
    try {
      const [first] = await native.detect(source);
      if (first?.rawValue) return first.rawValue;
    } catch {
      // fall through to jsQR
    }
  }
  return withJsQr(source, width, height);
}

/** A photo (or any image file) of a pass. */
export async function decodeQrFile(file: File): Promise<string | null> {
  const bitmap = await createImageBitmap(file);
  try {
    return await decodeQr(bitmap);
  } finally {
    bitmap.close();
  }
}
