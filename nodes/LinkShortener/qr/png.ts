import type { QrMatrix } from './encode';

/** Light modules around the symbol on each side, as the standard asks. */
export const QUIET_ZONE = 4;

const CRC_TABLE = (() => {
	const table = new Uint32Array(256);
	for (let n = 0; n < 256; n++) {
		let c = n;
		for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
		table[n] = c >>> 0;
	}
	return table;
})();

/** CRC-32 (ISO 3309, as PNG chunks use it) of the given byte ranges, in order. */
export function crc32(...parts: Uint8Array[]): number {
	let crc = 0xffffffff;
	for (const part of parts) {
		for (let i = 0; i < part.length; i++) crc = CRC_TABLE[(crc ^ part[i]) & 0xff] ^ (crc >>> 8);
	}
	return (crc ^ 0xffffffff) >>> 0;
}

/** Adler-32, the checksum that closes a zlib stream. */
export function adler32(data: Uint8Array): number {
	const MOD = 65521;
	// 5552 bytes is the most that can be summed before the 32-bit sums could overflow.
	const CHUNK = 5552;
	let a = 1;
	let b = 0;
	for (let start = 0; start < data.length; start += CHUNK) {
		const end = Math.min(start + CHUNK, data.length);
		for (let i = start; i < end; i++) {
			a += data[i];
			b += a;
		}
		a %= MOD;
		b %= MOD;
	}
	return ((b << 16) | a) >>> 0;
}

/** Scanlines of a 1-bit grayscale image (1 = white), each led by filter type 0 (none). */
function scanlines(matrix: QrMatrix, scale: number, side: number): Uint8Array {
	const stride = 1 + Math.ceil(side / 8);
	const raw = new Uint8Array(stride * side).fill(0xff);
	const rowPixels = new Uint8Array(stride);
	for (let y = 0; y < side; y++) {
		const moduleRow = Math.floor(y / scale) - QUIET_ZONE;
		raw[y * stride] = 0;
		if (moduleRow < 0 || moduleRow >= matrix.size) continue;
		if (y % scale === 0) {
			rowPixels.fill(0xff);
			for (let x = 0; x < side; x++) {
				const moduleColumn = Math.floor(x / scale) - QUIET_ZONE;
				if (matrix.modules[moduleRow][moduleColumn])
					rowPixels[1 + (x >>> 3)] &= ~(0x80 >>> (x & 7));
			}
		}
		raw.set(rowPixels.subarray(1), y * stride + 1);
	}
	return raw;
}

function chunk(type: string, data: Buffer): Buffer {
	const typeBytes = Buffer.from(type, 'latin1');
	const out = Buffer.alloc(12 + data.length);
	out.writeUInt32BE(data.length, 0);
	typeBytes.copy(out, 4);
	data.copy(out, 8);
	out.writeUInt32BE(crc32(typeBytes, data), 8 + data.length);
	return out;
}

/** A PNG of the symbol: 1-bit grayscale, `scale` pixels per module, with the quiet zone. */
export function qrToPng(matrix: QrMatrix, scale = 8): Buffer {
	const side = (matrix.size + 2 * QUIET_ZONE) * scale;
	const header = Buffer.alloc(13);
	header.writeUInt32BE(side, 0);
	header.writeUInt32BE(side, 4);
	header[8] = 1; // bit depth
	// Bytes 9–12: grayscale, deflate compression, adaptive filtering, no interlace (all 0).
	return Buffer.concat([
		Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
		chunk('IHDR', header),
		chunk('IDAT', zlibDeflate(scanlines(matrix, scale, side))),
		chunk('IEND', Buffer.alloc(0)),
	]);
}

/**
 * A zlib stream (RFC 1950) of one deflate block (RFC 1951) with the fixed Huffman codes and
 * LZ77 matches: `node:zlib` is not allowed in community nodes, and a QR image is long runs and
 * repeated rows, which matches alone shrink to a few percent.
 */
export function zlibDeflate(data: Uint8Array): Buffer {
	const out = new BitWriter();
	// CMF 0x78: deflate with a 32 KiB window; FLG 0x01 makes CMF·256 + FLG a multiple of 31.
	out.bits(0x78, 8);
	out.bits(0x01, 8);
	out.bits(1, 1); // the last block
	out.bits(1, 2); // fixed Huffman codes
	lz77(
		data,
		(literal) => writeLiteral(out, literal),
		(length, distance) => writeMatch(out, length, distance),
	);
	writeLiteral(out, 256); // end of block
	return out.finish(adler32(data));
}

