/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development tooling, not loaded by n8n */
/**
 * Sync Many at scale in real n8n (`n8n execute`): 100,000 rows (90,000 unchanged, 9,000
 * retitled, 1,000 new, matched by long URL) against accounts of 100,000 and 1,000,000 links at
 * 50 ms a request; the node's time from the run data and the n8n process's peak RSS, beside a
 * plain script that lists the account 8 pages in flight, compares and sends the same bulk writes.
 */
import type { IDataObject } from 'n8n-workflow';

import * as n8n from '../../dev/n8n';
import { quick, repeats } from './args';
import type { Step } from './benchWorkflows';
import { largeAccount, PAGE_CAP } from './largeAccount';
import { executeMeasured, type Measured } from './realN8nCreate';
import { median } from './turns';

const IN_FLIGHT = 8;
/** The sandbox's first extra link is number 6 (five seeded links come first). */
const FIRST = 6;
const LATENCY_MS = 50;

/** The rows: `unchanged` equal to their links, `retitled` with a new title, `added` new long URLs. */
function rowsOf(unchanged: number, retitled: number, added: number) {
	return { unchanged, retitled, added, all: unchanged + retitled + added };
}
type Rows = ReturnType<typeof rowsOf>;

function rowsStep({ unchanged, retitled, added }: Rows): Step {
	const jsCode = `const rows = [];
for (let i = 0; i < ${unchanged + retitled}; i++) {
	const n = ${FIRST} + i;
	rows.push({ json: { longUrl: 'https://example.com/sandbox/' + n, title: (i < ${unchanged} ? 'Sandbox link ' : 'Retitled ') + n } });
}
for (let i = 0; i < ${added}; i++) rows.push({ json: { longUrl: 'https://example.com/new/' + i, title: 'New ' + i } });
return rows;`;
	return {
		name: 'Rows',
		type: 'n8n-nodes-base.code',
		typeVersion: 2,
		parameters: { mode: 'runOnceForAllItems', language: 'javaScript', jsCode },
	};
}

type Target = { baseUrl: string; apiKey: string };

async function send(target: Target, method: string, path: string, body: unknown) {
	const response = await fetch(`${target.baseUrl}${path}`, {
		method,
		headers: { 'X-API-Key': target.apiKey, 'Content-Type': 'application/json' },
		body: JSON.stringify(body),
	});
	if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status}`);
	return (await response.json()) as { data: { items: IDataObject[]; total: number } };
}

/** The plain sync: the listing 8 pages in flight, the rows' links kept, then the bulk writes. */
async function plainSync(
	target: Target,
	rows: Rows,
): Promise<{ created: number; updated: number }> {
	const wanted = new Map<string, string>();
	for (let i = 0; i < rows.unchanged + rows.retitled; i++)
		wanted.set(
			`https://example.com/sandbox/${FIRST + i}`,
			`${i < rows.unchanged ? 'Sandbox link' : 'Retitled'} ${FIRST + i}`,
		);
	const found = new Map<string, IDataObject>();
	const list = (page: number) =>
		send(target, 'POST', '/v1/links/list', { page, itemsPerPage: PAGE_CAP });
	const keep = (items: IDataObject[]) => {
		for (const link of items)
			if (wanted.has(String(link.longUrl)) && !found.has(String(link.longUrl)))
				found.set(String(link.longUrl), link);
	};
	const first = await list(1);
	keep(first.data.items);
	let next = 2;
	const pages = Math.ceil(first.data.total / PAGE_CAP);
	await Promise.all(
		Array.from({ length: IN_FLIGHT }, async () => {
			for (let page = next++; page <= pages; page = next++) keep((await list(page)).data.items);
		}),
	);
	const updates = [...wanted]
		.filter(([longUrl, title]) => found.get(longUrl)?.title !== title)
		.map(([longUrl, title]) => ({ id: found.get(longUrl)!.id, title }));
	for (let start = 0; start < updates.length; start += 1_000)
		await send(target, 'PATCH', '/public/links/bulk', updates.slice(start, start + 1_000));
	const creates = Array.from({ length: rows.added }, (_, i) => ({
		longUrl: `https://example.com/new/${i}`,
		title: `New ${i}`,
	}));
	for (let start = 0; start < creates.length; start += 10_000)
		await send(target, 'POST', '/v1/links/bulk', creates.slice(start, start + 10_000));
	return { created: creates.length, updated: updates.length };
}

