import { symbolSize } from './capacityTables';
import { dataCodewords, smallestVersion } from './dataCodewords';
import { drawFormatBits, drawFunctionPatterns } from './functionPatterns';
import { interleavedCodewords } from './interleave';
import { applyMask, MASK_COUNT } from './masks';
import { maskPenalty } from './maskPenalty';
import { ModuleGrid } from './moduleGrid';
import { placeCodewords } from './placement';
import type { QrErrorCorrectionLevel, QrMatrix } from './types';

const LEVELS: readonly QrErrorCorrectionLevel[] = ['L', 'M', 'Q', 'H'];

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

	let best: { grid: ModuleGrid; mask: number; penalty: number } | undefined;
	for (let mask = 0; mask < MASK_COUNT; mask++) {
		const grid = unmasked.copy();
		applyMask(grid, mask);
		drawFormatBits(grid, level, mask);
		const penalty = maskPenalty(grid.modules);
		if (!best || penalty < best.penalty) best = { grid, mask, penalty };
	}
	const chosen = best as NonNullable<typeof best>;
	return {
		version,
		level,
		mask: chosen.mask,
		size: chosen.grid.size,
		modules: chosen.grid.modules,
	};
}
