import {
  readImageHeader,
  SCREENSHOT_TYPES,
  SCREENSHOT_EXTENSIONS,
  type DetectedImage,
  type ScreenshotType,
} from './complaint-rules.ts';

export { BANNER_LINK_MAX_LENGTH, isBannerLink, isInAppBannerLink } from './banner-links.ts';

// The rules of the home carousel's banners that the server and the console both apply,
// dependency-free: what image an operator may upload (its type and size read from its bytes by the
// same header reader as complaint screenshots, never from its name or declared type), the shape that
// fills the carousel (125 px high, the app's width), and (from banner-links.ts) the links a banner may open.

export const BANNER_IMAGE_TYPES = SCREENSHOT_TYPES;
export type BannerImageType = ScreenshotType;
export const BANNER_IMAGE_EXTENSIONS = SCREENSHOT_EXTENSIONS;
/** 1 MiB: a carousel image at twice the carousel's size is a tenth of that as a JPEG or WebP. */
export const BANNER_MAX_BYTES = 1024 * 1024;
/** Base64 text of the largest image: four characters per three bytes, padded. */
export const BANNER_MAX_BASE64_LENGTH = Math.ceil(BANNER_MAX_BYTES / 3) * 4;
/** The carousel is 125 CSS pixels high: an image of fewer pixels is blurred on every screen. */
export const BANNER_MIN_HEIGHT_PX = 125;
export const BANNER_MAX_WIDTH_PX = 4000;
/**
 * Width over height between 5:2 and 4:1. The carousel is 125 px high and as wide as the app's column
 * (about 300 to 400 px: 2.4:1 to 3.2:1) and crops the image to fill it (`object-fit: cover`), so an
 * image in this range loses at most a strip of each side; the built-in slides are 600 × 160 (3.75:1).
 * 750 × 250 (3:1) is the size to ask a designer for.
 */
export const BANNER_MIN_RATIO = { width: 5, height: 2 } as const;
export const BANNER_MAX_RATIO = { width: 4, height: 1 } as const;
export const BANNER_TEXT_MAX_LENGTH = 120;

export type BannerImageProblem = 'BANNER_TOO_LARGE' | 'BANNER_TYPE_INVALID' | 'BANNER_SHAPE_INVALID';

/** What an uploaded banner is, from its bytes: a PNG, JPEG or WebP image of the carousel's shape, or why not. */
export function checkBannerImage(
  bytes: Uint8Array,
): { image: DetectedImage; problem: null } | { image: null; problem: BannerImageProblem } {
  if (bytes.length > BANNER_MAX_BYTES) return { image: null, problem: 'BANNER_TOO_LARGE' };
  // The shape rule below bounds a banner to 4000 × 1600 (6.4 megapixels), tighter than a screenshot's bound.
  const image = readImageHeader(bytes);
  if (!image) return { image: null, problem: 'BANNER_TYPE_INVALID' };
  const { width, height } = image;
  const isWideEnough = width * BANNER_MIN_RATIO.height >= height * BANNER_MIN_RATIO.width;
  const isNarrowEnough = width * BANNER_MAX_RATIO.height <= height * BANNER_MAX_RATIO.width;
  if (height < BANNER_MIN_HEIGHT_PX || width > BANNER_MAX_WIDTH_PX || !isWideEnough || !isNarrowEnough)
    return { image: null, problem: 'BANNER_SHAPE_INVALID' };
  return { image, problem: null };
}
