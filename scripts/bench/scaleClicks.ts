/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/require-node-api-error -- development tooling, not loaded by n8n */
/**
 * Link Clicked over an account whose links all have clicks, in a running n8n (`n8n start`, the
 * workflow published, polling every minute): n8n's RSS when idle, the poll that notes the
 * totals at publication, then polls that emit 1,000 and 100,000 links clicked since. For each
 * poll: its time (from its first request to the start of the run of its items), n8n's peak RSS
 * (read from /proc every 50 ms) and the saved state's size (the workflow's static data, read
 * from n8n's database after the poll).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import * as n8n from '../../dev/n8n';
import { Sandbox } from '../../dev/sandbox/server';
import { argument, quick } from './args';
import { PAGE_CAP } from './largeAccount';

const ANALYTICS = '/v1/analytics/clicks';
const TARGET_MB = 1024;
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

/** A REST call to n8n, tried again when a kept-alive connection was closed under it (this process is slow to notice while it holds a large account). */
async function again<T>(call: () => Promise<T>): Promise<T> {
	for (let attempt = 1; ; attempt++) {
		try {
			return await call();
		} catch (error) {
			if (attempt === 3 || !/fetch failed/.test(String(error))) throw error;
			await sleep(1_000);
		}
	}
}

/** The RSS of a process, from /proc (Linux), sampled every 50 ms. */
function rssSampler(pid: number) {
	const samples: Array<[number, number]> = [];
	const read = () => {
		const status = readFileSync(`/proc/${pid}/status`, 'utf8');
		samples.push([Date.now(), Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024]);
	};
	read();
	const timer = setInterval(read, 50);
	return {
		samples,
		now: () => samples[samples.length - 1][1],
		peakBetween: (from: number, to: number) =>
			Math.max(...samples.filter(([at]) => at >= from && at <= to).map(([, rss]) => rss)),
		stop: () => clearInterval(timer),
	};
}

/** The workflow's static data as n8n saved it, read with n8n's own Node (node:sqlite). */
function savedStateBytes(env: n8n.N8nEnv, workflowId: string): number {
	const database = join(env.N8N_USER_FOLDER, '.n8n', 'database.sqlite');
	const script = `const { DatabaseSync } = require('node:sqlite');
const row = new DatabaseSync(process.argv[1], { readOnly: true }).prepare('SELECT staticData FROM workflow_entity WHERE id = ?').get(process.argv[2]);
process.stdout.write(String(Buffer.byteLength(row?.staticData ?? '')));`;
	return Number(
		execFileSync(n8n.layout().nodeBin, ['-e', script, database, workflowId], { encoding: 'utf8' }),
	);
}

