/**
 * The network section: Link > Get Many with Return All through n8n's engine against the sandbox
 * with a page cap of 50 and 0 ms / 50 ms latency per request, in turns with a plain script
 * fetching the same pages one at a time, one fetching them as many at once as the pager does
 * (the floor), and n8n's HTTP Request node with its pagination.
 */
import { Sandbox } from '../../dev/sandbox/server';
import { REQUESTS_IN_FLIGHT } from '../../nodes/LinkShortener/http/endpoints';
import { quick, repeats } from './args';
import { httpRequestAvailable } from './httpRequestNode';
import type { Job } from './jobs';
import { listPage } from './plain';
import {
	measureInTurns,
	median,
	startWorkers,
	stopWorkers,
	type Measured,
	type ServerStats,
} from './turns';

export const PAGE_CAP = 50;
export const LATENCIES_MS = [0, 50];
const SIZES = [2_000, 20_000];
const QUICK_SIZES = [2_000];
/** Links in the sandbox while the workers warm up (a short listing of the same kind). */
const WARM_UP_LINKS = 200;

export interface NetworkRow {
	links: number;
	latencyMs: number;
	/** ⌈links / page cap⌉ */
	pages: number;
	concurrency: number;
	node: Measured;
	sequential: Measured;
	concurrent: Measured;
	/** Absent when the cached n8n (n8n-nodes-base) is not installed. */
	httpRequest?: Measured;
}

/** Exactly `links` links listed by the key (the seeded ones included). */
async function fill(sandbox: Sandbox, links: number): Promise<void> {
	sandbox.reset();
	const seeded = (await listPage({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey }, 1, 1)).total;
	sandbox.addLinks(links - seeded);
}

function serverStats(sandbox: Sandbox): ServerStats {
	const cpuMs = sandbox.requests
		.map((request) => request.cpuMs)
		.filter((ms): ms is number => ms !== undefined);
	return {
		requests: sandbox.requests.length,
		maxInFlight: sandbox.maxInFlight,
		cpuMsPerRequest: cpuMs.length ? median(cpuMs) : undefined,
	};
}

/** 20,000 links once (page by page at 50 ms takes over 20 s, and long runs are less noisy); 2,000 links three times. */
function repeatsFor(links: number): number {
	return repeats(links >= 20_000 ? 1 : 3);
}

async function rowsFor(
	sandbox: Sandbox,
	links: number,
	concurrency: number,
): Promise<NetworkRow[]> {
	const base = {
		operation: 'list',
		rows: links,
		baseUrl: sandbox.baseUrl,
		apiKey: sandbox.apiKey,
	} as const;
	const jobs: Job[] = [
		{ ...base, runner: 'node' },
		{ ...base, runner: 'plain', pageSize: PAGE_CAP },
		{ ...base, runner: 'plainConcurrent', pageSize: PAGE_CAP, concurrency },
		...(httpRequestAvailable()
			? [{ ...base, runner: 'httpRequest', pageSize: PAGE_CAP } as const]
			: []),
	];
	await fill(sandbox, WARM_UP_LINKS);
	const started = await startWorkers(jobs);
	const rows: NetworkRow[] = [];
	try {
		await fill(sandbox, links);
		for (const latencyMs of LATENCIES_MS) {
			sandbox.setLatency(latencyMs);
			const [node, sequential, concurrent, httpRequest] = await measureInTurns(
				jobs,
				started,
				repeatsFor(links),
				{
					label: `Return All ${links} links, ${latencyMs} ms`,
					beforeRun: () => sandbox.clearRequests(),
					server: () => serverStats(sandbox),
				},
			);
			rows.push({
				links,
				latencyMs,
				pages: Math.ceil(links / PAGE_CAP),
				concurrency,
				node,
				sequential,
				concurrent,
				httpRequest,
			});
		}
	} finally {
		await stopWorkers(started.workers);
	}
	return rows;
}

export async function networkRows(): Promise<NetworkRow[]> {
	const sandbox = await Sandbox.start({ rateLimit: null, logBodies: false, pageSizeCap: PAGE_CAP });
	const rows: NetworkRow[] = [];
	try {
		for (const links of quick ? QUICK_SIZES : SIZES)
			rows.push(...(await rowsFor(sandbox, links, REQUESTS_IN_FLIGHT)));
	} finally {
		await sandbox.stop();
	}
	return rows;
}
