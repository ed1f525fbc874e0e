// The rules of complaints and suggestions that the server and the browser both apply, dependency-free
// so the web app imports them at runtime: the form refuses a screenshot for the same reason, by the
// same reading of its bytes, as the server would.

export const COMPLAINT_TYPES = ['recharge', 'withdrawal', 'game', 'account', 'agent', 'suggestion', 'other'] as const;
export type ComplaintType = (typeof COMPLAINT_TYPES)[number];

/** open → answered (an operator replied) → closed (by an operator); a player's reply makes it open again. */
export const COMPLAINT_STATUSES = ['open', 'answered', 'closed'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

/** The player's own records a complaint may point at: a recharge order, a withdrawal, a lottery bet, a crash bet. */
export const COMPLAINT_REFERENCE_KINDS = ['recharge', 'withdrawal', 'lottery', 'crash'] as const;
export type ComplaintReferenceKind = (typeof COMPLAINT_REFERENCE_KINDS)[number];

export const COMPLAINT_TEXT_MAX_LENGTH = 1000;
export const SCREENSHOT_MAX_COUNT = 3;
export const SCREENSHOT_MAX_BYTES = 2 * 1024 * 1024;
/** Base64 text of the largest screenshot: four characters per three bytes, padded. */
export const SCREENSHOT_MAX_BASE64_LENGTH = Math.ceil(SCREENSHOT_MAX_BYTES / 3) * 4;
/**
 * Longest side and area a screenshot may claim: a long scrolling capture of a phone screen fits
 * (1080 × 14,000 is 15.1 megapixels), a decompression bomb does not. 16 megapixels decode to 64 MB
 * (four bytes a pixel) in the operator's browser, whatever the file's size.
 */
export const SCREENSHOT_MAX_SIDE_PX = 20_000;
export const SCREENSHOT_MAX_PIXELS = 16_000_000;

export const SCREENSHOT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ScreenshotType = (typeof SCREENSHOT_TYPES)[number];
export const SCREENSHOT_EXTENSIONS: Record<ScreenshotType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

export type DetectedImage = { type: ScreenshotType; width: number; height: number };

/** A new complaint waits this long after the player's previous one (spec §8 "Please wait one minute"). */
export const COMPLAINT_INTERVAL_MS = 60_000;

function u16be(bytes: Uint8Array, at: number): number {
  return (bytes[at]! << 8) | bytes[at + 1]!;
}
function u32be(bytes: Uint8Array, at: number): number {
  return ((bytes[at]! << 24) >>> 0) + (bytes[at + 1]! << 16) + (bytes[at + 2]! << 8) + bytes[at + 3]!;
}
function u16le(bytes: Uint8Array, at: number): number {
  return bytes[at]! | (bytes[at + 1]! << 8);
}
function u24le(bytes: Uint8Array, at: number): number {
  return bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);
}
function u32le(bytes: Uint8Array, at: number): number {
  return u24le(bytes, at) + bytes[at + 3]! * 0x1000000;
}
function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PNG_END = [0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];

function startsWith(bytes: Uint8Array, prefix: number[], at = 0): boolean {
  return bytes.length >= at + prefix.length && prefix.every((byte, i) => bytes[at + i] === byte);
}

function readPng(bytes: Uint8Array): DetectedImage | null {
  // The header chunk comes first and the end chunk last; a file cut short has no end chunk.
  if (bytes.length < 8 + 25 + PNG_END.length || u32be(bytes, 8) !== 13 || ascii(bytes, 12, 4) !== 'IHDR') return null;
  if (!startsWith(bytes, PNG_END, bytes.length - PNG_END.length)) return null;
  return { type: 'image/png', width: u32be(bytes, 16), height: u32be(bytes, 20) };
}

function readJpeg(bytes: Uint8Array): DetectedImage | null {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // markers without a length
      continue;
    }
    const length = u16be(bytes, at + 2);
    if (length < 2) return null;
    const isFrameHeader = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrameHeader) {
      if (at + 9 > bytes.length) return null;
      return { type: 'image/jpeg', height: u16be(bytes, at + 5), width: u16be(bytes, at + 7) };
    }
    if (marker === 0xda || marker === 0xd9) return null; // image data or the end before any frame header
    at += 2 + length;
  }
  return null;
}

function readWebp(bytes: Uint8Array): DetectedImage | null {
  if (bytes.length < 30 || ascii(bytes, 8, 4) !== 'WEBP') return null;
  // The RIFF size covers everything after its own eight bytes; a file cut short is not a whole image.
  if (u32le(bytes, 4) + 8 > bytes.length) return null;
  const chunk = ascii(bytes, 12, 4);
  const data = 20;
  if (chunk === 'VP8 ') {
    if (bytes[data + 3] !== 0x9d || bytes[data + 4] !== 0x01 || bytes[data + 5] !== 0x2a) return null;
    return { type: 'image/webp', width: u16le(bytes, data + 6) & 0x3fff, height: u16le(bytes, data + 8) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (bytes[data] !== 0x2f) return null;
    const bits = u32le(bytes, data + 1);
    return { type: 'image/webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { type: 'image/webp', width: u24le(bytes, data + 4) + 1, height: u24le(bytes, data + 7) + 1 };
  return null;
}

/** A PNG, JPEG or WebP image with the dimensions its header gives (of any size), or null; each use bounds the size itself. */
export function readImageHeader(bytes: Uint8Array): DetectedImage | null {
  let image: DetectedImage | null = null;
  if (startsWith(bytes, PNG_SIGNATURE)) image = readPng(bytes);
  else if (startsWith(bytes, [0xff, 0xd8, 0xff])) image = readJpeg(bytes);
  else if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46])) image = readWebp(bytes);
  if (!image || image.width < 1 || image.height < 1) return null;
  return image;
}

function isWithinScreenshotBounds({ width, height }: DetectedImage): boolean {
  return width <= SCREENSHOT_MAX_SIDE_PX && height <= SCREENSHOT_MAX_SIDE_PX && width * height <= SCREENSHOT_MAX_PIXELS;
}

/**
 * What an uploaded file really is, read from its bytes (never from its name or declared type): a PNG,
 * JPEG or WebP image with the dimensions its header gives, within the screenshot bounds; null for
 * anything else (SVG, HTML, a truncated or empty image, a decompression bomb).
 */
export function detectScreenshot(bytes: Uint8Array): DetectedImage | null {
  const image = readImageHeader(bytes);
  return image && isWithinScreenshotBounds(image) ? image : null;
}

/** Why a file cannot be attached (its error code), or null when it can: the one check the form and the server share. */
export function screenshotProblem(
  declaredType: string,
  bytes: Uint8Array,
): 'SCREENSHOT_TOO_LARGE' | 'SCREENSHOT_TYPE_INVALID' | 'SCREENSHOT_DIMENSIONS_TOO_LARGE' | null {
  if (bytes.length > SCREENSHOT_MAX_BYTES) return 'SCREENSHOT_TOO_LARGE';
  const image = readImageHeader(bytes);
  // A declared type that differs from the content is refused: what the player sent is not what it says.
  if (!image || image.type !== declaredType) return 'SCREENSHOT_TYPE_INVALID';
  // A small file can claim a huge picture, which the operator's browser would decode into memory.
  if (!isWithinScreenshotBounds(image)) return 'SCREENSHOT_DIMENSIONS_TOO_LARGE';
  return null;
}
