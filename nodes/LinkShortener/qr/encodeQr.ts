import { symbolSize } from './capacityTables';
import { dataCodewords, smallestVersion } from './dataCodewords';
import { drawFormatBits, drawFunctionPatterns } from './functionPatterns';
import { interleavedCodewords } from './interleave';
import { MASK_COUNT, maskPattern } from './masks';
import { flatMaskPenalty } from './maskPenalty';
import { ModuleGrid } from './moduleGrid';
import { placeCodewords } from './placement';
import type { QrErrorCorrectionLevel, QrMatrix } from './types';

export const LEVELS: readonly QrErrorCorrectionLevel[] = ['L', 'M', 'Q', 'H'];

/**
 * Encodes `text` as its UTF-8 bytes in byte mode, in the smallest version (1–40) that holds
 * it at the given error correction level, with the mask of lowest penalty.
 */
export function encodeQr(text: string, level: QrErrorCorrectionLevel): QrMatrix {
	if (!LEVELS.includes(level)) {
		throw new Error(
			`QR code: the error correction level must be L, M, Q or H, not "${String(level)}"`,
		);
	}
	const bytes = Buffer.from(text, 'utf8');
	const version = smallestVersion(bytes.length, level);
	const codewords = interleavedCodewords(dataCodewords(bytes, version, level), version, level);

	const unmasked = new ModuleGrid(symbolSize(version));
	drawFunctionPatterns(unmasked, version, level);
	placeCodewords(unmasked, codewords);

	// The eight candidates are scored on flat arrays (dark[row * size + column] = 1): a code is
	// made for every output item, and this loop is most of its time.
	const size = unmasked.size;
	const base = new Uint8Array(size * size);
	const dataModules: number[] = [];
	for (let row = 0; row < size; row++) {
		for (let column = 0; column < size; column++) {
			base[row * size + column] = unmasked.modules[row][column] ? 1 : 0;
			if (!unmasked.isFunction[row][column]) dataModules.push(row * size + column);
		}
	}
	const candidate = new Uint8Array(size * size);
	const onCandidate = {
		size,
		setFunction: (row: number, column: number, dark: boolean) =>
			(candidate[row * size + column] = dark ? 1 : 0),
	} as unknown as ModuleGrid;
	let best = { mask: 0, penalty: Infinity, dark: candidate };
	for (let mask = 0; mask < MASK_COUNT; mask++) {
		candidate.set(base);
		const pattern = maskPattern(mask, size);
		for (const at of dataModules) candidate[at] ^= pattern[at];
		drawFormatBits(onCandidate, level, mask);
		const penalty = flatMaskPenalty(candidate, size);
		if (penalty < best.penalty) best = { mask, penalty, dark: candidate.slice() };
	}
	const modules: boolean[][] = [];
	for (let row = 0; row < size; row++) {
		const line = new Array<boolean>(size);
		for (let column = 0; column < size; column++)
			line[column] = best.dark[row * size + column] === 1;
		modules.push(line);
	}
	return { version, level, mask: best.mask, size, modules };
}
