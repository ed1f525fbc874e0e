import { describe, expect, it } from 'vitest';
import { BANNER_MAX_BYTES, checkBannerImage, isBannerLink, isInAppBannerLink } from './banner-rules.ts';

// The banner rules the server and the console share: the image read from its header bytes (PNG,
// JPEG, WebP), its size and shape for the 125-px-high carousel, and the links a banner may open.

/** ASCII text as bytes (the contracts compile without the DOM's or Node's TextEncoder). */
const ascii = (value: string) => Uint8Array.from(value, (char) => char.charCodeAt(0));

function png(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(8 + 25 + 12);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const view = new DataView(bytes.buffer);
  view.setUint32(8, 13);
  bytes.set([0x49, 0x48, 0x44, 0x52], 12); // IHDR
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes.set([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82], bytes.length - 12); // IEND
  return bytes;
}

function jpeg(width: number, height: number): Uint8Array {
  // SOI, an APP0 segment of 16 bytes, then a baseline frame header (SOF0) with height and width.
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...new Array<number>(14).fill(0)];
  const sof0 = [
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    3,
    ...new Array<number>(9).fill(0),
  ];
  return new Uint8Array([0xff, 0xd8, ...app0, ...sof0, 0xff, 0xd9]);
}

function webp(width: number, height: number, totalBytes = 64): Uint8Array {
  const bytes = new Uint8Array(totalBytes);
  const view = new DataView(bytes.buffer);
  bytes.set(ascii('RIFF'), 0);
  view.setUint32(4, totalBytes - 8, true);
  bytes.set(ascii('WEBPVP8X'), 8);
  view.setUint32(16, 10, true);
  view.setUint16(24, (width - 1) & 0xffff, true);
  bytes[26] = (width - 1) >> 16;
  view.setUint16(27, (height - 1) & 0xffff, true);
  bytes[29] = (height - 1) >> 16;
  return bytes;
}

describe('checkBannerImage', () => {
  it('reads the type and pixel size of PNG, JPEG and WebP from their headers', () => {
    expect(checkBannerImage(png(750, 250))).toEqual({ image: { type: 'image/png', width: 750, height: 250 }, problem: null });
    expect(checkBannerImage(jpeg(1200, 400))).toEqual({ image: { type: 'image/jpeg', width: 1200, height: 400 }, problem: null });
    expect(checkBannerImage(webp(900, 300))).toEqual({ image: { type: 'image/webp', width: 900, height: 300 }, problem: null });
  });

  it('accepts 5:2 to 4:1 at least 125 px high, and refuses other shapes', () => {
    expect(checkBannerImage(png(625, 250)).problem).toBeNull(); // 5:2
    expect(checkBannerImage(png(1000, 250)).problem).toBeNull(); // 4:1
    expect(checkBannerImage(png(500, 125)).problem).toBeNull(); // the carousel's height at 1×
    expect(checkBannerImage(png(624, 250)).problem).toBe('BANNER_SHAPE_INVALID'); // just under 5:2
    expect(checkBannerImage(png(1001, 250)).problem).toBe('BANNER_SHAPE_INVALID'); // just over 4:1
    expect(checkBannerImage(png(372, 124)).problem).toBe('BANNER_SHAPE_INVALID'); // too few pixels high
    expect(checkBannerImage(png(250, 750)).problem).toBe('BANNER_SHAPE_INVALID'); // portrait
    expect(checkBannerImage(png(4200, 1400)).problem).toBe('BANNER_SHAPE_INVALID'); // wider than 4000
  });

  it('never accepts a banner of more than 16 megapixels (its width and shape bound it to 6.4)', () => {
    expect(checkBannerImage(png(4000, 1600)).problem).toBeNull(); // the largest: 4000 wide at 5:2
    expect(checkBannerImage(png(6400, 2500)).problem).toBe('BANNER_SHAPE_INVALID'); // 16 MP at 2.56:1
    expect(checkBannerImage(png(8000, 5000)).problem).not.toBeNull(); // 40 MP
    expect(checkBannerImage(jpeg(10_000, 4000)).problem).toBe('BANNER_SHAPE_INVALID');
  });

  it('refuses SVG, HTML, text, an empty or cut-short file as not an image', () => {
    expect(checkBannerImage(ascii('<svg xmlns="http://www.w3.org/2000/svg" width="750" height="250"/>')).problem).toBe(
      'BANNER_TYPE_INVALID',
    );
    expect(checkBannerImage(ascii('<!doctype html><img src=x onerror=alert(1)>')).problem).toBe('BANNER_TYPE_INVALID');
    expect(checkBannerImage(ascii('just words')).problem).toBe('BANNER_TYPE_INVALID');
    expect(checkBannerImage(new Uint8Array()).problem).toBe('BANNER_TYPE_INVALID');
    expect(checkBannerImage(png(750, 250).subarray(0, 30)).problem).toBe('BANNER_TYPE_INVALID');
    expect(checkBannerImage(jpeg(750, 250).subarray(0, 24)).problem).toBe('BANNER_TYPE_INVALID');
  });

  it('refuses a file over 1 MiB before reading it, and takes one of exactly 1 MiB', () => {
    expect(checkBannerImage(webp(750, 250, BANNER_MAX_BYTES + 1)).problem).toBe('BANNER_TOO_LARGE');
    expect(checkBannerImage(webp(750, 250, BANNER_MAX_BYTES)).problem).toBeNull();
  });
});

describe('isBannerLink', () => {
  it('takes https addresses and paths of the app', () => {
    for (const link of [
      'https://mayur.example',
      'https://mayur.example/diwali?from=banner#top',
      '/activity',
      '/promotion?tab=2',
      '/',
    ])
      expect(isBannerLink(link), link).toBe(true);
  });

  it('refuses other schemes, another site by //, spaces, quotes and brackets', () => {
    for (const link of [
      '',
      'http://mayur.example',
      'javascript:alert(1)',
      'data:text/html,hi',
      '//evil.example/path',
      '/\\evil.example',
      'activity',
      '/a b',
      '/a"b',
      "https://x.example/'",
      'https://x.example/<script>',
      'https:///path',
      `/${'a'.repeat(500)}`,
    ])
      expect(isBannerLink(link), link).toBe(false);
  });

  it('tells a path of the app from another site', () => {
    expect(isInAppBannerLink('/activity')).toBe(true);
    expect(isInAppBannerLink('https://mayur.example')).toBe(false);
  });
});
