import { alignmentPositions } from './capacityTables';
import { formatBits, versionBits } from './formatAndVersionBits';
import type { ModuleGrid } from './moduleGrid';
import type { QrErrorCorrectionLevel } from './types';

function bit(value: number, index: number): boolean {
	return ((value >>> index) & 1) !== 0;
}

/** A finder pattern centred on (row, column), with its light separator. */
function drawFinder(grid: ModuleGrid, centreRow: number, centreColumn: number): void {
	for (let dy = -4; dy <= 4; dy++) {
		for (let dx = -4; dx <= 4; dx++) {
			const row = centreRow + dy;
			const column = centreColumn + dx;
			if (row < 0 || row >= grid.size || column < 0 || column >= grid.size) continue;
			const ring = Math.max(Math.abs(dx), Math.abs(dy));
			grid.setFunction(row, column, ring !== 2 && ring !== 4);
		}
	}
}

function drawAlignment(grid: ModuleGrid, centreRow: number, centreColumn: number): void {
	for (let dy = -2; dy <= 2; dy++) {
		for (let dx = -2; dx <= 2; dx++) {
			grid.setFunction(
				centreRow + dy,
				centreColumn + dx,
				Math.max(Math.abs(dx), Math.abs(dy)) !== 1,
			);
		}
	}
}

/** Both copies of the format information, and the dark module beside the lower-left copy. */
export function drawFormatBits(
	grid: ModuleGrid,
	level: QrErrorCorrectionLevel,
	mask: number,
): void {
	const bits = formatBits(level, mask);
	const size = grid.size;
	// Around the top-left finder: bits 0–5 down column 8, skipping the timing row.
	for (let i = 0; i <= 5; i++) grid.setFunction(i, 8, bit(bits, i));
	grid.setFunction(7, 8, bit(bits, 6));
	grid.setFunction(8, 8, bit(bits, 7));
	grid.setFunction(8, 7, bit(bits, 8));
	for (let i = 9; i < 15; i++) grid.setFunction(8, 14 - i, bit(bits, i));
	// Split between the top-right and bottom-left finders.
	for (let i = 0; i < 8; i++) grid.setFunction(8, size - 1 - i, bit(bits, i));
	for (let i = 8; i < 15; i++) grid.setFunction(size - 15 + i, 8, bit(bits, i));
	grid.setFunction(size - 8, 8, true);
}

/** The two 6×3 version information blocks of versions 7 and up. */
function drawVersionBits(grid: ModuleGrid, version: number): void {
	if (version < 7) return;
	const bits = versionBits(version);
	for (let i = 0; i < 18; i++) {
		const far = grid.size - 11 + (i % 3);
		const near = Math.floor(i / 3);
		grid.setFunction(near, far, bit(bits, i));
		grid.setFunction(far, near, bit(bits, i));
	}
}

/**
 * Timing, finder and alignment patterns, version information, and placeholder format
 * information (so the data placement skips its modules; the real bits come with the mask).
 */
export function drawFunctionPatterns(
	grid: ModuleGrid,
	version: number,
	level: QrErrorCorrectionLevel,
): void {
	const size = grid.size;
	for (let i = 0; i < size; i++) {
		grid.setFunction(6, i, i % 2 === 0);
		grid.setFunction(i, 6, i % 2 === 0);
	}
	drawFinder(grid, 3, 3);
	drawFinder(grid, 3, size - 4);
	drawFinder(grid, size - 4, 3);

	const positions = alignmentPositions(version);
	const last = positions.length - 1;
	for (let i = 0; i <= last; i++) {
		for (let j = 0; j <= last; j++) {
			const overlapsFinder =
				(i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0);
			if (!overlapsFinder) drawAlignment(grid, positions[i], positions[j]);
		}
	}
	drawFormatBits(grid, level, 0);
	drawVersionBits(grid, version);
}
