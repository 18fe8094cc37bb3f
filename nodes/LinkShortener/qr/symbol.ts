export type QrErrorCorrectionLevel = 'L' | 'M' | 'Q' | 'H';

type SetModule = (row: number, column: number, dark: boolean) => void;

/** The symbol under construction, row after row: its dark modules, and those of function patterns. */
export interface SymbolGrid {
	size: number;
	dark: Uint8Array;
	fixed: Uint8Array;
	setFunction: SetModule;
}

export function symbolGrid(size: number): SymbolGrid {
	const [dark, fixed] = [new Uint8Array(size * size), new Uint8Array(size * size)];
	const setFunction: SetModule = (row, column, isDark) => {
		dark[row * size + column] = isDark ? 1 : 0;
		fixed[row * size + column] = 1;
	};
	return { size, dark, fixed, setFunction };
}

const bit = (value: number, index: number) => ((value >>> index) & 1) !== 0;

/** Remainder of `value · x^degree` divided by `generator` (a BCH code over GF(2)). */
function bchRemainder(value: number, degree: number, generator: number): number {
	let remainder = value;
	for (let i = 0; i < degree; i++) {
		remainder = (remainder << 1) ^ ((remainder >>> (degree - 1)) * generator);
	}
	return remainder;
}

const LEVEL_FORMAT_BITS: Record<QrErrorCorrectionLevel, number> = { L: 1, M: 0, Q: 3, H: 2 };

/** The 15 format bits: level and mask, BCH(15,5), XOR 101010000010010. */
export function formatBits(level: QrErrorCorrectionLevel, mask: number): number {
	const data = (LEVEL_FORMAT_BITS[level] << 3) | mask;
	return ((data << 10) | bchRemainder(data, 10, 0x537)) ^ 0x5412;
}

/** The 18 version bits of versions 7–40: the version, BCH(18,6). */
export function versionBits(version: number): number {
	return (version << 12) | bchRemainder(version, 12, 0x1f25);
}

/** Row and column centres of the alignment patterns (ISO/IEC 18004 annex E). */
export function alignmentPositions(version: number): number[] {
	if (version === 1) return [];
	const count = Math.floor(version / 7) + 2;
	const step = Math.floor((version * 8 + count * 3 + 5) / (count * 4 - 4)) * 2;
	const positions = [6];
	for (let position = 17 + 4 * version - 7; positions.length < count; position -= step) {
		positions.splice(1, 0, position);
	}
	return positions;
}

type Ring = (ring: number) => boolean;

/** A square pattern centred on (row, column): `dark` of each ring, out to `radius`; off the symbol is skipped. */
function drawRings(grid: SymbolGrid, row: number, col: number, radius: number, dark: Ring) {
	for (let dy = -radius; dy <= radius; dy++) {
		for (let dx = -radius; dx <= radius; dx++) {
			const [r, c] = [row + dy, col + dx];
			if (r >= 0 && r < grid.size && c >= 0 && c < grid.size) {
				grid.setFunction(r, c, dark(Math.max(Math.abs(dx), Math.abs(dy))));
			}
		}
	}
}

/** Both copies of the format information, and the dark module beside the lower-left copy. */
function drawFormatBits(set: SetModule, size: number, level: QrErrorCorrectionLevel, mask: number) {
	const bits = formatBits(level, mask);
	// Around the top-left finder: bits 0–5 down column 8, skipping the timing row.
	for (let i = 0; i <= 5; i++) set(i, 8, bit(bits, i));
	set(7, 8, bit(bits, 6));
	set(8, 8, bit(bits, 7));
	set(8, 7, bit(bits, 8));
	for (let i = 9; i < 15; i++) set(8, 14 - i, bit(bits, i));
	// Split between the top-right and bottom-left finders.
	for (let i = 0; i < 8; i++) set(8, size - 1 - i, bit(bits, i));
	for (let i = 8; i < 15; i++) set(size - 15 + i, 8, bit(bits, i));
	set(size - 8, 8, true);
}

/**
 * Timing, finder (with separators) and alignment patterns, version information, and placeholder
 * format information (so that the data skips its modules; the real bits come with the mask).
 */
export function drawFunctionPatterns(
	grid: SymbolGrid,
	version: number,
	level: QrErrorCorrectionLevel,
) {
	const size = grid.size;
	for (let i = 0; i < size; i++) {
		grid.setFunction(6, i, i % 2 === 0);
		grid.setFunction(i, 6, i % 2 === 0);
	}
	const finders = [3, 3, 3, size - 4, size - 4, 3];
	for (let k = 0; k < 6; k += 2) {
		drawRings(grid, finders[k], finders[k + 1], 4, (ring) => ring !== 2 && ring !== 4);
	}
	const positions = alignmentPositions(version);
	const last = positions.length - 1;
	for (let i = 0; i <= last; i++) {
		for (let j = 0; j <= last; j++) {
			const onFinder = (i === 0 && (j === 0 || j === last)) || (i === last && j === 0);
			if (!onFinder) drawRings(grid, positions[i], positions[j], 2, (ring) => ring !== 1);
		}
	}
	drawFormatBits(grid.setFunction, size, level, 0);
	if (version < 7) return;
	const bits = versionBits(version);
	for (let i = 0; i < 18; i++) {
		const [far, near] = [size - 11 + (i % 3), Math.floor(i / 3)];
		grid.setFunction(near, far, bit(bits, i));
		grid.setFunction(far, near, bit(bits, i));
	}
}

/**
 * Places the codewords' bits, most significant first, in two-module-wide columns from the
 * bottom-right corner, going up and down in turn, skipping the vertical timing column and every
 * function module. Modules left over (remainder bits) stay light.
 */
