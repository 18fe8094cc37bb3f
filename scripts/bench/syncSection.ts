/**
 * The sync section: Bulk > Sync Many of a 10,000-row sheet that the account already mirrors,
 * beside what users build today to mirror a sheet: Link > Get Many with Return All (the
 * look-up), an If (not counted here: it favours today's way), and Bulk > Update Many of every
 * row. Requests and n8n's own execution time of the nodes, measured in turns in one run.
 */
import { Sandbox } from '../../dev/sandbox/server';
import { quick, repeats } from './args';
import type { Job } from './jobs';
import { measureInTurns, startWorkers, stopWorkers, type Measured } from './turns';

const ROWS = 10_000;
const QUICK_ROWS = 1_000;
const LATENCIES_MS = [0, 50];

const shown = (measured: Measured) => measured.result.executionMs ?? measured.result.wallMs;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export async function syncSection(): Promise<string> {
	const rows = quick ? QUICK_ROWS : ROWS;
	const sandbox = await Sandbox.start({ rateLimit: null, logBodies: false, pageSizeCap: 100 });
	try {
		const links = sandbox.addLinks(rows, { title: 'Campaign' });
		const sheet = links.map((link) => ({
			path: link.path,
			longUrl: link.longUrl,
			title: link.title,
		}));
		const base = {
			rows,
			baseUrl: sandbox.baseUrl,
			apiKey: sandbox.apiKey,
			runner: 'node',
		} as const;
		const jobs: Job[] = [
			{ ...base, operation: 'sync', sheet },
			{ ...base, operation: 'list', rows: rows + 3 },
			// the sheet's own values: the account stays as the sheet says, run after run
			{
				...base,
				operation: 'update',
				mode: 'autoMap',
				ids: links.map((link) => link.id),
				updateTitle: 'Campaign',
			},
		];
		const started = await startWorkers(jobs);
		const lines: string[] = [];
		try {
			for (const latencyMs of LATENCIES_MS) {
				sandbox.setLatency(latencyMs);
				const [sync, list, update] = await measureInTurns(jobs, started, repeats(3), {
					label: `sync ${rows} unchanged rows, ${latencyMs} ms`,
					beforeRun: () => sandbox.clearRequests(),
					server: () => ({ requests: sandbox.requests.length }),
				});
				const todayMs = shown(list) + shown(update);
				const todayRequests = list.requests + update.requests;
				const fewer = sync.requests < todayRequests;
				lines.push(
					`| ${latencyMs} ms | ${rows.toLocaleString('en-US')} | ${sync.requests} (look-up only) ${fewer ? '✅' : '❌'} | ${todayRequests} (${list.requests} + ${update.requests}) | ${seconds(shown(sync))} | ${seconds(todayMs)} (${seconds(shown(list))} + ${seconds(shown(update))}) | ${(shown(sync) / todayMs).toFixed(2)}× | ${sync.result.outputItems.toLocaleString('en-US')} |`,
				);
			}
		} finally {
			await stopWorkers(started.workers);
		}
		return [
			'| Latency | Rows | Sync Many: requests | Today: requests (Get Many + Update Many) | Sync Many: n8n time | Today: n8n time | Sync ÷ today | Sync items |',
			'|---:|---:|---:|---:|---:|---:|---:|---:|',
			...lines,
			'',
			'An unchanged sheet mirrored by Sync Many (the look-up only, no write) beside what users build today (Get Many with Return All, an If, Update Many of every row), against the sandbox at a page size of 100.',
			"A ❌ marks Sync Many sending as many requests as today's way or more. Today's If node is not counted (it favours today's way). Times are n8n's own executionTime of each node in the run data, medians of 3; on loopback (0 ms) writes cost little, so the time ratio is near 1 there.",
		].join('\n');
	} finally {
		await sandbox.stop();
	}
}
