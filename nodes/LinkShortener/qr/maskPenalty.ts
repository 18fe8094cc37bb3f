type Modules = ReadonlyArray<ReadonlyArray<boolean>>;

const N1 = 3;
const N2 = 3;
const N3 = 40;
const N4 = 10;

/** Run lengths of one line, reused across lines and masks: the encoder scores 8 masks a code. */
let runs = new Int32Array(64);

/** Lengths of the runs of one colour along `length` modules from `start`, `step` apart; answers how many runs. */
function runsOf(dark: Uint8Array, start: number, step: number, length: number): number {
	if (runs.length < length) runs = new Int32Array(length);
	let count = 0;
	let previous = -1;
	for (let i = 0, at = start; i < length; i++, at += step) {
		const colour = dark[at];
		if (colour === previous) runs[count - 1]++;
		else runs[count++] = 1;
		previous = colour;
	}
	return count;
}

/**
 * N1 for each run of five or more same-coloured modules: N1 + (length − 5).
 * N3 for each dark:light:dark:light:dark run in the ratio 1:1:3:1:1 (at any width) with a light
 * run of four units before or after it; beyond the symbol's edge counts as light (the quiet
 * zone).
 */
function penaltyOfLine(dark: Uint8Array, start: number, step: number, length: number): number {
	const count = runsOf(dark, start, step, length);
	let penalty = 0;
	for (let i = 0; i < count; i++) if (runs[i] >= 5) penalty += N1 + runs[i] - 5;
	// Dark runs sit at even indexes when the line starts dark, at odd ones otherwise.
	for (let centre = dark[start] ? 2 : 3; centre + 2 < count; centre += 2) {
		const middle = runs[centre];
		if (middle % 3 !== 0) continue;
		const unit = middle / 3;
		if (
			runs[centre - 2] !== unit ||
			runs[centre - 1] !== unit ||
			runs[centre + 1] !== unit ||
			runs[centre + 2] !== unit
		) {
			continue;
		}
		const lightBefore = centre - 3 < 0 ? Infinity : runs[centre - 3];
		const lightAfter = centre + 3 >= count ? Infinity : runs[centre + 3];
		if (lightBefore >= 4 * unit || lightAfter >= 4 * unit) penalty += N3;
	}
	return penalty;
}

export function linePenalty(line: readonly boolean[]): number {
	return penaltyOfLine(Uint8Array.from(line, Number), 0, 1, line.length);
}

/**
 * The penalty score of ISO/IEC 18004 section 7.8.3 for a symbol stored row after row
 * (`dark[row * size + column]` is 1 for a dark module); the encoder keeps the mask that scores
 * lowest. Rows and columns (N1, N3), 2×2 blocks (N2, overlapping blocks count separately) and
 * the dark share (N4 for every full 5 % away from 50 %).
 */
export function flatMaskPenalty(dark: Uint8Array, size: number): number {
	let penalty = 0;
	let darkCount = 0;
	for (let index = 0; index < size; index++) {
		penalty += penaltyOfLine(dark, index * size, 1, size) + penaltyOfLine(dark, index, size, size);
	}
	for (let row = 0; row < size; row++) {
		const at = row * size;
		for (let col = 0; col < size; col++) {
			const colour = dark[at + col];
			darkCount += colour;
			if (
				row + 1 < size &&
				col + 1 < size &&
				dark[at + col + 1] === colour &&
				dark[at + size + col] === colour &&
				dark[at + size + col + 1] === colour
			) {
				penalty += N2;
			}
		}
	}
	const total = size * size;
	return penalty + Math.floor((Math.abs(darkCount * 2 - total) * 10) / total) * N4;
}

export function maskPenalty(modules: Modules): number {
	const size = modules.length;
	const dark = new Uint8Array(size * size);
	modules.forEach((row, r) => row.forEach((isDark, c) => (dark[r * size + c] = isDark ? 1 : 0)));
	return flatMaskPenalty(dark, size);
}