const mb = (value: number) => `${value.toFixed(0)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export async function scaleSyncLines(env: n8n.N8nEnv): Promise<string[]> {
	const rows = quick ? rowsOf(9_000, 900, 100) : rowsOf(90_000, 9_000, 1_000);
	const accounts = quick ? [10_000, 100_000] : [100_000, 1_000_000];
	const measured: Array<{ links: number; node: Measured[]; plainMs: number[] }> = [];
	for (const links of accounts) {
		const { sandbox, job: linkJob } = await largeAccount(env, links, LATENCY_MS);
		try {
			const job = linkJob(
				`sync-scale-${links}`,
				{ resource: 'bulk', operation: 'syncMany', mappingMode: 'autoMap', matchBy: 'longUrl' },
				[rowsStep(rows)],
			);
			await n8n.importWorkflows(env, [job]);
			const run = { links, node: [] as Measured[], plainMs: [] as number[] };
			for (let turn = 0; turn < repeats(3); turn++) {
				process.stderr.write(
					`  sync ${rows.all} rows into ${links} links at 50 ms, turn ${turn + 1}\n`,
				);
				sandbox.reset();
				const node = await executeMeasured(env, job.id);
				if (node.items !== rows.all) throw new Error(`Sync Many output ${node.items} items`);
				run.node.push(node);
				sandbox.reset();
				const started = performance.now();
				const plain = await plainSync(sandbox, rows);
				run.plainMs.push(performance.now() - started);
				if (plain.updated !== rows.retitled)
					throw new Error(`the plain sync updated ${plain.updated} of ${rows.retitled}`);
			}
			measured.push(run);
		} finally {
			await sandbox.stop();
		}
	}
	const smallestPeak = median(measured[0].node.map((r) => r.peakMb));
	return [
		`Bulk > Sync Many of ${rows.all.toLocaleString('en-US')} rows (${rows.unchanged.toLocaleString('en-US')} unchanged, ${rows.retitled.toLocaleString('en-US')} retitled, ${rows.added.toLocaleString('en-US')} new; Match By long URL, made by a Code node) at 50 ms a request, page cap ${PAGE_CAP}; the plain script lists the account ${IN_FLIGHT} pages in flight, compares and sends the same bulk writes. Medians of ${measured[0].node.length}.`,
		'',
		'| Account | Sync Many (node) | n8n peak RSS | Plain script | Marks |',
		'|---:|---:|---:|---:|---|',
		...measured.map((run) => {
			const nodeMs = median(run.node.map((r) => r.ms));
			const plainMs = median(run.plainMs);
			const peak = median(run.node.map((r) => r.peakMb));
			const ratio = nodeMs / plainMs;
			const grew = peak - smallestPeak;
			return `| ${run.links.toLocaleString('en-US')} links | ${seconds(nodeMs)} (runs: ${run.node.map((r) => seconds(r.ms)).join(', ')}) | ${mb(peak)} | ${seconds(plainMs)} | ${ratio <= 1.3 ? '✅' : '❌'} ${ratio.toFixed(2)}× the plain script; ${grew <= 200 ? '✅' : '❌'} +${mb(grew)} over ${measured[0].links.toLocaleString('en-US')} links |`;
		}),
		'',
		'Marks (issue targets): ✅ at most 1.3× the plain script; ✅ n8n’s peak RSS at most 200 MB over the same rows against the smaller account; ❌ otherwise. The peak includes the 100,000 rows n8n holds as items.',
	];
}
