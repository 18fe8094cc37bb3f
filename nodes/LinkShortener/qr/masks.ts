import type { ModuleGrid } from './moduleGrid';

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

/** Inverts the data modules the mask selects (function modules are never masked). */
export function applyMask(grid: ModuleGrid, mask: number): void {
	const condition = MASK_CONDITIONS[mask];
	for (let row = 0; row < grid.size; row++) {
		for (let column = 0; column < grid.size; column++) {
			if (!grid.isFunction[row][column] && condition(row, column)) {
				grid.modules[row][column] = !grid.modules[row][column];
			}
		}
	}
}
