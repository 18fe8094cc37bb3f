import {
	chooseMask,
	drawFunctionPatterns,
	placeCodewords,
	symbolGrid,
	type QrErrorCorrectionLevel,
} from './symbol';

export type { QrErrorCorrectionLevel };

/** A finished QR symbol: `modules[row][column]` is true for a dark module. No quiet zone. */
export interface QrMatrix {
	readonly version: number;
	readonly level: QrErrorCorrectionLevel;
	readonly mask: number;
	/** Modules per side: 17 + 4 × version. */
	readonly size: number;
	readonly modules: ReadonlyArray<ReadonlyArray<boolean>>;
}

export const LEVELS: readonly QrErrorCorrectionLevel[] = ['L', 'M', 'Q', 'H'];

const MAX_VERSION = 40;

// ISO/IEC 18004 table 9, per version 1–40 (index 0 unused): error correction codewords per
// block, and the number of blocks.
const EC_CODEWORDS_PER_BLOCK: Record<QrErrorCorrectionLevel, readonly number[]> = {
	L: [
		0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30,
		30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
	],
	M: [
		0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28,
		28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
	],
	Q: [
		0, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30,
		30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
	],
	H: [
		0, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30,
		30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
	],
};

const EC_BLOCK_COUNT: Record<QrErrorCorrectionLevel, readonly number[]> = {
	L: [
		0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14,
		15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25,
	],
	M: [
		0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25,
		26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
	],
	Q: [
		0, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34,
		34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68,
	],
	H: [
		0, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37,
		40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81,
	],
};

/** Codewords of a symbol, and how they split into data and error correction blocks. */
function blockLayout(version: number, level: QrErrorCorrectionLevel) {
	// The modules left once every function pattern and format/version area is placed.
	let modules = (16 * version + 128) * version + 64;
	if (version >= 2) {
		const alignments = Math.floor(version / 7) + 2;
		modules -= (25 * alignments - 10) * alignments - 55;
		if (version >= 7) modules -= 36;
	}
	const totalCodewords = Math.floor(modules / 8);
	const blockCount = EC_BLOCK_COUNT[level][version];
	const ecCodewordsPerBlock = EC_CODEWORDS_PER_BLOCK[level][version];
	const dataCodewords = totalCodewords - blockCount * ecCodewordsPerBlock;
	return { totalCodewords, dataCodewords, blockCount, ecCodewordsPerBlock };
}

/** Bits of byte mode's header and `byteCount` bytes: mode, character count, the bytes. */
const bitsNeeded = (byteCount: number, version: number) =>
	4 + (version <= 9 ? 8 : 16) + 8 * byteCount;

function smallestVersion(byteCount: number, level: QrErrorCorrectionLevel): number {
	for (let version = 1; version <= MAX_VERSION; version++) {
		if (bitsNeeded(byteCount, version) <= blockLayout(version, level).dataCodewords * 8)
			return version;
	}
	const capacity = blockLayout(MAX_VERSION, level).dataCodewords * 8;
	const most = Math.floor((capacity - bitsNeeded(0, MAX_VERSION)) / 8);
	throw new Error(
		`QR code: the text is ${byteCount} bytes long (UTF-8), but at most ${most} bytes fit in a QR code at error correction level ${level} (version 40)`,
	);
}

/** Mode indicator, character count, the bytes, the terminator and the pad codewords 0xEC 0x11. */
function dataCodewords(bytes: Uint8Array, version: number, capacity: number): Uint8Array {
	const codewords = new Uint8Array(capacity);
	let bit = 0;
	const write = (value: number, count: number) => {
		for (let i = count - 1; i >= 0; i--, bit++)
			if ((value >>> i) & 1) codewords[bit >>> 3] |= 0x80 >>> (bit & 7);
	};
	write(0b0100, 4);
	write(bytes.length, version <= 9 ? 8 : 16);
	for (const byte of bytes) write(byte, 8);
	bit += Math.min(4, capacity * 8 - bit); // the terminator
	for (let i = Math.ceil(bit / 8), pad = 0; i < capacity; i++, pad++)
		codewords[i] = pad % 2 ? 0x11 : 0xec;
	return codewords;
}

