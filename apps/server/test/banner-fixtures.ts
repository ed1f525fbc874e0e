import { crc32, deflateSync } from 'node:zlib';

// Real banner images for tests (integration and browser): a PNG of any size in one colour, built
// here so the tests need no binary files, and a WebP header of any size (not a decodable image: the
// server reads only its header).

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG (8-bit RGB, one colour) of `width` × `height`. */
export function solidPng(width: number, height: number, rgb: [number, number, number] = [200, 40, 90]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A RIFF/WebP file whose VP8X header says `width` × `height`, padded to `totalBytes`. */
export function webpHeader(width: number, height: number, totalBytes = 64): Buffer {
  const bytes = Buffer.alloc(totalBytes);
  bytes.write('RIFF', 0, 'ascii');
  bytes.writeUInt32LE(totalBytes - 8, 4);
  bytes.write('WEBPVP8X', 8, 'ascii');
  bytes.writeUInt32LE(10, 16);
  bytes.writeUIntLE(width - 1, 24, 3);
  bytes.writeUIntLE(height - 1, 27, 3);
  return bytes;
}
