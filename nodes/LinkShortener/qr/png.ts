import { crc32 } from './checksums';
import { checkQuietZone, checkScale } from './renderOptions';
import type { QrMatrix } from './types';
import { zlibDeflate } from './zlibDeflate';

export interface QrPngOptions {
	/** Pixels per module (default 8). */
	scale?: number;
	/** Light modules around the symbol on each side; the standard asks for 4. */
	quietZone?: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const BIT_DEPTH = 1;
const COLOUR_TYPE_GRAYSCALE = 0;

function chunk(type: string, data: Buffer): Buffer {
	const typeBytes = Buffer.from(type, 'latin1');
	const out = Buffer.alloc(12 + data.length);
	out.writeUInt32BE(data.length, 0);
	typeBytes.copy(out, 4);
	data.copy(out, 8);
	out.writeUInt32BE(crc32(typeBytes, data), 8 + data.length);
	return out;
}

/** Scanlines of a 1-bit grayscale image (1 = white), each led by filter type 0 (none). */
function scanlines(matrix: QrMatrix, scale: number, quietZone: number, side: number): Uint8Array {
	const stride = 1 + Math.ceil(side / 8);
	const raw = new Uint8Array(stride * side).fill(0xff);
	const rowPixels = new Uint8Array(stride);
	for (let y = 0; y < side; y++) {
		const moduleRow = Math.floor(y / scale) - quietZone;
		const rowStart = y * stride;
		raw[rowStart] = 0;
		if (moduleRow < 0 || moduleRow >= matrix.size) continue;
		if (y % scale === 0) {
			rowPixels.fill(0xff);
			for (let x = 0; x < side; x++) {
				const moduleColumn = Math.floor(x / scale) - quietZone;
				if (
					moduleColumn >= 0 &&
					moduleColumn < matrix.size &&
					matrix.modules[moduleRow][moduleColumn]
				) {
					rowPixels[1 + (x >>> 3)] &= ~(0x80 >>> (x & 7));
				}
			}
		}
		raw.set(rowPixels.subarray(1), rowStart + 1);
	}
	return raw;
}

/** A PNG of the symbol: 1-bit grayscale, `scale` pixels per module, with the quiet zone. */
export function qrToPng(matrix: QrMatrix, options: QrPngOptions = {}): Buffer {
	const scale = checkScale(options.scale);
	const quietZone = checkQuietZone(options.quietZone);
	const side = (matrix.size + 2 * quietZone) * scale;
	const header = Buffer.alloc(13);
	header.writeUInt32BE(side, 0);
	header.writeUInt32BE(side, 4);
	header[8] = BIT_DEPTH;
	header[9] = COLOUR_TYPE_GRAYSCALE;
	// Bytes 10–12: deflate compression, adaptive filtering, no interlace (all 0).
	return Buffer.concat([
		PNG_SIGNATURE,
		chunk('IHDR', header),
		chunk('IDAT', zlibDeflate(scanlines(matrix, scale, quietZone, side))),
		chunk('IEND', Buffer.alloc(0)),
	]);
}