function clickedWorkflow(id: string, credential: n8n.ImportedCredential) {
	const trigger: n8n.WorkflowNode = {
		id: `${id}-0`,
		name: 'Link Clicked',
		type: 'n8n-nodes-link-shortener.linkShortenerTrigger',
		typeVersion: 1,
		position: [0, 0],
		parameters: { event: 'linkClicked', pollTimes: { item: [{ mode: 'everyMinute' }] } },
		credentials: { linkShortenerApi: { id: credential.id, name: credential.name } },
	};
	const received: n8n.WorkflowNode = {
		id: `${id}-1`,
		name: 'Received',
		type: 'n8n-nodes-base.noOp',
		typeVersion: 1,
		position: [220, 0],
		parameters: {},
	};
	return {
		id,
		name: 'bench Link Clicked',
		nodes: [trigger, received],
		connections: { [trigger.name]: { main: [[{ node: received.name, type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

export async function scaleClicksLines(env: n8n.N8nEnv): Promise<string[]> {
	const links = Number(argument('links') ?? (quick ? 100_000 : 1_000_000));
	const sandbox = await Sandbox.start({
		rateLimit: null,
		logBodies: false,
		pageSizeCap: PAGE_CAP,
		seedLinks: links - 3,
	});
	const ids = [...sandbox.links.keys()];
	for (const id of ids) sandbox.addClicks(id, 1);
	const [credential] = await n8n.importCredentials(env, [
		{
			name: `Clicked account of ${links}`,
			type: 'linkShortenerApi',
			data: { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey },
		},
	]);
	const workflow = clickedWorkflow('bench-link-clicked', credential);
	await n8n.importWorkflows(env, [workflow]);
	const instance = await n8n.startN8n(env, { timeoutMs: 240_000 });
	const rss = rssSampler(instance.child.pid!);
	const rows: string[] = [];
	try {
		const rest = new n8n.N8nRest(instance.url);
		await rest.setupOwner();
		await sleep(10_000);
		const idleRss = rss.now();
		const executions = async () =>
			(
				await again(
					async () =>
						await rest.request<{ results: Array<{ id: string }> }>(
							'GET',
							`/rest/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId: workflow.id }))}`,
						),
				)
			).results;
		/** Waits for the next poll to end: its first request, its last, and the run it started (when it emitted). */
		const poll = async (what: string, emits: number, start: () => Promise<void>) => {
			sandbox.clearRequests();
			const before = (await executions()).length;
			await start();
			process.stderr.write(`  link clicked over ${links} links: ${what}\n`);
			const deadline = Date.now() + 15 * 60_000;
			const stateBefore = savedStateBytes(env, workflow.id);
			let ended: number | undefined;
			while (ended === undefined) {
				if (Date.now() > deadline) throw new Error(`Link Clicked: ${what} did not end`);
				await sleep(1_000);
				if (!sandbox.requests.some((request) => request.path === ANALYTICS)) continue;
				// A poll ends by saving its state (and starting the run of its items).
				if (savedStateBytes(env, workflow.id) === stateBefore) continue;
				ended = Date.now();
				if (!emits) continue;
				const now = await executions();
				if (now.length === before) {
					ended = undefined;
					continue;
				}
				const newest = now.reduce((a, b) => (Number(a.id) > Number(b.id) ? a : b));
				const execution = await again(
					async () => await rest.waitForExecution(newest.id, { timeoutMs: 300_000 }),
				);
				const items = n8n.nodeItems(execution, 'Received').length;
				if (items !== emits) throw new Error(`Link Clicked emitted ${items}, not ${emits}`);
				ended = Date.parse(String(execution.startedAt));
			}
			const first = sandbox.requests[0].at;
			const peak = rss.peakBetween(first, Math.max(ended, sandbox.requests.at(-1)!.at));
			const state = savedStateBytes(env, workflow.id);
			timeline.push({ what, first, ended, requests: sandbox.requests.map((r) => r.at) });
			rows.push(
				`| ${what} | ${emits.toLocaleString('en-US')} | ${sandbox.requests.length.toLocaleString('en-US')} | ${((ended - first) / 1000).toFixed(1)} s | ${mb(peak)} MB (+${mb(peak - idleRss)} MB ${peak - idleRss <= TARGET_MB * 2 ** 20 ? '✅' : '❌'}) | ${state.toLocaleString('en-US')} B (${(state / links).toFixed(1)} B a link) |`,
			);
		};
		const timeline: unknown[] = [];
		await poll('publication: the totals noted', 0, async () => {
			const { versionId } = await again(
				async () =>
					await rest.request<{ versionId: string }>('GET', `/rest/workflows/${workflow.id}`),
			);
			await rest.request('POST', `/rest/workflows/${workflow.id}/activate`, { versionId });
		});
		for (const every of [1_000, 10]) {
			const clicked = ids.filter((_, i) => i % every === 0);
			await poll(
				`a poll after ${clicked.length.toLocaleString('en-US')} links got a click`,
				clicked.length,
				async () => {
					for (const id of clicked) sandbox.addClicks(id, 1);
				},
			);
		}
		const timelineFile = join(tmpdir(), 'link-clicked-timeline.json');
		writeFileSync(timelineFile, JSON.stringify({ idleRss, timeline, samples: rss.samples }));
		process.stderr.write(`  n8n's RSS and the polls' requests over time: ${timelineFile}\n`);
		return [
			`Link Clicked over ${links.toLocaleString('en-US')} links that all have clicks, in \`n8n start\` (a running n8n ${n8n.layout().version}, the workflow published, polling every minute; sandbox page cap ${PAGE_CAP}, no latency). n8n's RSS when idle: ${mb(idleRss)} MB.`,
			'',
			'| Poll | Links emitted | Requests | Poll time | n8n peak RSS (over idle) | Saved state |',
			'|---|---:|---:|---:|---:|---:|',
			...rows,
			'',
			`Poll time: from the poll's first request to the start of the run of its items (to the saving of its state, seen within a second, for the poll that emits nothing). n8n's RSS read from /proc every 50 ms; ✅ the poll's peak at most ${TARGET_MB / 1024} GB over n8n's idle RSS, ❌ otherwise. Saved state: the workflow's static data in n8n's database after the poll (D16: at most 24 bytes a clicked link).`,
		];
	} catch (error) {
		process.stderr.write(`cause: ${String((error as Error).cause)}\n`);
		process.stderr.write(
			`n8n's log, last lines:\n${instance.logs().split('\n').slice(-40).join('\n')}\n`,
		);
		throw error;
	} finally {
		rss.stop();
		await instance.stop();
		await sandbox.stop();
	}
}
