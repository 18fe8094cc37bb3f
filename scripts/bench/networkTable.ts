import { PAGE_CAP, type NetworkRow } from './network';
import type { Measured } from './turns';
import { mark } from './table';

export const NETWORK_TARGETS = {
	/** At 50 ms: node ÷ n8n's HTTP Request node with its pagination at most this (at least 4× faster). */
	vsHttpRequest: 1 / 4,
	/** 2,000 and 20,000 links at 50 ms: node ÷ the concurrent plain script at most this. */
	vsConcurrent: 1.3,
	targetLatencyMs: 50,
};

const seconds = (measured: Measured) => `${(measured.result.wallMs / 1000).toFixed(2)} s`;

function ratioCell(value: number, target: number | undefined): string {
	const text = `${value.toFixed(2)}×${value <= 0.9 ? ` (${(1 / value).toFixed(1)}× faster)` : ''}`;
	return target === undefined ? text : `${text} ${mark(value <= target)}`;
}

/** ⌈links / page⌉, plus at most one when the first answer reveals a page cap below the size asked for. */
function requestsCell(row: NetworkRow): string {
	const { requests } = row.node;
	return `${requests} (${row.pages}) ${mark(requests >= row.pages && requests <= row.pages + 1)}`;
}

/** Every link once, in the order the plain page-by-page script received them, and no error item. */
function linksCell(row: NetworkRow): string {
	const { outputItems, distinctLinks, idsDigest, errorItems } = row.node.result;
	const inOrder = idsDigest === row.sequential.result.idsDigest;
	const met =
		outputItems === row.links && distinctLinks === row.links && inOrder && errorItems === 0;
	const problems = [
		distinctLinks === outputItems ? '' : `${outputItems - (distinctLinks ?? 0)} repeated`,
		inOrder ? '' : 'order differs',
		errorItems ? `${errorItems} errors` : '',
	];
	return `${outputItems.toLocaleString('en-US')} ${mark(met)}${problems
		.filter(Boolean)
		.map((problem) => ` ${problem}`)
		.join(',')}`;
}

function httpRequestCell(row: NetworkRow): string {
	if (!row.httpRequest) return 'not installed';
	const { result, requests } = row.httpRequest;
	const n8nTime =
		result.executionMs === undefined ? '' : `, n8n: ${(result.executionMs / 1000).toFixed(2)} s`;
	return `${seconds(row.httpRequest)} (${requests} req, ${result.outputItems.toLocaleString('en-US')} links${n8nTime})`;
}

function memoryCell(row: NetworkRow): string {
	const contenders = [row.node, row.sequential, row.concurrent, row.httpRequest];
	return `${contenders.map((measured) => (measured ? Math.round(measured.result.peakRssMb) : '–')).join(' · ')} MB`;
}

function cells(row: NetworkRow): string[] {
	const targeted = row.latencyMs === NETWORK_TARGETS.targetLatencyMs;
	const vsSequential = row.node.result.wallMs / row.sequential.result.wallMs;
	const vsConcurrent = row.node.result.wallMs / row.concurrent.result.wallMs;
	// as users see it: n8n's executionTime of each node in the run data (wall time if absent)
	const shown = (measured: Measured) => measured.result.executionMs ?? measured.result.wallMs;
	const vsHttpRequest = row.httpRequest ? shown(row.node) / shown(row.httpRequest) : undefined;
	return [
		row.links.toLocaleString('en-US'),
		`${row.latencyMs} ms`,
		requestsCell(row),
		`${row.node.maxInFlight ?? '?'} · ${row.concurrent.maxInFlight ?? '?'}`,
		`${seconds(row.node)} (n8n: ${(shown(row.node) / 1000).toFixed(2)} s)`,
		seconds(row.sequential),
		seconds(row.concurrent),
		httpRequestCell(row),
		vsHttpRequest === undefined
			? '–'
			: ratioCell(vsHttpRequest, targeted ? NETWORK_TARGETS.vsHttpRequest : undefined),
		ratioCell(vsConcurrent, targeted ? NETWORK_TARGETS.vsConcurrent : undefined),
		ratioCell(vsSequential, undefined),
		memoryCell(row),
		row.node.cpuMsPerRequest === undefined ? '?' : `${row.node.cpuMsPerRequest.toFixed(1)} ms`,
		linksCell(row),
	];
}

export function networkTable(rows: NetworkRow[]): string {
	const concurrency = rows[0]?.concurrency ?? 1;
	const lines = [
		`| Links | Latency | Node requests (⌈links / ${PAGE_CAP}⌉) | Most in flight: node · plain | Node | Plain, page by page | Plain, ${concurrency} at once | HTTP Request node | Node ÷ HTTP Request | Node ÷ ${concurrency} at once | Node ÷ page by page | Peak RSS: node · page by page · ${concurrency} at once · HTTP Request | Sandbox CPU per request | Links out |`,
		'|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
		...rows.map((row) => `| ${cells(row).join(' | ')} |`),
	];
	return lines.join('\n');
}

export function networkNotes(concurrency: number): string {
	return [
		`Link > Get Many with Return All through n8n's engine, against the sandbox serving at most ${PAGE_CAP} links per page (the node asks for 100) and answering each request 0 or 50 ms late.`,
		`Columns: Node requests = requests the node sent (in brackets the pages there are); Most in flight = the most requests the sandbox held at once (the node, the concurrent plain script);`,
		`Node / Plain / HTTP Request = median wall time of the whole listing; Plain, page by page = a plain Node script with fetch asking for one page after another;`,
		`Plain, ${concurrency} at once = the same script asking for page 1, then the other pages ${concurrency} at a time (the pager's own concurrency, read from the package): the floor;`,
		`HTTP Request node = n8n's HTTP Request node (n8n-nodes-base 2.41.1 from the cached n8n of npm run n8n:install) with its pagination raising page until the pages cover total, one output item per page;`,
		`Node ÷ HTTP Request = n8n's own executionTime of each node in the run data (what the editor shows); the other Node ÷ … = node wall time over the plain script's (HTTP Request gives one item per page: a user adds a Split Out, not counted here, so the ratio favours it); Peak RSS = highest resident set size sampled every 10 ms, each contender in a child process of its own;`,
		`Sandbox CPU per request = the sandbox's median CPU time per request of the node's run (it keeps its sorted list between requests, so this stays small: the rows measure the clients); Links out = links the node output (✅: each link once, in the order the page-by-page script got them).`,
		`Red marks (❌): requests outside ⌈links / ${PAGE_CAP}⌉ … ⌈links / ${PAGE_CAP}⌉ + 1 (one more is allowed when the first answer reveals a page cap below the size asked for);`,
		`at ${NETWORK_TARGETS.targetLatencyMs} ms, node ÷ HTTP Request above ${NETWORK_TARGETS.vsHttpRequest} (not at least 4× faster than what a user would build instead);`,
		`at ${NETWORK_TARGETS.targetLatencyMs} ms, node ÷ ${concurrency} at once above ${NETWORK_TARGETS.vsConcurrent}; Links out: a link missing or repeated, another order than page by page, or an error item.`,
		'Wall times: medians of 3 runs for 2,000 links, one run for 20,000, the contenders measured in turns; the sandbox runs in the parent process.',
	].join('\n');
}
