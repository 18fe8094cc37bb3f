/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development tooling, not loaded by n8n */
/**
 * The scale section: accounts of up to a million links in real n8n (`n8n execute`), the n8n
 * process's peak RSS (its maxRSS, read at exit) and the node's time from the run data, beside
 * a plain script doing the same requests:
 * - Link > Export of the whole account, 10,000 links and 1,000,000, at 50 ms a request, beside
 *   a plain script reading the same pages 8 in flight and writing the same CSV to disk; and at
 *   0 ms for the largest;
 * - Link > Get Many with Return All of 200,000 links (the items way, for comparison);
 * - Bulk > Sync Many of 100,000 rows against 100,000 and 1,000,000 links (bench/scaleSync.ts).
 * - Link Clicked over a million clicked links, and Link Destination Broken over a million
 *   links, in `n8n start` (bench/scaleClicks.ts, bench/scaleMonitor.ts).
 * - Get Clicks and Export Clicks of an account of a million links with about 750,000 clicked
 *   (bench/scaleClickFiles.ts).
 * `--parts=export,sync,clicks,monitor,analytics` runs some of them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import * as n8n from '../../dev/n8n';
import { fileHeader, fileLines } from '../../nodes/LinkShortener/links/exportFile';
import { argument, quick, repeats } from './args';
import { largeAccount, PAGE_CAP } from './largeAccount';
import { profiledJob, sharesTable } from './cpuProfile';
import { executeMeasured, type Measured } from './realN8nCreate';
import { scaleClickFilesLines } from './scaleClickFiles';
import { scaleClicksLines } from './scaleClicks';
import { scaleMonitorLines } from './scaleMonitor';
import { scaleSyncLines } from './scaleSync';
import { fileWriter, IN_FLIGHT, plainListing, type Target } from './plainListing';
import { median } from './turns';

const CSV = { format: 'csv' as const, escapeFormulas: true };

/** The plain export: the account's pages read as a plain script reads them, each written in order as CSV to a file. */
async function plainExport(target: Target, file: string): Promise<number> {
	const out = fileWriter(file);
	await out.write(fileHeader(CSV));
	let links = 0;
	await plainListing(target, async (items) => {
		links += items.length;
		await out.write(fileLines(items, CSV));
	});
	await out.end();
	return links;
}

