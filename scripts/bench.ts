/**
 * npm run bench: Bulk > Create Many and Bulk > Update Many (both mapping modes) and Link > Get
 * Many with Return All, run through n8n's engine against the sandbox (no rate limit, bodies not
 * logged). Each job runs in a child process of its own (warmed up, then measured a few times,
 * in turns with the jobs it is compared with: median wall time, peak RSS), next to a plain
 * fetch script doing the same requests and, for defineBelow, next to what n8n itself spends on
 * the same per-row expressions.
 *   npm run bench [-- --sizes=10000,50000 --repeats=3]
 */
import { Sandbox } from '../dev/sandbox/server';
import { WorkerProcess } from './bench/child';
import type { Job, JobResult, Operation } from './bench/jobs';
import { plainBulkCreate, plainBulkUpdate, plainListAll } from './bench/plain';
import { markdownTable, TABLE_NOTES, type Row } from './bench/table';

const DEFAULT_SIZES = [10_000, 50_000, 100_000];
const LIST_SIZE = 10_000;

interface Measured {
	result: JobResult;
	/** Requests of the last measured run. */
	requests: number;
}

type Contender = Pick<Job, 'runner' | 'mode'>;

function argument(name: string): string | undefined {
	return process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
}

/** Short runs are noisier: measure them more often. */
function repeatsFor(rows: number): number {
	const forced = argument('repeats');
	if (forced) return Number(forced);
	return rows <= 10_000 ? 5 : 3;
}

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Measures jobs that are compared with each other (the node, the plain script, the expressions
 * baseline) in turns: one warmed-up child process each, then run 1 of each, run 2 of each...,
 * so that a busy moment on the machine does not fall on one of them only.
 */
async function measureInTurns(sandbox: Sandbox, operation: Operation, rows: number, contenders: Contender[]): Promise<Measured[]> {
	sandbox.reset();
	const links = operation === 'create' ? [] : sandbox.addLinks(rows);
	const ids = operation === 'update' ? links.map((link) => link.id) : undefined;
	const jobs: Job[] = contenders.map((contender) => ({ ...contender, operation, rows, ids, baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey }));
	const workers = jobs.map(() => new WorkerProcess());
	try {
		workers.forEach((worker, j) => worker.send(jobs[j]));
		const ready = await Promise.all(workers.map((worker) => worker.next()));
		const runs: JobResult[][] = jobs.map(() => []);
		const requests = jobs.map(() => 0);
		const repeats = repeatsFor(rows);
		for (let repeat = 0; repeat < repeats; repeat++) {
			for (const [j, worker] of workers.entries()) {
				if (operation === 'create') sandbox.reset();
				sandbox.clearRequests();
				worker.send('run');
				const answer = await worker.next();
				if (answer.type !== 'run') throw new Error(`unexpected message ${answer.type}`);
				const startRssMb = ready[j].type === 'ready' ? ready[j].rssMb : NaN;
				runs[j].push({ ...answer.result, startRssMb });
				requests[j] = sandbox.requests.length;
			}
		}
		return runs.map((jobRuns, j) => {
			const result = {
				...jobRuns[jobRuns.length - 1],
				wallMs: median(jobRuns.map((run) => run.wallMs)),
				peakRssMb: Math.max(...jobRuns.map((run) => run.peakRssMb)),
			};
			const { runner, mode } = jobs[j];
			process.stderr.write(`  ${operation} ${rows} rows, ${runner}${mode ? ` ${mode}` : ''}: ${(result.wallMs / 1000).toFixed(2)} s (median of ${repeats}), ${requests[j]} requests\n`);
			return { result, requests: requests[j] };
		});
	} finally {
		await Promise.all(workers.map((worker) => worker.finish()));
	}
}

function minimumRequests(operation: Operation, rows: number): number {
	if (operation === 'create') return Math.ceil(rows / 10_000);
	if (operation === 'update') return Math.ceil(rows / 1_000);
	return Math.ceil(rows / 100);
}

/** Runs each kind of request once at full size, so that the first measured job does not pay for the sandbox's warm-up. */
async function warmUp(sandbox: Sandbox): Promise<void> {
	const target = { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey };
	const rows = Array.from({ length: 10_000 }, (_, i) => ({ longUrl: `https://example.com/warm-up/${i}`, title: `Warm-up ${i}` }));
	const links = await plainBulkCreate(target, rows);
	await plainBulkUpdate(target, links.map((link) => ({ id: link.id, title: 'Warm' })));
	await plainListAll(target);
	sandbox.reset();
}

async function bulkRows(sandbox: Sandbox, rows: number): Promise<Row[]> {
	const table: Row[] = [];
	for (const operation of ['create', 'update'] as const) {
		const [plain, autoMap, defineBelow, expressions] = await measureInTurns(sandbox, operation, rows, [
			{ runner: 'plain' },
			{ runner: 'node', mode: 'autoMap' },
			{ runner: 'node', mode: 'defineBelow' },
			{ runner: 'expressions', mode: 'defineBelow' },
		]);
		const row = { operation, rows, minimumRequests: minimumRequests(operation, rows), plain: plain.result };
		table.push({ ...row, mode: 'autoMap', requests: autoMap.requests, node: autoMap.result });
		table.push({ ...row, mode: 'defineBelow', requests: defineBelow.requests, node: defineBelow.result, expressions: expressions.result });
	}
	return table;
}

async function returnAllRow(sandbox: Sandbox): Promise<Row> {
	const [plain, node] = await measureInTurns(sandbox, 'list', LIST_SIZE, [{ runner: 'plain' }, { runner: 'node' }]);
	const listed = node.result.outputItems;
	return {
		operation: 'list',
		rows: listed,
		minimumRequests: minimumRequests('list', listed),
		requests: node.requests,
		node: node.result,
		plain: plain.result,
	};
}

async function main(): Promise<void> {
	const sizes = argument('sizes')?.split(',').map(Number) ?? DEFAULT_SIZES;
	const sandbox = await Sandbox.start({ rateLimit: null, logBodies: false });
	const table: Row[] = [];
	try {
		await warmUp(sandbox);
		for (const rows of sizes) table.push(...(await bulkRows(sandbox, rows)));
		table.push(await returnAllRow(sandbox));
	} finally {
		await sandbox.stop();
	}
	process.stdout.write(`\n${markdownTable(table)}\n\n${TABLE_NOTES}\n`);
}

main().catch((error) => {
	process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
	process.exit(1);
});
