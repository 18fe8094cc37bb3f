/**
 * Return All in real n8n (`n8n execute` and `n8n start`): one case measured beside the HTTP
 * Request node and the plain script, and its table row with the issue's marks: at 50 ms, at
 * least 5× faster than the HTTP Request node and at most 1.2× the plain script; without
 * latency, at most 2 ms a request and faster than the HTTP Request node.
 */
import type { Sandbox } from '../../dev/sandbox/server';
import { REQUESTS_IN_FLIGHT } from '../../nodes/LinkShortener/http/endpoints';
import { repeats } from './args';
import { plainListConcurrent, type PlainTarget } from './plain';
import { mark } from './table';
import { median } from './turns';

export interface ReturnAllRun {
	links: number;
	latency: number;
	requests: number;
	nodeMs: number;
	httpMs: number;
	plainMs: number;
}

/** The median of `repeats` runs; with `warmUp`, after one run that is not counted. */
async function medianOfRuns(run: () => Promise<number>, warmUp: boolean): Promise<number> {
	if (warmUp) await run();
	const times: number[] = [];
	for (let i = 0; i < repeats(3); i++) times.push(await run());
	return median(times);
}

/**
 * One case: the sandbox holds `links` and answers `latency` ms late; the node's and the HTTP
 * Request node's workflows run through `runJob` (their Job's time, ms), the plain script in this
 * process. `requests` is what the server received in the node's last run.
 */
export async function measureReturnAll(
	sandbox: Sandbox,
	target: PlainTarget & { pageSize: number },
	jobs: { node: string; http: string; runJob: (workflowId: string) => Promise<number> },
	[links, latency]: readonly [number, number],
	warmUp: boolean,
): Promise<ReturnAllRun> {
	sandbox.reset();
	sandbox.addLinks(links - sandbox.links.size);
	sandbox.setLatency(latency);
	let requests = 0;
	const nodeMs = await medianOfRuns(async () => {
		sandbox.clearRequests();
		const ms = await jobs.runJob(jobs.node);
		requests = sandbox.requests.length;
		return ms;
	}, warmUp);
	const httpMs = await medianOfRuns(async () => await jobs.runJob(jobs.http), warmUp);
	const plainMs = await medianOfRuns(async () => {
		const started = performance.now();
		await plainListConcurrent(target, target.pageSize, REQUESTS_IN_FLIGHT);
		return performance.now() - started;
	}, warmUp);
	return { links, latency, requests, nodeMs, httpMs, plainMs };
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
