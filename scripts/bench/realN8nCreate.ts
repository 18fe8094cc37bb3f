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
import { plainBulkCreate } from './plain';

type Credential = { id: string; name: string };

const rowsCode = (rows: number) =>
	`return Array.from({ length: ${rows} }, (_, i) => ({ json: { longUrl: 'https://example.com/bench/' + i, title: 'Bench ' + i } }));`;

function createWorkflow(id: string, rows: number, credential?: Credential): n8n.WorkflowJson {
	const node = (name: string, x: number, rest: Record<string, unknown>) =>
		({ id: `${id}-${name}`, name, position: [x, 0], ...rest }) as never;
	const nodes = [
		node('Start', 0, { type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, parameters: {} }),
		node('Rows', 220, {
			type: 'n8n-nodes-base.code',
			typeVersion: 2,
			parameters: { mode: 'runOnceForAllItems', language: 'javaScript', jsCode: rowsCode(rows) },
		}),
	];
	const connections: n8n.WorkflowJson['connections'] = {
		Start: { main: [[{ node: 'Rows', type: 'main', index: 0 }]] },
	};
	if (credential) {
		nodes.push(
			node('Job', 440, {
				type: 'n8n-nodes-link-shortener.linkShortener',
				typeVersion: 1,
				parameters: { resource: 'bulk', operation: 'createMany', mappingMode: 'autoMap' },
				credentials: { linkShortenerApi: credential },
			}),
		);
		connections.Rows = { main: [[{ node: 'Job', type: 'main', index: 0 }]] };
	}
	return {
		id,
		name: `bench ${id}`,
		nodes,
		connections,
		settings: { executionOrder: 'v1' },
	} as never;
}

/** Runs a workflow in `n8n execute` with a hook that writes the process's peak RSS at exit. */
async function executeMeasured(env: n8n.N8nEnv, id: string) {
	const dir = mkdtempSync(join(tmpdir(), 'link-shortener-peak-rss-'));
	try {
		const hook = join(dir, 'peak.js');
		const out = join(dir, 'peak.txt');
		writeFileSync(
			hook,
			// n8n's task runner (the Code node) is a process of its own: only `n8n execute` writes.
			`if (process.argv.includes('execute')) process.on('exit', () => require('fs').writeFileSync(${JSON.stringify(out)}, String(process.resourceUsage().maxRSS)));`,
		);
		const result = await n8n.executeWorkflow({ ...env, NODE_OPTIONS: `--require ${hook}` }, id, {
			timeoutMs: 900_000,
		});
		if (!result.ok) throw new Error(`bench workflow ${id} failed: ${result.describe()}`);
		const task = result.run?.data.resultData.runData.Job?.[0] as
			| { executionTime?: number }
			| undefined;
		const items = task ? n8n.nodeItems(result.run, 'Job').length : 0;
		return {
			ms: task?.executionTime ?? 0,
			items,
			peakMb: Number(readFileSync(out, 'utf8')) / 1024,
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
	const rowsOnly = createWorkflow('rows-only', rows);
	await n8n.importWorkflows(env, [withNode, rowsOnly] as never);
	sandbox.reset();
	const node = await executeMeasured(env, 'node-create-many');
	if (node.items !== rows || sandbox.links.size < rows)
		throw new Error(`Create Many output ${node.items} items for ${rows} rows`);
	const baseline = await executeMeasured(env, 'rows-only');
	sandbox.reset();
	const started = performance.now();
	const elements = Array.from({ length: rows }, (_, i) => ({
		longUrl: `https://example.com/bench/${i}`,
		title: `Bench ${i}`,
	}));
	await plainBulkCreate({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey }, elements);
	const plainMs = performance.now() - started;
	sandbox.reset();
	const ratio = node.ms / plainMs;
	const mb = (value: number) => `${value.toFixed(0)} MB`;
	return [
		`Bulk > Create Many by auto-map of ${rows.toLocaleString('en-US')} rows made by a Code node, in the same real n8n:`,
		'',
		'| Job | Time | Peak RSS of the n8n process | Target |',
		'|---|---:|---:|---|',
		`| Link Shortener node, Create Many (auto-map) | ${(node.ms / 1000).toFixed(2)} s | ${mb(node.peakMb)} | ${ratio <= 1.3 ? '✅' : '❌'} ${ratio.toFixed(2)}× the plain script; ${node.peakMb < 500 ? '✅' : '❌'} under 500 MB |`,
		`| the same workflow without the node (the rows only) | – | ${mb(baseline.peakMb)} | |`,
		`| plain script (fetch, 10,000 rows a request) | ${(plainMs / 1000).toFixed(2)} s | – | |`,
	].join('\n');
}
