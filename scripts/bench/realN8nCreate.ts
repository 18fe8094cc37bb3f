/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development tooling, not loaded by n8n */
/**
 * Bulk > Create Many by auto-map in real n8n: a Code node makes the rows, the node creates
 * them; the node's time from the run data, the n8n process's peak RSS (read at its exit), beside
 * the same workflow without the Link Shortener node and the plain script (fetch, 10,000 a request).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import * as n8n from '../../dev/n8n';
import type { Sandbox } from '../../dev/sandbox/server';
import { chainWorkflow, executeJob, JOB, rowsStep, type Step } from './benchWorkflows';
import { repeats } from './args';
import { PACKAGE_SHARE, profiledJob, sharesTable } from './cpuProfile';
import { plainBulkCreate } from './plain';
import { median } from './turns';

type Credential = { id: string; name: string };

/**
 * Code node → Create Many by auto-map; without a credential, the Code node only. `list`: the
 * Code node makes one item holding the rows as an array, and Create Many takes them From a
 * JSON List (`{{ $json.rows }}`), as an API answer or a model's tool call gives them.
 */
function createWorkflow(
	id: string,
	rows: number,
	credential?: Credential,
	headers: 'exact' | 'sheet' | 'list' = 'exact',
) {
	const steps: Step[] = [headers === 'list' ? listStep(rows) : rowsStep(rows, headers)];
	const parameters =
		headers === 'list'
			? {
					resource: 'bulk',
					operation: 'createMany',
					mappingMode: 'jsonRows',
					rows: '={{ $json.rows }}',
				}
			: { resource: 'bulk', operation: 'createMany', mappingMode: 'autoMap' };
	if (credential)
		steps.push({
			name: JOB,
			type: 'n8n-nodes-link-shortener.linkShortener',
			typeVersion: 1,
			parameters,
			credentials: { linkShortenerApi: credential },
		});
	return chainWorkflow(id, steps);
}

/** One item holding the rows of rowsStep as one array. */
function listStep(rows: number): Step {
	const step = rowsStep(rows);
	const jsCode = `return [{ json: { rows: Array.from({ length: ${rows} }, (_, i) => ({ longUrl: 'https://example.com/bench/' + i, title: 'Bench ' + i })) } }];`;
	return { ...step, parameters: { ...step.parameters, jsCode } };
}

/**
 * In `n8n execute` only (n8n's task runner for the Code node is a process of its own): the RSS
 * every 20 ms, and the peak RSS, written at exit.
 */
const memoryHook = (out: string) => `if (process.argv.includes('execute')) {
	const samples = [];
	setInterval(() => samples.push([Date.now(), process.memoryUsage().rss]), 20).unref();
	process.on('exit', () => require('fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify({ peak: process.resourceUsage().maxRSS * 1024, samples })));
}`;

export interface Measured {
	ms: number;
	items: number;
	/** The n8n process's peak RSS, MB. */
	peakMb: number;
	/** The RSS when the node started, and its most while the node ran, MB. */
	node?: { startMb: number; mostMb: number };
	/** The messages of the hints the node added to its run. */
	hints?: string[];
}

