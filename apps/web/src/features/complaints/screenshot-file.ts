import { SCREENSHOT_MAX_BYTES, SCREENSHOT_TYPES, screenshotProblem, type ScreenshotType } from '@mayur/rules/complaint-rules';
import type { ErrorCode } from '@mayur/rules/errors';

export type PickedScreenshot = { type: ScreenshotType; data: string; previewUrl: string; name: string };
export type ScreenshotCheck = { screenshot: PickedScreenshot } | { problem: ErrorCode };

function isScreenshotType(type: string): type is ScreenshotType {
  return (SCREENSHOT_TYPES as readonly string[]).includes(type);
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let at = 0; at < bytes.length; at += chunk) binary += String.fromCharCode(...bytes.subarray(at, at + chunk));
  return btoa(binary);
}

/**
 * Reads a picked file and checks it as the server will, by its bytes (the contracts' rule): a refusal
 * shows at once, before anything is uploaded. The preview is an object URL the caller revokes.
 */
export async function checkScreenshotFile(file: File): Promise<ScreenshotCheck> {
  if (!isScreenshotType(file.type)) return { problem: 'SCREENSHOT_TYPE_INVALID' };
  // A file too large is refused before it is read into memory.
  if (file.size > SCREENSHOT_MAX_BYTES) return { problem: 'SCREENSHOT_TOO_LARGE' };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const problem = screenshotProblem(file.type, bytes);
  if (problem) return { problem };
  return {
    screenshot: {
      type: file.type,
      data: toBase64(bytes),
      previewUrl: URL.createObjectURL(new Blob([bytes], { type: file.type })),
      name: file.name,
    },
  };
}
