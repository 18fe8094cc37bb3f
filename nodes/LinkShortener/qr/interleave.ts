import { blockLayout } from './capacityTables';
import { reedSolomonRemainder } from './reedSolomon';
import type { QrErrorCorrectionLevel } from './types';

/**
 * Splits the data codewords into blocks (the short blocks first, each later block one codeword
 * longer), adds each block's error correction codewords, and interleaves: the i-th data
 * codeword of every block in turn, then the i-th error correction codeword of every block.
 */
export function interleavedCodewords(
	data: Uint8Array,
	version: number,
	level: QrErrorCorrectionLevel,
): Uint8Array {
	const { totalCodewords, blockCount, ecCodewordsPerBlock } = blockLayout(version, level);
	const longBlockCount = totalCodewords % blockCount;
	const shortBlockCount = blockCount - longBlockCount;
	const shortDataLength = Math.floor(totalCodewords / blockCount) - ecCodewordsPerBlock;

	const dataBlocks: Uint8Array[] = [];
	const ecBlocks: Uint8Array[] = [];
	let offset = 0;
	for (let block = 0; block < blockCount; block++) {
		const length = shortDataLength + (block < shortBlockCount ? 0 : 1);
		const blockData = data.subarray(offset, offset + length);
		offset += length;
		dataBlocks.push(blockData);
		ecBlocks.push(reedSolomonRemainder(blockData, ecCodewordsPerBlock));
	}

	const result = new Uint8Array(totalCodewords);
	let position = 0;
	for (let i = 0; i <= shortDataLength; i++) {
		for (const block of dataBlocks) {
			if (i < block.length) result[position++] = block[i];
		}
	}
	for (let i = 0; i < ecCodewordsPerBlock; i++) {
		for (const block of ecBlocks) result[position++] = block[i];
	}
	return result;
}