const WINDOW = 32_768;
const MIN_MATCH = 3;
const MAX_MATCH = 258;
const MAX_CHAIN = 16;
const HASH_BITS = 15;

/** Greedy LZ77 over hash chains of 3-byte prefixes, at most MAX_CHAIN candidates a position. */
function lz77(
	data: Uint8Array,
	literal: (byte: number) => void,
	match: (length: number, distance: number) => void,
): void {
	const head = new Int32Array(1 << HASH_BITS).fill(-1);
	const previous = new Int32Array(data.length);
	const hash = (at: number) =>
		((data[at] << 10) ^ (data[at + 1] << 5) ^ data[at + 2]) & ((1 << HASH_BITS) - 1);
	const insert = (at: number) => {
		if (at + MIN_MATCH > data.length) return;
		const h = hash(at);
		previous[at] = head[h];
		head[h] = at;
	};
	let at = 0;
	while (at < data.length) {
		let bestLength = 0;
		let bestDistance = 0;
		if (at + MIN_MATCH <= data.length) {
			const limit = Math.min(MAX_MATCH, data.length - at);
			for (
				let candidate = head[hash(at)], chain = 0;
				candidate >= 0 && at - candidate <= WINDOW && chain < MAX_CHAIN;
				candidate = previous[candidate], chain++
			) {
				let length = 0;
				while (length < limit && data[candidate + length] === data[at + length]) length++;
				if (length > bestLength) {
					bestLength = length;
					bestDistance = at - candidate;
					if (length === limit) break;
				}
			}
		}
		if (bestLength >= MIN_MATCH) {
			match(bestLength, bestDistance);
			for (const end = at + bestLength; at < end; at++) insert(at);
		} else {
			literal(data[at]);
			insert(at);
			at++;
		}
	}
}

/** Length codes 257–285 (RFC 1951 3.2.5): the base length of each, and its extra bits. */
const LENGTH_BASE = [
	3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
	163, 195, 227, 258,
];
const LENGTH_EXTRA = [
	0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
const DISTANCE_BASE = [
	1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049,
	3073, 4097, 6145, 8193, 12289, 16385, 24577,
];
const DISTANCE_EXTRA = [
	0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
];

/** The largest index whose base is at most `value`. */
function codeOf(bases: readonly number[], value: number): number {
	let code = bases.length - 1;
	while (bases[code] > value) code--;
	return code;
}

/** A literal byte or end-of-block (256) and lengths 257–285, in the fixed Huffman code. */
function writeLiteral(out: BitWriter, symbol: number): void {
	if (symbol < 144) out.huffman(0x30 + symbol, 8);
	else if (symbol < 256) out.huffman(0x190 + symbol - 144, 9);
	else if (symbol < 280) out.huffman(symbol - 256, 7);
	else out.huffman(0xc0 + symbol - 280, 8);
}

function writeMatch(out: BitWriter, length: number, distance: number): void {
	const lengthCode = codeOf(LENGTH_BASE, length);
	writeLiteral(out, 257 + lengthCode);
	out.bits(length - LENGTH_BASE[lengthCode], LENGTH_EXTRA[lengthCode]);
	const distanceCode = codeOf(DISTANCE_BASE, distance);
	out.huffman(distanceCode, 5);
	out.bits(distance - DISTANCE_BASE[distanceCode], DISTANCE_EXTRA[distanceCode]);
}

/** Bits packed from the least significant end of each byte, as deflate does. */
class BitWriter {
	private readonly out: number[] = [];
	private pending = 0;
	private pendingBits = 0;

	/** `count` bits of `value`, least significant first (extra bits, header fields). */
	bits(value: number, count: number): void {
		this.pending |= value << this.pendingBits;
		for (this.pendingBits += count; this.pendingBits >= 8; this.pendingBits -= 8) {
			this.out.push(this.pending & 0xff);
			this.pending >>>= 8;
		}
	}

	/** A Huffman code of `count` bits, most significant first. */
	huffman(code: number, count: number): void {
		let reversed = 0;
		for (let i = 0; i < count; i++) reversed |= ((code >>> i) & 1) << (count - 1 - i);
		this.bits(reversed, count);
	}

	/** Pads to a byte, appends the big-endian Adler-32 and answers the stream. */
	finish(checksum: number): Buffer {
		if (this.pendingBits > 0) this.bits(0, 8 - this.pendingBits);
		for (const shift of [24, 16, 8, 0]) this.bits((checksum >>> shift) & 0xff, 8);
		return Buffer.from(this.out);
	}
}
