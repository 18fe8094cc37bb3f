const MAX_RANGES_LISTED = 20;

/**
 * Input item indices as short ranges for messages: [0, 1, 2, 5, 7, 8] → "0–2, 5, 7–8".
 * Long lists are cut after a few ranges, with how many items were left out.
 */
export function describeRows(indices: readonly number[]): string {
	if (indices.length === 0) return 'none';
	const sorted = [...indices].sort((a, b) => a - b);
	const ranges: Array<[number, number]> = [];
	for (const index of sorted) {
		const last = ranges[ranges.length - 1];
		if (last && index === last[1] + 1) last[1] = index;
		else if (!last || index > last[1]) ranges.push([index, index]);
	}
	const listed = ranges
		.slice(0, MAX_RANGES_LISTED)
		.map(([from, to]) => (from === to ? `${from}` : `${from}–${to}`));
	if (ranges.length > MAX_RANGES_LISTED) {
		const leftOut = ranges
			.slice(MAX_RANGES_LISTED)
			.reduce((sum, [from, to]) => sum + to - from + 1, 0);
		listed.push(`and ${leftOut} more`);
	}
	return listed.join(', ');
}

/** "1 link" / "3 links". */
export function plural(count: number, noun: string): string {
	return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
