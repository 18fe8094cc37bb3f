/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development tooling, not loaded by n8n */
/**
 * Click analytics of a large account in real n8n (`n8n execute`): an account of `--links` links
 * (a million by default) with 4 clicks on each of about three in four of them, so that Group By
 * "link" answers about 750,000 groups.
 * - Get Clicks by link at 0 ms: one item a group, and the hint naming Export Clicks;
 * - Export Clicks by link with Link Details at 50 ms a request, beside Link > Export of the same
 *   account (n8n's peak RSS) and a plain script making the same requests and writing the same file.
 */
import type { IDataObject } from 'n8n-workflow';
import { join } from 'node:path';

import * as n8n from '../../dev/n8n';
import { argument, quick, repeats } from './args';
import { largeAccount, PAGE_CAP } from './largeAccount';
import { executeMeasured, type Measured } from './realN8nCreate';
import { fileWriter, IN_FLIGHT, plainListing, type Target } from './plainListing';
import { median } from './turns';

const CLICKS_A_LINK = 4;

/** A deterministic three links in four (a linear congruential sequence, the same every run). */
function clickedIds(ids: string[]): string[] {
	let seed = 1;
	return ids.filter(() => {
		seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
		return seed / 2 ** 31 < 0.75;
	});
}

const csv = (value: unknown) => {
	let text = value === null || value === undefined ? '' : String(value);
	if (/^'*[=+\-@\t\r]/.test(text)) text = `'${text}`;
	return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/**
 * What a user would script: the analytics answer read whole, then the listing 8 pages in
 * flight, oldest first, each clicked link written as a CSV row with its details, then the
 * groups the listing did not have. Returns the rows written.
 */
async function plainClickExport(target: Target, file: string): Promise<number> {
	const answer = await fetch(`${target.baseUrl}/v1/analytics/clicks?group_by=link`, {
		headers: { 'X-API-Key': target.apiKey },
	});
	const groups = ((await answer.json()) as { data: Array<{ value: string; clicks: number }> }).data;
	const clicks = new Map(groups.map((group) => [group.value, group.clicks]));
	const out = fileWriter(file);
	const write = out.write;
	await write('groupBy,value,clicks,shortUrl,longUrl,title,linkFound\r\n');
	let rows = 0;
	const writePage = async (items: IDataObject[]) => {
		let text = '';
		for (const link of items) {
			const count = clicks.get(String(link.id));
			if (count === undefined) continue;
			clicks.delete(String(link.id));
			text += `link,${link.id},${count},${csv(link.shortUrl)},${csv(link.longUrl)},${csv(link.title)},true\r\n`;
			rows++;
		}
		await write(text);
	};
	await plainListing(target, writePage);
	let rest = '';
	for (const [id, count] of clicks) rest += `link,${id},${count},,,,false\r\n`;
	rows += clicks.size;
	await write(rest);
	await out.end();
	return rows;
}

const mb = (value: number) => `${value.toFixed(0)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const count = (value: number) => value.toLocaleString('en-US');
const runsOf = (runs: Measured[]) =>
	`${seconds(median(runs.map((r) => r.ms)))} (runs: ${runs.map((r) => seconds(r.ms)).join(', ')})`;

/** Get Clicks hints at Export Clicks over 100,000 groups, and only then. */
function hintMark(run: Measured): string {
	const hinted = run.hints?.some((hint) => hint.includes('Export Clicks')) ?? false;
	if (run.items > 100_000) return hinted ? '✅ the hint names Export Clicks' : '❌ no hint';
	return hinted ? '❌ a hint at 100,000 groups or fewer' : '✅ no hint (100,000 groups or fewer)';
}

export async function scaleClickFilesLines(env: n8n.N8nEnv, scratch: string): Promise<string[]> {
	const links = Number(argument('links') ?? (quick ? 100_000 : 1_000_000));
	const { sandbox, job } = await largeAccount(env, links);
	try {
		const clicked = clickedIds([...sandbox.links.keys()]);
		for (const id of clicked) sandbox.addClicks(id, CLICKS_A_LINK);
		const byLink = { groupBy: 'link', linkId: { __rl: true, mode: 'list', value: '' } };
		const getClicks = job('get-clicks-scale', {
			resource: 'analytics',
			operation: 'getClicks',
			...byLink,
		});
		const exportClicks = job('export-clicks-scale', {
			resource: 'analytics',
			operation: 'exportClicks',
			...byLink,
			options: { linkDetails: true },
		});
		const exportLinks = job('export-links-clicks', { resource: 'link', operation: 'export' });
		await n8n.importWorkflows(env, [getClicks, exportClicks, exportLinks]);

		sandbox.setLatency(0);
		process.stderr.write(`  get clicks by link, 0 ms\n`);
		const many = await executeMeasured(env, getClicks.id);

		sandbox.setLatency(50);
		const turns = { links: [] as Measured[], clicks: [] as Measured[], plain: [] as number[] };
		let plainRows = 0;
		for (let turn = 0; turn < repeats(3); turn++) {
			process.stderr.write(`  export clicks at 50 ms, turn ${turn + 1}\n`);
			turns.links.push(await executeMeasured(env, exportLinks.id));
			turns.clicks.push(await executeMeasured(env, exportClicks.id));
			const started = performance.now();
			plainRows = await plainClickExport(sandbox, join(scratch, 'clicks.csv'));
			turns.plain.push(performance.now() - started);
		}
		if (plainRows !== many.items)
			throw new Error(`the plain script wrote ${plainRows} rows, Get Clicks ${many.items} groups`);
		const exportPeak = median(turns.links.map((r) => r.peakMb));
		const clicksPeak = median(turns.clicks.map((r) => r.peakMb));
		const ratio = median(turns.clicks.map((r) => r.ms)) / median(turns.plain);
		const over = clicksPeak - exportPeak;
		return [
			`Click analytics of an account of ${count(links)} links with ${count(clicked.length * CLICKS_A_LINK)} clicks on ${count(clicked.length)} of them (${count(many.items)} groups by link: the API's own links), in real n8n ${n8n.layout().version} (\`n8n execute\`; sandbox page cap ${PAGE_CAP}); the node's time from the run data, the n8n process's peak RSS (maxRSS at exit). Medians of ${turns.clicks.length}, the three jobs in turns.`,
			'',
			'| Job | Latency | Items | Time | n8n peak RSS | Marks |',
			'|---|---:|---:|---:|---:|---|',
			`| Get Clicks by link | 0 ms | ${count(many.items)} | ${seconds(many.ms)} | ${mb(many.peakMb)} | ${hintMark(many)} |`,
			`| Link > Export (the same account) | 50 ms | 1 | ${runsOf(turns.links)} | ${mb(exportPeak)} | for comparison |`,
			`| Export Clicks by link, with Link Details | 50 ms | 1 | ${runsOf(turns.clicks)} | ${mb(clicksPeak)} | ${over <= 150 ? '✅' : '❌'} ${over >= 0 ? '+' : ''}${mb(over)} over Export; ${ratio <= 1.2 ? '✅' : '❌'} ${ratio.toFixed(2)}× the plain script |`,
			`| Plain script (same requests, same file) | 50 ms | — | ${seconds(median(turns.plain))} (runs: ${turns.plain.map(seconds).join(', ')}) | — | reads the analytics answer whole, then the listing ${IN_FLIGHT} pages in flight |`,
			'',
			'Marks (targets): ✅ Export Clicks’ peak RSS at most 150 MB over Link > Export of the same account, and its time at most 1.2× the plain script; the Get Clicks run shows the hint naming Export Clicks.',
		];
	} finally {
		await sandbox.stop();
	}
}
