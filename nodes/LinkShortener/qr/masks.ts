type MaskCondition = (row: number, column: number) => boolean;

/** The eight data mask conditions (ISO/IEC 18004 table 10): where true, a module is inverted. */
const MASK_CONDITIONS: readonly MaskCondition[] = [
	(i, j) => (i + j) % 2 === 0,
	(i) => i % 2 === 0,
	(_i, j) => j % 3 === 0,
	(i, j) => (i + j) % 3 === 0,
	(i, j) => (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0,
	(i, j) => ((i * j) % 2) + ((i * j) % 3) === 0,
	(i, j) => (((i * j) % 2) + ((i * j) % 3)) % 2 === 0,
	(i, j) => (((i + j) % 2) + ((i * j) % 3)) % 2 === 0,
];

export const MASK_COUNT = MASK_CONDITIONS.length;

/** Per symbol size, each mask as a flat array: 1 where it inverts a module (computed once a size). */
const patterns = new Map<number, Uint8Array[]>();

/** The mask's pattern for a symbol of `size` modules a side, row after row. */
export function maskPattern(mask: number, size: number): Uint8Array {
	let bySize = patterns.get(size);
	if (!bySize) {
		bySize = MASK_CONDITIONS.map((condition) => {
			const pattern = new Uint8Array(size * size);
			for (let row = 0; row < size; row++) {
				for (let column = 0; column < size; column++)
					pattern[row * size + column] = condition(row, column) ? 1 : 0;
			}
			return pattern;
		});
		patterns.set(size, bySize);
	}
	return bySize[mask];
}
