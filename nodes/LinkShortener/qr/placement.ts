import type { ModuleGrid } from './moduleGrid';

/**
 * Places the codewords' bits, most significant first, in two-module-wide columns from the
 * bottom-right corner, going up and down in turn, skipping the vertical timing column and every
 * function module. Modules left over (remainder bits) stay light.
 */
export function placeCodewords(grid: ModuleGrid, codewords: Uint8Array): void {
	const size = grid.size;
	const bitCount = codewords.length * 8;
	let index = 0;
	for (let right = size - 1; right >= 1; right -= 2) {
		if (right === 6) right = 5;
		const upward = ((right + 1) & 2) === 0;
		for (let step = 0; step < size; step++) {
			const row = upward ? size - 1 - step : step;
			for (let offset = 0; offset < 2; offset++) {
				const column = right - offset;
				if (grid.isFunction[row][column] || index >= bitCount) continue;
				grid.modules[row][column] = ((codewords[index >>> 3] >>> (7 - (index & 7))) & 1) !== 0;
				index++;
			}
		}
	}
}
