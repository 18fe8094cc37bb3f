type Modules = ReadonlyArray<ReadonlyArray<boolean>>;

const N1 = 3;
const N2 = 3;
const N3 = 40;
const N4 = 10;

/** Lengths of the runs of one colour along a line, and whether the first run is dark. */
function runsOf(line: readonly boolean[]): { firstDark: boolean; lengths: number[] } {
	const lengths: number[] = [];
	for (let i = 0; i < line.length; i++) {
		if (i > 0 && line[i] === line[i - 1]) lengths[lengths.length - 1]++;
		else lengths.push(1);
	}
	return { firstDark: line[0], lengths };
}

/**
 * N1 for each run of five or more same-coloured modules: N1 + (length − 5).
 * N3 for each dark:light:dark:light:dark run in the ratio 1:1:3:1:1 (at any width) with a light
 * run of four units before or after it; beyond the symbol's edge counts as light (the quiet
 * zone).
 */
export function linePenalty(line: readonly boolean[]): number {
	const { firstDark, lengths } = runsOf(line);
	let penalty = 0;
	for (const length of lengths) if (length >= 5) penalty += N1 + length - 5;
	// Dark runs sit at even indexes when the line starts dark, at odd ones otherwise.
	for (let centre = firstDark ? 2 : 3; centre + 2 < lengths.length; centre += 2) {
		const unit = lengths[centre] / 3;
		const isFinderLike =
			lengths[centre] % 3 === 0 &&
			[-2, -1, 1, 2].every((offset) => lengths[centre + offset] === unit);
		if (!isFinderLike) continue;
		const lightBefore = centre - 3 < 0 ? Infinity : lengths[centre - 3];
		const lightAfter = centre + 3 >= lengths.length ? Infinity : lengths[centre + 3];
		if (lightBefore >= 4 * unit || lightAfter >= 4 * unit) penalty += N3;
	}
	return penalty;
}

/** Each 2×2 block of one colour (overlapping blocks count separately): N2. */
function blockPenalty(modules: Modules): number {
	let penalty = 0;
	for (let row = 0; row + 1 < modules.length; row++) {
		for (let column = 0; column + 1 < modules.length; column++) {
			const colour = modules[row][column];
			if (
				modules[row][column + 1] === colour &&
				modules[row + 1][column] === colour &&
				modules[row + 1][column + 1] === colour
			) {
				penalty += N2;
			}
		}
	}
	return penalty;
}

/** N4 for every full 5 % that the dark share deviates from 50 %. */
function balancePenalty(modules: Modules): number {
	const total = modules.length * modules.length;
	const dark = modules.reduce((sum, row) => sum + row.filter(Boolean).length, 0);
	return Math.floor((Math.abs(dark * 2 - total) * 10) / total) * N4;
}

/** The penalty score of ISO/IEC 18004 section 7.8.3; the encoder keeps the mask that scores lowest. */
export function maskPenalty(modules: Modules): number {
	let penalty = blockPenalty(modules) + balancePenalty(modules);
	for (let index = 0; index < modules.length; index++) {
		const row = modules[index];
		const column = modules.map((line) => line[index]);
		penalty += linePenalty(row) + linePenalty(column);
	}
	return penalty;
}