// GF(256) with the QR code's primitive polynomial x^8 + x^4 + x^3 + x^2 + 1 (0x11D);
// EXP is doubled in length so that EXP[LOG[a] + LOG[b]] needs no modulo.
const EXP = new Uint8Array(510);
const LOG = new Uint8Array(256);
for (let exponent = 0, value = 1; exponent < 255; exponent++) {
	EXP[exponent] = EXP[exponent + 255] = value;
	LOG[value] = exponent;
	value = value & 0x80 ? (value << 1) ^ 0x11d : value << 1;
}
const gfMultiply = (a: number, b: number) => (a && b ? EXP[LOG[a] + LOG[b]] : 0);

const generators = new Map<number, Uint8Array>();

/** (x − α^0)(x − α^1)…(x − α^(degree−1)), highest power first, without the leading 1. */
function generatorPolynomial(degree: number): Uint8Array {
	let coefficients = generators.get(degree);
	if (coefficients) return coefficients;
	coefficients = new Uint8Array(degree);
	coefficients[degree - 1] = 1;
	for (let i = 0; i < degree; i++) {
		for (let j = 0; j < degree; j++) {
			coefficients[j] = gfMultiply(coefficients[j], EXP[i]);
			if (j + 1 < degree) coefficients[j] ^= coefficients[j + 1];
		}
	}
	generators.set(degree, coefficients);
	return coefficients;
}

/** The error correction codewords of one block: the remainder of data·x^degree ÷ generator. */
export function reedSolomonRemainder(data: ArrayLike<number>, degree: number): Uint8Array {
	const generator = generatorPolynomial(degree);
	const remainder = new Uint8Array(degree);
	for (let i = 0; i < data.length; i++) {
		const factor = data[i] ^ remainder[0];
		remainder.copyWithin(0, 1);
		remainder[degree - 1] = 0;
		for (let j = 0; j < degree; j++) remainder[j] ^= gfMultiply(generator[j], factor);
	}
	return remainder;
}

/**
 * The data codewords split into blocks (the short ones first, each later block one codeword
 * longer), each with its error correction codewords, interleaved: the i-th data codeword of
 * every block in turn, then the i-th error correction codeword of every block.
 */
function interleavedCodewords(bytes: Uint8Array, version: number, level: QrErrorCorrectionLevel) {
	const layout = blockLayout(version, level);
	const { totalCodewords, blockCount, ecCodewordsPerBlock } = layout;
	const data = dataCodewords(bytes, version, layout.dataCodewords);
	const shortBlocks = blockCount - (totalCodewords % blockCount);
	const shortLength = Math.floor(totalCodewords / blockCount) - ecCodewordsPerBlock;
	const blocks: Array<{ data: Uint8Array; ec: Uint8Array }> = [];
	for (let block = 0, offset = 0; block < blockCount; block++) {
		const length = shortLength + (block < shortBlocks ? 0 : 1);
		const blockData = data.subarray(offset, (offset += length));
		blocks.push({ data: blockData, ec: reedSolomonRemainder(blockData, ecCodewordsPerBlock) });
	}
	const result = new Uint8Array(totalCodewords);
	let position = 0;
	for (let i = 0; i <= shortLength; i++)
		for (const block of blocks) if (i < block.data.length) result[position++] = block.data[i];
	for (let i = 0; i < ecCodewordsPerBlock; i++)
		for (const block of blocks) result[position++] = block.ec[i];
	return result;
}

/**
 * Encodes `text` as its UTF-8 bytes in byte mode, in the smallest version (1–40) that holds
 * it at the given error correction level (checked by qrSettingsOf), with the mask of lowest penalty.
 */
export function encodeQr(text: string, level: QrErrorCorrectionLevel): QrMatrix {
	const bytes = Buffer.from(text, 'utf8');
	const version = smallestVersion(bytes.length, level);
	const grid = symbolGrid(17 + 4 * version);
	drawFunctionPatterns(grid, version, level);
	placeCodewords(grid, interleavedCodewords(bytes, version, level));
	const { mask, dark } = chooseMask(grid, level);
	const size = grid.size;
	const modules = Array.from({ length: size }, (_, row) =>
		Array.from({ length: size }, (_, column) => dark[row * size + column] === 1),
	);
	return { version, level, mask, size, modules };
}