/** Runs a workflow in `n8n execute` with the memory hook. */
export async function executeMeasured(
	env: n8n.N8nEnv,
	id: string,
	hasJob = true,
): Promise<Measured> {
	const dir = mkdtempSync(join(tmpdir(), 'link-shortener-peak-rss-'));
	try {
		const hook = join(dir, 'memory.js');
		const out = join(dir, 'memory.json');
		writeFileSync(hook, memoryHook(out));
		const { task, ms, items } = await executeJob(env, id, {
			nodeOptions: `--require ${hook}`,
			maxBuffer: 1024 * 2 ** 20,
			hasJob,
		});
		const memory = JSON.parse(readFileSync(out, 'utf8')) as { peak: number; samples: number[][] };
		const mb = (bytes: number) => bytes / 2 ** 20;
		if (!task) return { ms: 0, items: 0, peakMb: mb(memory.peak) };
		const start = task.startTime ?? 0;
		const end = start + (task.executionTime ?? 0);
		const before = memory.samples.filter(([at]) => at <= start).pop() ?? memory.samples[0];
		const during = memory.samples.filter(([at]) => at >= start && at <= end).map(([, rss]) => rss);
		return {
			ms,
			items,
			peakMb: mb(memory.peak),
			hints: (task.hints ?? []).map((hint) => hint.message),
			node: { startMb: mb(before[1]), mostMb: mb(Math.max(before[1], ...during)) },
		};
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

export async function realN8nCreateRows(
	env: n8n.N8nEnv,
	sandbox: Sandbox,
	credential: Credential,
	rows: number,
): Promise<string> {
	const withNode = createWorkflow('node-create-many', rows, credential);
	const sheetHeaders = createWorkflow('node-create-many-sheet', rows, credential, 'sheet');
	const jsonList = createWorkflow('node-create-many-list', rows, credential, 'list');
	const rowsOnly = createWorkflow('rows-only', rows);
	await n8n.importWorkflows(env, [withNode, sheetHeaders, jsonList, rowsOnly]);
	const elements = Array.from({ length: rows }, (_, i) => ({
		longUrl: `https://example.com/bench/${i}`,
		title: `Bench ${i}`,
	}));
	// In turns, node then plain script: runs on this machine vary by ±30 %, so medians of pairs.
	const nodeRuns: Measured[] = [];
	const sheetRuns: Measured[] = [];
	const listRuns: Measured[] = [];
	let listFailure: string | undefined;
	const plainRuns: number[] = [];
	for (let turn = 0; turn < repeats(3); turn++) {
		for (const [id, runs] of [
			['node-create-many', nodeRuns],
			['node-create-many-sheet', sheetRuns],
			['node-create-many-list', listRuns],
		] as const) {
			sandbox.reset();
			// n8n 2.41.1 evaluates `{{ $json.rows }}` in its expression isolate (128 MB by default).
			if (id === 'node-create-many-list' && listFailure) continue;
			const run = await executeMeasured(env, id).catch((error: Error) => {
				if (id !== 'node-create-many-list') throw error;
				listFailure = /Expression exceeded memory limit/.test(error.message)
					? 'n8n refused the expression: "Expression exceeded memory limit" (its expression isolate, `N8N_EXPRESSION_ENGINE_MEMORY_LIMIT`, 128 MB by default)'
					: error.message.split('\n')[0];
				return undefined;
			});
			if (!run) continue;
			if (run.items !== rows || sandbox.links.size < rows)
				throw new Error(`Create Many output ${run.items} items for ${rows} rows`);
			runs.push(run);
		}
		sandbox.reset();
		const started = performance.now();
		await plainBulkCreate({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey }, elements);
		plainRuns.push(performance.now() - started);
	}
	sandbox.reset();
	const { shares, ms: profiledMs } = await profiledJob(env, 'node-create-many', {
		maxBuffer: 1024 * 2 ** 20,
		from: 'batches/engine', // every operation's run is operationRun's
	});
	const requests = sandbox.requests.length;
	sandbox.reset();
	const baseline = await executeMeasured(env, 'rows-only', false);
	const nodeMs = median(nodeRuns.map((run) => run.ms));
	const plainMs = median(plainRuns);
	const ratio = nodeMs / plainMs;
	const sheetMs = median(sheetRuns.map((run) => run.ms));
	const sheetRatio = sheetMs / nodeMs;
	const listMs = listRuns.length ? median(listRuns.map((run) => run.ms)) : NaN;
	const listRatio = listMs / nodeMs;
	const listAdded = Math.max(
		0,
		...listRuns.map((run) => (run.node?.mostMb ?? 0) - (run.node?.startMb ?? 0)),
	);
	const listPeak = Math.max(0, ...listRuns.map((run) => run.peakMb));
	// The package's part of the profiled run, taken out of the unprofiled median.
	const n8nOnlyMs = nodeMs * (1 - shares.ms[PACKAGE_SHARE] / shares.runMs);
	// The memory columns: the middle run by time.
	const node = [...nodeRuns].sort((a, b) => a.ms - b.ms)[Math.floor(nodeRuns.length / 2)];
	const added = Math.max(
		...nodeRuns.map((run) => (run.node?.mostMb ?? 0) - (run.node?.startMb ?? 0)),
	);
	const mb = (value: number) => `${value.toFixed(0)} MB`;
	return [
		`Bulk > Create Many by auto-map of ${rows.toLocaleString('en-US')} rows made by a Code node, in the same real n8n; the node and the plain script in turns, medians of ${nodeRuns.length}:`,
		'',
		'| Job | Time | n8n process: RSS when the node started → most while it ran | Peak RSS of the n8n process | Target |',
		'|---|---:|---:|---:|---|',
		`| Link Shortener node, Create Many (auto-map) | ${(nodeMs / 1000).toFixed(2)} s (runs: ${nodeRuns.map((run) => (run.ms / 1000).toFixed(2)).join(', ')} s) | ${mb(node.node?.startMb ?? 0)} → ${mb(node.node?.mostMb ?? 0)} (the most any run added: +${mb(added)}) | ${mb(node.peakMb)} | ${ratio <= 1.3 ? '✅' : '❌'} ${ratio.toFixed(2)}× the plain script; ${added < 500 ? '✅' : '❌'} the node's run adds under 500 MB |`,
		`| the same, the rows with a sheet's headers (Long URL, Title, Notes, row_number) | ${(sheetMs / 1000).toFixed(2)} s (runs: ${sheetRuns.map((run) => (run.ms / 1000).toFixed(2)).join(', ')} s) | – | – | ${sheetRatio <= 1.1 ? '✅' : '❌'} ${sheetRatio.toFixed(2)}× the exact names |`,
		listFailure
			? `| the same rows From a JSON List: one item holding them as an array, Rows \`{{ $json.rows }}\` | – | – | – | ❌ ${listFailure} |`
			: `| the same rows From a JSON List: one item holding them as an array, Rows \`{{ $json.rows }}\` | ${(listMs / 1000).toFixed(2)} s (runs: ${listRuns.map((run) => (run.ms / 1000).toFixed(2)).join(', ')} s) | the most any run added: +${mb(listAdded)} | ${mb(listPeak)} | ${listRatio <= 1.2 ? '✅' : '❌'} ${listRatio.toFixed(2)}× auto-map over ${rows.toLocaleString('en-US')} items; ${listAdded < 500 ? '✅' : '❌'} the node's run adds under 500 MB |`,
		`| the same workflow without the node (the rows only) | – | – | ${mb(baseline.peakMb)} | |`,
		`| plain script (fetch, 10,000 rows a request) | ${(plainMs / 1000).toFixed(2)} s (runs: ${plainRuns.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s) | – | – | |`,
		'',
		'The peak RSS is mostly n8n’s: `n8n execute` keeps every item of the run and prints the run as JSON at its end.',
		'',
		`CPU profile of one more run of the node (\`node --cpu-prof\`, ${(profiledMs / 1000).toFixed(2)} s in the run data under the profiler; the span is the node's time in the run data):`,
		'',
		sharesTable(shares, requests),
		'',
		`Without the package’s code (its share of the profiled run taken out of the median): ${(n8nOnlyMs / 1000).toFixed(2)} s, ${(n8nOnlyMs / plainMs).toFixed(2)}× the plain script: what n8n alone costs this job, the best the package could reach.`,
	].join('\n');
}
