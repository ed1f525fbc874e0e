import { SCREENSHOT_MAX_BYTES } from '@mayur/rules/complaint-rules';
import { describe, expect, it } from 'vitest';
import { JPEG_6X4_BASE64, PNG_6X4_BASE64 } from '../../../../server/test/screenshot-fixtures.ts';
import { checkScreenshotFile } from './screenshot-file.ts';

const file = (base64: string, type: string, name = 'shot') => new File([Buffer.from(base64, 'base64')], name, { type });

describe('checkScreenshotFile', () => {
  it('accepts an image whose type is its content, as base64 with a preview', async () => {
    const check = await checkScreenshotFile(file(PNG_6X4_BASE64, 'image/png'));
    expect(check).toMatchObject({ screenshot: { type: 'image/png', data: PNG_6X4_BASE64, name: 'shot' } });
    if ('screenshot' in check) URL.revokeObjectURL(check.screenshot.previewUrl);
  });

  it('refuses what the server would refuse, before uploading anything', async () => {
    expect(await checkScreenshotFile(file(JPEG_6X4_BASE64, 'image/png'))).toEqual({ problem: 'SCREENSHOT_TYPE_INVALID' });
    expect(await checkScreenshotFile(new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' }))).toEqual({
      problem: 'SCREENSHOT_TYPE_INVALID',
    });
    expect(
      await checkScreenshotFile(new File([new Uint8Array(SCREENSHOT_MAX_BYTES + 1)], 'big.png', { type: 'image/png' })),
    ).toEqual({
      problem: 'SCREENSHOT_TOO_LARGE',
    });
    // A small file whose header claims 8000 × 5000 pixels: 160 MB once decoded.
    const huge = Buffer.from(PNG_6X4_BASE64, 'base64');
    huge.writeUInt32BE(8000, 16);
    huge.writeUInt32BE(5000, 20);
    expect(await checkScreenshotFile(file(huge.toString('base64'), 'image/png'))).toEqual({
      problem: 'SCREENSHOT_DIMENSIONS_TOO_LARGE',
    });
  });
});
