/**
 * The bulk section: Bulk > Create Many and Bulk > Update Many (both mapping modes) and Link >
 * Get Many with Return All through n8n's engine, next to a plain fetch script doing the same
 * requests and, for defineBelow, next to what n8n itself spends on the same per-row expressions.
 */
import { Sandbox } from '../../dev/sandbox/server';
import { argument, quick, repeats } from './args';
import type { Job, Operation } from './jobs';
import { plainBulkCreate, plainBulkUpdate, plainListAll } from './plain';
import { markdownTable, TABLE_NOTES, type Row } from './table';
import { measureInTurns, startWorkers, stopWorkers, type Measured } from './turns';

/** 50,000 as well with --sizes=10000,50000,100000 (the whole bench then takes well over 5 minutes). */
const DEFAULT_SIZES = [10_000, 100_000];
const QUICK_SIZES = [10_000];
const LIST_SIZE = 10_000;

type Contender = Pick<Job, 'runner' | 'mode' | 'headers'>;

/** Short runs are noisier: measure them more often. */
function repeatsFor(rows: number): number {
	return repeats(rows <= 10_000 ? 3 : 1);
}

/** The node, the plain script and the expressions baseline, measured in turns (see turns.ts). */
async function measureOperation(
	sandbox: Sandbox,
	operation: Operation,
	rows: number,
	contenders: Contender[],
): Promise<Measured[]> {
	sandbox.reset();
	const links = operation === 'create' ? [] : sandbox.addLinks(rows);
	const ids = operation === 'update' ? links.map((link) => link.id) : undefined;
	const jobs: Job[] = contenders.map((contender) => ({
		...contender,
		operation,
		rows,
		ids,
		baseUrl: sandbox.baseUrl,
		apiKey: sandbox.apiKey,
	}));
	const started = await startWorkers(jobs);
	try {
		return await measureInTurns(jobs, started, repeatsFor(rows), {
			label: `${operation} ${rows} rows`,
			beforeRun: () => {
				if (operation === 'create') sandbox.reset();
				sandbox.clearRequests();
			},
			server: () => ({ requests: sandbox.requests.length }),
		});
	} finally {
		await stopWorkers(started.workers);
	}
}

/** The fewest requests the limits allow; a listing at the page size the sandbox serves. */
function minimumRequests(operation: Operation, rows: number, servedPageSize = 100): number {
	if (operation === 'create') return Math.ceil(rows / 10_000);
	if (operation === 'update') return Math.ceil(rows / 1_000);
	return Math.ceil(rows / servedPageSize);
}

/** Runs each kind of request once at full size, so that the first measured job does not pay for the sandbox's warm-up. */
async function warmUp(sandbox: Sandbox): Promise<void> {
	const target = { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey };
	const rows = Array.from({ length: 10_000 }, (_, i) => ({
		longUrl: `https://example.com/warm-up/${i}`,
		title: `Warm-up ${i}`,
	}));
	const links = await plainBulkCreate(target, rows);
	await plainBulkUpdate(
		target,
		links.map((link) => ({ id: link.id, title: 'Warm' })),
	);
	await plainListAll(target);
	sandbox.reset();
}

async function bulkRows(sandbox: Sandbox, rows: number): Promise<Row[]> {
	const table: Row[] = [];
	for (const operation of ['create', 'update'] as const) {
		const [plain, autoMap, defineBelow, expressions, sheetHeaders] = await measureOperation(
			sandbox,
			operation,
			rows,
			[
				{ runner: 'plain' },
				{ runner: 'node', mode: 'autoMap' },
				{ runner: 'node', mode: 'defineBelow' },
				{ runner: 'expressions', mode: 'defineBelow' },
				{ runner: 'node', mode: 'autoMap', headers: 'sheet' },
			],
		);
		const row = {
			operation,
			rows,
			minimumRequests: minimumRequests(operation, rows),
			plain: plain.result,
		};
		table.push({ ...row, mode: 'autoMap', requests: autoMap.requests, node: autoMap.result });
		table.push({
			...row,
			mode: 'autoMap',
			headers: 'sheet',
			requests: sheetHeaders.requests,
			node: sheetHeaders.result,
			exactNames: autoMap.result,
		});
		table.push({
			...row,
			mode: 'defineBelow',
			requests: defineBelow.requests,
			node: defineBelow.result,
			expressions: expressions.result,
		});
	}
	return table;
}

async function returnAllRow(sandbox: Sandbox): Promise<Row> {
	const [plain, node] = await measureOperation(sandbox, 'list', LIST_SIZE, [
		{ runner: 'plain' },
		{ runner: 'node' },
	]);
	const listed = node.result.outputItems;
	return {
		operation: 'list',
		rows: listed,
		minimumRequests: minimumRequests('list', listed, Math.min(100, sandbox.pageSizeCap)),
		requests: node.requests,
		node: node.result,
		plain: plain.result,
	};
}

export async function bulkSection(): Promise<string> {
	const sizes = argument('sizes')?.split(',').map(Number) ?? (quick ? QUICK_SIZES : DEFAULT_SIZES);
	const sandbox = await Sandbox.start({ rateLimit: null, logBodies: false });
	const table: Row[] = [];
	try {
		await warmUp(sandbox);
		for (const rows of sizes) table.push(...(await bulkRows(sandbox, rows)));
		table.push(await returnAllRow(sandbox));
	} finally {
		await sandbox.stop();
	}
	return `${markdownTable(table)}\n\n${TABLE_NOTES}`;
}
