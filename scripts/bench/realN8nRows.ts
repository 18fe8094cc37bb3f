/**
 * The rows of the real-n8n Return All tables (`n8n execute` and `n8n start`), with the issue's
 * marks: at 50 ms, at least 5× faster than the HTTP Request node and at most 1.2× the plain
 * script; without latency, at most 2 ms a request and faster than the HTTP Request node.
 */
import { mark } from './table';

export interface ReturnAllRun {
	links: number;
	latency: number;
	requests: number;
	nodeMs: number;
	httpMs: number;
	plainMs: number;
}

export const RETURN_ALL_HEADER = [
	'| Links | Latency | Pages | Link Shortener node, Return All | HTTP Request node, pagination | Plain script, 8 pages in flight | HTTP Request ÷ node | node ÷ plain |',
	'|---:|---:|---:|---:|---:|---:|---:|---:|',
];

/** A row; with `packageMsPerRequest` (from a profile) a last column: the node's time without the package's code. */
export function returnAllRow(run: ReturnAllRun, packageMsPerRequest?: number): string {
	const { links, latency, requests, nodeMs, httpMs, plainMs } = run;
	const perRequest = nodeMs / requests;
	const faster = httpMs / nodeMs;
	const overPlain = nodeMs / plainMs;
	const cells = [
		links.toLocaleString('en-US'),
		`${latency} ms`,
		String(requests),
		`${(nodeMs / 1000).toFixed(2)} s (${perRequest.toFixed(1)} ms a request${latency > 0 ? '' : ` ${mark(perRequest <= 2)}`})`,
		`${(httpMs / 1000).toFixed(2)} s`,
		`${(plainMs / 1000).toFixed(2)} s`,
		`${faster.toFixed(1)}× ${latency > 0 ? mark(faster >= 5) : mark(faster > 1)}`,
		`${overPlain.toFixed(2)}×${latency > 0 ? ` ${mark(overPlain <= 1.2)}` : ''}`,
	];
	if (packageMsPerRequest !== undefined) {
		const n8nOnlyMs = nodeMs - packageMsPerRequest * requests;
		cells.push(
			`${(n8nOnlyMs / 1000).toFixed(2)} s: ${(httpMs / n8nOnlyMs).toFixed(1)}× · ${(n8nOnlyMs / plainMs).toFixed(2)}× (${(n8nOnlyMs / requests).toFixed(1)} ms a request)`,
		);
	}
	return `| ${cells.join(' | ')} |`;
}