const mb = (value: number) => `${value.toFixed(0)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

interface SizeRun {
	links: number;
	latencyMs: number;
	node: Measured[];
	plainMs: number[];
}

export async function scaleSection(): Promise<string> {
	await n8n.ensureN8n();
	const tarball = n8n.packPackage({ stdio: 'pipe' });
	const userFolder = n8n.makeUserFolder('link-shortener-bench-scale-');
	const scratch = mkdtempSync(join(tmpdir(), 'link-shortener-bench-export-'));
	const sizes =
		argument('export-links')?.split(',').map(Number) ??
		(quick ? [10_000, 100_000] : [10_000, 1_000_000]);
	const chosenLatencies = argument('latencies')?.split(',').map(Number);
	const profiles: string[] = [];
	const runs: SizeRun[] = [];
	let getMany: { links: number; run: Measured } | undefined;
	const parts = (argument('parts') ?? 'export,sync,clicks,monitor,analytics').split(',');
	let sync: string[] = [];
	let clicks: string[] = [];
	let monitor: string[] = [];
	let analytics: string[] = [];
	try {
		n8n.installPackage(userFolder, tarball);
		const env = n8n.n8nEnv({
			userFolder,
			port: await n8n.getFreePort(),
			brokerPort: await n8n.getFreePort(),
		});
		if (parts.includes('sync')) sync = await scaleSyncLines(env);
		if (parts.includes('clicks')) clicks = await scaleClicksLines(env);
		if (parts.includes('monitor')) monitor = await scaleMonitorLines(env);
		if (parts.includes('analytics')) analytics = await scaleClickFilesLines(env, scratch);
		for (const links of parts.includes('export') ? sizes : []) {
			const { sandbox, job } = await largeAccount(env, links);
			try {
				const exportJob = job(`export-${links}`, { resource: 'link', operation: 'export' });
				await n8n.importWorkflows(env, [exportJob]);
				const latencies = chosenLatencies ?? (links === sizes.at(-1) ? [50, 0] : [50]);
				for (const latencyMs of latencies) {
					sandbox.setLatency(latencyMs);
					const run: SizeRun = { links, latencyMs, node: [], plainMs: [] };
					for (let turn = 0; turn < repeats(latencyMs ? 3 : 1); turn++) {
						process.stderr.write(`  export ${links} links at ${latencyMs} ms, turn ${turn + 1}\n`);
						const node = await executeMeasured(env, exportJob.id);
						if (node.items !== 1) throw new Error(`Export output ${node.items} items`);
						run.node.push(node);
						const started = performance.now();
						const written = await plainExport(sandbox, join(scratch, 'plain.csv'));
						run.plainMs.push(performance.now() - started);
						if (written !== links) throw new Error(`plain export wrote ${written} of ${links}`);
					}
					runs.push(run);
				}
				if (process.argv.includes('--profile')) {
					sandbox.setLatency(0);
					process.stderr.write(`  export ${links} links at 0 ms, CPU profile\n`);
					const { shares, ms } = await profiledJob(env, exportJob.id, {
						from: 'batches/engine', // every operation's run is operationRun's
						maxBuffer: 1024 * 2 ** 20,
					});
					const pages = Math.ceil(links / PAGE_CAP);
					profiles.push(
						`CPU profile of the export of ${links.toLocaleString('en-US')} links at 0 ms (${pages.toLocaleString('en-US')} pages; the node's time ${seconds(ms)} under the profiler):`,
						'',
						sharesTable(shares, pages).replace('A request', 'A page'),
						'',
					);
				}
				if (links === sizes[0]) {
					// Get Many, Return All, for comparison: the same account made 200,000 links.
					const many = quick ? 20_000 : 200_000;
					sandbox.setLatency(0);
					sandbox.addLinks(many - sandbox.links.size + 2);
					const getManyJob = job('get-many-scale', {
						resource: 'link',
						operation: 'getMany',
						returnAll: true,
					});
					await n8n.importWorkflows(env, [getManyJob]);
					process.stderr.write(`  get many ${many} links\n`);
					getMany = { links: many, run: await executeMeasured(env, getManyJob.id) };
				}
			} finally {
				await sandbox.stop();
			}
		}
	} finally {
		n8n.removeUserFolder(userFolder);
		rmSync(scratch, { recursive: true, force: true });
	}
	const others = [...sync, '', ...clicks, '', ...monitor, '', ...analytics];
	if (!runs.length) return others.join('\n');
	const smallest = runs[0];
	const smallestPeak = median(smallest.node.map((run) => run.peakMb));
	const rows = runs.map((run) => {
		const nodeMs = median(run.node.map((r) => r.ms));
		const plainMs = median(run.plainMs);
		const peak = median(run.node.map((r) => r.peakMb));
		const ratio = nodeMs / plainMs;
		const grew = peak - smallestPeak;
		const marks =
			run.latencyMs === 50
				? `${ratio <= 1.2 ? '✅' : '❌'} ${ratio.toFixed(2)}× the plain script; ${grew <= 150 ? '✅' : '❌'} +${mb(grew)} over ${smallest.links.toLocaleString('en-US')} links`
				: `${ratio.toFixed(2)}× the plain script`;
		return `| ${run.links.toLocaleString('en-US')} | ${run.latencyMs} ms | ${seconds(nodeMs)} (runs: ${run.node.map((r) => seconds(r.ms)).join(', ')}) | ${mb(peak)} | ${seconds(plainMs)} | ${marks} |`;
	});
	return [
		`Link > Export of the whole account in real n8n ${n8n.layout().version} (\`n8n execute\`, filesystem binary data as n8n runs by default), sandbox page cap ${PAGE_CAP}; the node's time from the run data, the n8n process's peak RSS (maxRSS at exit, the whole process: n8n itself included); the plain script reads the same pages ${IN_FLIGHT} in flight, oldest first, and writes the same CSV to disk. Node and script in turns, medians of ${smallest.node.length}.`,
		'',
		'| Links | Latency | Export (node) | n8n peak RSS | Plain script | Marks |',
		'|---:|---:|---:|---:|---:|---|',
		...rows,
		'',
		'Marks (issue targets, at 50 ms): ✅ the export at most 1.2× the plain script; ✅ n8n’s peak RSS at most 150 MB over the export of the smallest account; ❌ otherwise.',
		'',
		...profiles,
		getMany
			? `For comparison, Link > Get Many with Return All of ${getMany.links.toLocaleString('en-US')} links at 0 ms (one item a link): ${seconds(getMany.run.ms)}, n8n peak RSS ${mb(getMany.run.peakMb)} (before Export: 1,612 MB and 21.2 s for 200,000 links, measured on the same machine).`
			: '',
		'',
		...others,
	].join('\n');
}
