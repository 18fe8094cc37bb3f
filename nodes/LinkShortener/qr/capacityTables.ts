import type { QrErrorCorrectionLevel } from './types';

export const MIN_VERSION = 1;
export const MAX_VERSION = 40;

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

export function symbolSize(version: number): number {
	return 17 + 4 * version;
}

/** Row and column centres of the alignment patterns (ISO/IEC 18004 annex E). */
export function alignmentPositions(version: number): number[] {
	if (version === 1) return [];
	const count = Math.floor(version / 7) + 2;
	const step = Math.floor((version * 8 + count * 3 + 5) / (count * 4 - 4)) * 2;
	const positions = [6];
	for (let position = symbolSize(version) - 7; positions.length < count; position -= step) {
		positions.splice(1, 0, position);
	}
	return positions;
}

/** Modules left for codewords once every function pattern and format/version area is placed. */
function dataModuleCount(version: number): number {
	let modules = (16 * version + 128) * version + 64;
	if (version >= 2) {
		const alignments = Math.floor(version / 7) + 2;
		modules -= (25 * alignments - 10) * alignments - 55;
		if (version >= 7) modules -= 36;
	}
	return modules;
}

export interface BlockLayout {
	totalCodewords: number;
	dataCodewords: number;
	blockCount: number;
	ecCodewordsPerBlock: number;
}

export function blockLayout(version: number, level: QrErrorCorrectionLevel): BlockLayout {
	const totalCodewords = Math.floor(dataModuleCount(version) / 8);
	const blockCount = EC_BLOCK_COUNT[level][version];
	const ecCodewordsPerBlock = EC_CODEWORDS_PER_BLOCK[level][version];
	return {
		totalCodewords,
		dataCodewords: totalCodewords - blockCount * ecCodewordsPerBlock,
		blockCount,
		ecCodewordsPerBlock,
	};
}
