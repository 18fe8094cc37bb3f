/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions -- development tooling, not loaded by n8n */
/**
 * The clicks section: an account of 100,000 links with clicks; Link Clicked notes their totals,
 * then 10,000 of them get a click and one poll emits them. Beside it, a plain script computing
 * the same deltas from the same analytics answer. Each in a child process of its own: the time
 * of the poll, the server's share of it, and the peak RSS.
 */
import { fork } from 'node:child_process';
import { join } from 'node:path';

import { Sandbox } from '../../dev/sandbox/server';
import { argument, quick } from './args';
import { compiled, COMPILED_ENV } from './compiled';

const LINKS = 100_000;
const QUICK_LINKS = 10_000;
const TARGET_MS = 1_000;
const TARGET_MB = 300;

interface Polled {
	ms: number;
	emitted: number;
	peakRssMb: number;
	stateBytes?: number;
}

let childScript: string | undefined;

async function runJob(
	runner: 'node' | 'plain',
	sandbox: Sandbox,
	clicked: string[],
): Promise<Polled & { readyRssMb: number; serverMs: number; requests: number }> {
	childScript ??= compiled(join(__dirname, 'clicksChild.ts'));
	const child = fork(childScript, [runner, sandbox.baseUrl, sandbox.apiKey], {
		execArgv: [],
		env: COMPILED_ENV,
	});
	const next = async <T>() =>
		await new Promise<T>((resolve, reject) => {
			child.once('message', (message) => resolve(message as T));
			child.once('exit', (code) => reject(new Error(`the ${runner} job exited (${code})`)));
		});
	const { readyRssMb } = await next<{ readyRssMb: number }>();
	for (const id of clicked) sandbox.addClicks(id, 1);
	sandbox.clearRequests();
	child.send('poll');
	const polled = await next<Polled>();
	child.kill();
	const serverMs = sandbox.requests.reduce((sum, request) => sum + (request.durationMs ?? 0), 0);
	return { ...polled, readyRssMb, serverMs, requests: sandbox.requests.length };
}

export async function clicksSection(): Promise<string> {
	const links = Number(argument('links') ?? (quick ? QUICK_LINKS : LINKS));
	const sandbox = await Sandbox.start({ rateLimit: null, logBodies: false, pageSizeCap: 100 });
	try {
		const added = sandbox.addLinks(links - 3);
		for (const [i, link] of added.entries()) sandbox.addClicks(link.id, 1 + (i % 5));
		const rows: string[] = [];
		// Each job notes the totals as they are when it starts, then its own links get a click.
		for (const every of [1_000, 10]) {
			const clicked = added.filter((_, i) => i % every === 0).map((link) => link.id);
			for (const runner of ['plain', 'node'] as const) {
				const result = await runJob(runner, sandbox, clicked);
				const nodeMs = result.ms - result.serverMs;
				const ok =
					nodeMs < TARGET_MS && result.peakRssMb < TARGET_MB && result.emitted === clicked.length;
				const job =
					runner === 'node'
						? 'Link Shortener Trigger, Link Clicked'
						: 'plain script (fetch, a Map of totals)';
				rows.push(
					`| ${clicked.length.toLocaleString('en-US')} | ${job} | ${result.emitted.toLocaleString('en-US')} | ${result.requests} | ${(result.ms / 1000).toFixed(2)} s | ${(result.serverMs / 1000).toFixed(2)} s | ${(nodeMs / 1000).toFixed(2)} s | ${Math.round(result.peakRssMb)} MB (${Math.round(result.readyRssMb)} MB before) | ${result.stateBytes === undefined ? '–' : `${(result.stateBytes / links).toFixed(1)} B a link`} | ${ok ? '✅' : '❌'} |`,
				);
			}
		}
		return [
			`An account of ${links.toLocaleString('en-US')} links with clicks; after activation, some of them get a click; one poll.`,
			'',
			'| Links clicked | Job | Links emitted | Requests | Poll time | Server time | Poll time without the server | Peak RSS | Saved state | Target |',
			'|---:|---|---:|---:|---:|---:|---:|---:|---:|---|',
			...rows,
			'',
			`The trigger also looks up each emitted link's short URL, long URL and title (one GET each for a few, one listing at page cap ${sandbox.pageSizeCap} for many), which the plain script does not. Target: under ${TARGET_MS} ms without the server's time, a peak RSS under ${TARGET_MB} MB, every clicked link emitted (❌ otherwise). In-process through n8n-core's poll executor, each job in a child process of its own compiled to JavaScript (no ts-node in it), the sandbox on loopback in the parent process.${quick ? ' (--quick: fewer links than the target is about)' : ''}`,
		].join('\n');
	} finally {
		await sandbox.stop();
	}
}
