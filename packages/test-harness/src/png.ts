import { deflateSync } from 'node:zlib';

/** CRC-32 (ISO 3309) of PNG chunks. */
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG of `width`×`height` pixels: the top half in `top`, the bottom half in `bottom` (RGB, 0–255
 * each), as a manager's photo of a dish would be uploaded. Made here, byte by byte, so a test can
 * upload a picture no other test uses.
 */
export function twoTonePng(
  width: number,
  height: number,
  top: readonly [number, number, number],
  bottom: readonly [number, number, number] = top,
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // truecolour (RGB)
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const [r, g, b] = y < height / 2 ? top : bottom;
    const row = Buffer.alloc(1 + width * 3); // filter byte 0 (none), then the pixels
    for (let x = 0; x < width; x += 1) row.set([r, g, b], 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
