import { describe, expect, it } from 'vitest';
import {
  JPEG_6X4_BASE64,
  PNG_6X4_BASE64,
  PNG_RECEIPT_240X120_BASE64,
  WEBP_6X4_BASE64,
} from '../../../apps/server/test/screenshot-fixtures.ts';
import { detectScreenshot, SCREENSHOT_MAX_BYTES, SCREENSHOT_MAX_PIXELS, screenshotProblem } from './complaint-rules.ts';

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Base64 to bytes without Node's Buffer (the contracts are typed for every runtime). */
function bytes(base64: string): Uint8Array {
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of base64.replace(/=+$/, '')) {
    buffer = (buffer << 6) | BASE64_ALPHABET.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push((buffer >> bits) & 0xff);
    }
  }
  return new Uint8Array(out);
}
const text = (value: string) => new Uint8Array([...value].map((char) => char.charCodeAt(0)));

describe('detectScreenshot', () => {
  it('reads the type and dimensions of real PNG, JPEG and WebP files', () => {
    expect(detectScreenshot(bytes(PNG_6X4_BASE64))).toEqual({ type: 'image/png', width: 6, height: 4 });
    expect(detectScreenshot(bytes(JPEG_6X4_BASE64))).toEqual({ type: 'image/jpeg', width: 6, height: 4 });
    expect(detectScreenshot(bytes(WEBP_6X4_BASE64))).toEqual({ type: 'image/webp', width: 6, height: 4 });
    expect(detectScreenshot(bytes(PNG_RECEIPT_240X120_BASE64))).toEqual({ type: 'image/png', width: 240, height: 120 });
  });

  it('reads lossy (VP8) and lossless (VP8L) WebP headers', () => {
    const riff = (chunk: string, data: number[]) => {
      const body = [...text('WEBP'), ...text(chunk), data.length, 0, 0, 0, ...data];
      const size = body.length;
      return new Uint8Array([...text('RIFF'), size & 0xff, size >> 8, 0, 0, ...body]);
    };
    // VP8: frame tag, start code 9d 01 2a, then width and height (14 bits each, little-endian).
    const vp8 = riff('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, 0x20, 0x03, 0x58, 0x02, 0, 0]);
    expect(detectScreenshot(vp8)).toEqual({ type: 'image/webp', width: 800, height: 600 });
    // VP8L: signature 0x2f, then width-1 and height-1 in 14 bits each.
    const bits = (100 - 1) | ((50 - 1) << 14);
    const vp8l = riff('VP8L', [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, (bits >>> 24) & 0xff, 0, 0, 0, 0, 0]);
    expect(detectScreenshot(vp8l)).toEqual({ type: 'image/webp', width: 100, height: 50 });
  });

  it('refuses what is not a whole raster image', () => {
    const svg = text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const html = text('<!doctype html><html><body>hi</body></html>');
    const png = bytes(PNG_6X4_BASE64);
    expect(detectScreenshot(svg)).toBeNull();
    expect(detectScreenshot(html)).toBeNull();
    expect(detectScreenshot(new Uint8Array())).toBeNull();
    expect(detectScreenshot(png.subarray(0, png.length - 20))).toBeNull();
    expect(detectScreenshot(bytes(JPEG_6X4_BASE64).subarray(0, 40))).toBeNull();
    expect(detectScreenshot(bytes(WEBP_6X4_BASE64).subarray(0, 100))).toBeNull();
  });

  it('refuses a PNG whose header claims a decompression bomb', () => {
    const png = bytes(PNG_6X4_BASE64).slice();
    new DataView(png.buffer).setUint32(16, 20_000);
    new DataView(png.buffer).setUint32(20, 20_000);
    expect(detectScreenshot(png)).toBeNull();
  });
});

describe('screenshotProblem', () => {
  it('accepts a file whose declared type is its content', () => {
    expect(screenshotProblem('image/jpeg', bytes(JPEG_6X4_BASE64))).toBeNull();
  });

  it('refuses a declared type that differs from the content', () => {
    expect(screenshotProblem('image/png', bytes(JPEG_6X4_BASE64))).toBe('SCREENSHOT_TYPE_INVALID');
    expect(screenshotProblem('image/svg+xml', bytes(PNG_6X4_BASE64))).toBe('SCREENSHOT_TYPE_INVALID');
  });

  it('refuses a file over the size limit before reading it', () => {
    expect(screenshotProblem('image/png', new Uint8Array(SCREENSHOT_MAX_BYTES + 1))).toBe('SCREENSHOT_TOO_LARGE');
  });

  it('refuses an image of more than 16 megapixels or longer than 20,000 pixels, whatever its file size', () => {
    /** The small PNG with the dimensions its header claims changed: what a browser would decode. */
    const claiming = (width: number, height: number) => {
      const png = bytes(PNG_6X4_BASE64).slice();
      new DataView(png.buffer).setUint32(16, width);
      new DataView(png.buffer).setUint32(20, height);
      return png;
    };
    // 40 megapixels: 160 MB once decoded, from a file of a few kilobytes.
    expect(screenshotProblem('image/png', claiming(8000, 5000))).toBe('SCREENSHOT_DIMENSIONS_TOO_LARGE');
    expect(screenshotProblem('image/png', claiming(4001, 4000))).toBe('SCREENSHOT_DIMENSIONS_TOO_LARGE');
    expect(screenshotProblem('image/png', claiming(20_001, 100))).toBe('SCREENSHOT_DIMENSIONS_TOO_LARGE');
    expect(screenshotProblem('image/png', claiming(4000, 4000))).toBeNull();
    // A long scrolling capture of a phone screen still fits.
    expect(screenshotProblem('image/png', claiming(1080, 14_000))).toBeNull();
    expect(detectScreenshot(claiming(8000, 5000))).toBeNull();
    expect(SCREENSHOT_MAX_PIXELS).toBe(16_000_000);
  });
});