export function placeCodewords(grid: SymbolGrid, codewords: Uint8Array): void {
	const size = grid.size;
	let index = 0;
	for (let right = size - 1; right >= 1; right -= 2) {
		if (right === 6) right = 5;
		const upward = ((right + 1) & 2) === 0;
		for (let step = 0; step < size; step++) {
			const row = upward ? size - 1 - step : step;
			for (let at = row * size + right; at > row * size + right - 2; at--) {
				if (grid.fixed[at] || index >= codewords.length * 8) continue;
				grid.dark[at] = (codewords[index >>> 3] >>> (7 - (index & 7))) & 1;
				index++;
			}
		}
	}
}

/** The eight data mask conditions (ISO/IEC 18004 table 10): where true, a module is inverted. */
const MASKS: ReadonlyArray<(i: number, j: number) => boolean> = [
	(i, j) => (i + j) % 2 === 0,
	(i) => i % 2 === 0,
	(_i, j) => j % 3 === 0,
	(i, j) => (i + j) % 3 === 0,
	(i, j) => (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0,
	(i, j) => ((i * j) % 2) + ((i * j) % 3) === 0,
	(i, j) => (((i * j) % 2) + ((i * j) % 3)) % 2 === 0,
	(i, j) => (((i + j) % 2) + ((i * j) % 3)) % 2 === 0,
];

/** Each symbol size's masks as flat arrays, 1 where a module is inverted (made once a size). */
const maskPatterns = new Map<number, Uint8Array[]>();

function patternsOf(size: number): Uint8Array[] {
	let patterns = maskPatterns.get(size);
	if (!patterns) {
		patterns = MASKS.map((inverts) =>
			Uint8Array.from({ length: size * size }, (_, at) =>
				inverts(Math.floor(at / size), at % size) ? 1 : 0,
			),
		);
		maskPatterns.set(size, patterns);
	}
	return patterns;
}

/** The mask of lowest penalty over the grid's data modules, with its format bits: a code is made for every output item, and this loop is most of its time. */
export function chooseMask(grid: SymbolGrid, level: QrErrorCorrectionLevel) {
	const { size } = grid;
	const dataModules: number[] = [];
	for (let at = 0; at < size * size; at++) if (!grid.fixed[at]) dataModules.push(at);
	const candidate = new Uint8Array(size * size);
	const setFormat: SetModule = (row, column, dark) => {
		candidate[row * size + column] = dark ? 1 : 0;
	};
	let best = { mask: 0, penalty: Infinity, dark: candidate };
	patternsOf(size).forEach((pattern, mask) => {
		candidate.set(grid.dark);
		for (const at of dataModules) candidate[at] ^= pattern[at];
		drawFormatBits(setFormat, size, level, mask);
		const penalty = maskPenalty(candidate, size);
		if (penalty < best.penalty) best = { mask, penalty, dark: candidate.slice() };
	});
	return best;
}

const [N1, N2, N3, N4] = [3, 3, 40, 10];

/** Run lengths of one line, reused across lines and masks. */
let runs = new Int32Array(64);

/**
 * N1 for each run of five or more same-coloured modules: N1 + (length − 5). N3 for each
 * dark:light:dark:light:dark run in the ratio 1:1:3:1:1 (at any width) with a light run of four
 * units before or after it; beyond the symbol's edge counts as light (the quiet zone).
 */
export function penaltyOfLine(
	dark: Uint8Array,
	start: number,
	step: number,
	length: number,
): number {
	if (runs.length < length) runs = new Int32Array(length);
	let count = 0;
	for (let i = 0, at = start, previous = -1; i < length; i++, at += step) {
		if (dark[at] === previous) runs[count - 1]++;
		else runs[count++] = 1;
		previous = dark[at];
	}
	let penalty = 0;
	for (let i = 0; i < count; i++) if (runs[i] >= 5) penalty += N1 + runs[i] - 5;
	// Dark runs sit at even indexes when the line starts dark, at odd ones otherwise.
	for (let centre = dark[start] ? 2 : 3; centre + 2 < count; centre += 2) {
		const unit = runs[centre] / 3;
		if (runs[centre - 2] !== unit || runs[centre - 1] !== unit) continue;
		if (runs[centre + 1] !== unit || runs[centre + 2] !== unit) continue;
		const lightBefore = centre - 3 < 0 ? Infinity : runs[centre - 3];
		const lightAfter = centre + 3 >= count ? Infinity : runs[centre + 3];
		if (lightBefore >= 4 * unit || lightAfter >= 4 * unit) penalty += N3;
	}
	return penalty;
}

/**
 * The penalty score of ISO/IEC 18004 section 7.8.3 for a symbol stored row after row: rows and
 * columns (N1, N3), 2×2 blocks (N2, overlapping blocks count separately) and the dark share (N4
 * for every full 5 % away from 50 %). The encoder keeps the mask that scores lowest.
 */
export function maskPenalty(dark: Uint8Array, size: number): number {
	let penalty = 0;
	let darkCount = 0;
	for (let index = 0; index < size; index++) {
		penalty += penaltyOfLine(dark, index * size, 1, size) + penaltyOfLine(dark, index, size, size);
	}
	for (let row = 0, at = 0; row < size; row++) {
		for (let column = 0; column < size; column++, at++) {
			const colour = dark[at];
			darkCount += colour;
			const below = row + 1 < size && column + 1 < size;
			if (
				below &&
				dark[at + 1] === colour &&
				dark[at + size] === colour &&
				dark[at + size + 1] === colour
			) {
				penalty += N2;
			}
		}
	}
	const total = size * size;
	return penalty + Math.floor((Math.abs(darkCount * 2 - total) * 10) / total) * N4;
}
