import type { JobResult, Mode, Operation } from './jobs';

export interface Row {
	operation: Operation;
	rows: number;
	mode?: Mode;
	minimumRequests: number;
	requests: number;
	node: JobResult;
	plain: JobResult;
	/** defineBelow only: n8n evaluating the same per-row expressions in a node that does nothing else. */
	expressions?: JobResult;
	/** autoMap with a spreadsheet's column names: the columns as a sheet names them. */
	headers?: 'sheet';
	/** The same job with the link fields' own names, for the sheet-headers row. */
	exactNames?: JobResult;
}

const TARGETS = { autoMapVsPlain: 1.5, defineBelowVsExpressions: 1.2, peakRssMb: 500 };

/** A target's mark in a table cell. */
export const mark = (met: boolean) => (met ? '✅' : '❌');

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const megabytes = (mb: number) => `${Math.round(mb)} MB`;
/** Peak RSS, with the RSS the process had before the measured runs (modules loaded, warmed up). */
const memory = (result: JobResult) =>
	`${megabytes(result.peakRssMb)} (${Math.round(result.startRssMb)})`;
const ratio = (value: number, target: number) => `${value.toFixed(2)}× ${mark(value <= target)}`;

function label(row: Row): string {
	const what = {
		create: 'Bulk create',
		update: 'Bulk update',
		list: 'Get Many, Return All',
		sync: 'Bulk sync',
	}[row.operation];
	if (row.headers === 'sheet' && row.exactNames) {
		const vsExact = row.node.wallMs / row.exactNames.wallMs;
		return `${what} (autoMap, a sheet's headers: ${vsExact.toFixed(2)}× exact names ${mark(vsExact <= 1.1)})`;
	}
	return row.mode ? `${what} (${row.mode})` : what;
}

/** The floor for defineBelow: n8n's own per-row expressions, plus the HTTP work the plain script does. */
function defineBelowFloorMs(row: Row): number {
	return (row.expressions?.wallMs ?? NaN) + row.plain.wallMs;
}

export function markdownTable(rows: Row[]): string {
	const lines = [
		'| Operation | Rows | Requests (minimum) | Node wall | Plain fetch wall | Node ÷ plain | n8n per-row expressions | Node ÷ (expressions + plain) | Node peak RSS (before) | Plain peak RSS (before) | Output items |',
		'|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
	];
	for (const row of rows) {
		const vsPlain = row.node.wallMs / row.plain.wallMs;
		const isDefineBelow = row.mode === 'defineBelow';
		const cells = [
			label(row),
			row.rows.toLocaleString('en-US'),
			`${row.requests} (${row.minimumRequests}) ${row.requests === row.minimumRequests ? '✅' : '❌'}`,
			seconds(row.node.wallMs),
			seconds(row.plain.wallMs),
			row.mode === 'autoMap' || row.operation === 'list'
				? ratio(vsPlain, TARGETS.autoMapVsPlain)
				: `${vsPlain.toFixed(2)}×`,
			isDefineBelow ? seconds(row.expressions?.wallMs ?? NaN) : '',
			isDefineBelow
				? ratio(row.node.wallMs / defineBelowFloorMs(row), TARGETS.defineBelowVsExpressions)
				: '',
			`${memory(row.node)}${row.rows >= 100_000 ? (row.node.peakRssMb < TARGETS.peakRssMb ? ' ✅' : ' ❌') : ''}`,
			memory(row.plain),
			`${row.node.outputItems - row.node.errorItems}${row.node.errorItems ? ` + ${row.node.errorItems} errors` : ''}`,
		];
		lines.push(`| ${cells.join(' | ')} |`);
	}
	return lines.join('\n');
}

export const TABLE_NOTES = [
	`Targets: requests = the minimum the limits allow (create ${'⌈rows / 10,000⌉'}, update ⌈rows / 1,000⌉ (default Batch Size), Return All ⌈links / page⌉ at the page size the sandbox serves);`,
	`autoMap and Return All wall time ≤ ${TARGETS.autoMapVsPlain}× a plain Node script with fetch doing the same requests;`,
	`defineBelow ≤ ${TARGETS.defineBelowVsExpressions}× its floor: what n8n spends evaluating the same per-row parameters (a node that only calls getNodeParameter for them on every row) plus the plain script's HTTP time;`,
	`peak RSS (sampled every 10 ms, one child process per job; in brackets its RSS before the measured runs) < ${TARGETS.peakRssMb} MB for 100,000 rows.`,
	'Wall times are medians of several runs in one warmed-up process; the sandbox runs in the parent process.',
].join('\n');
