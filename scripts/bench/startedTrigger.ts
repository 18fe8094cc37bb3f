/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/require-node-api-error -- development tooling, not loaded by n8n */
/**
 * A trigger's polls in a running n8n (`n8n start`): a workflow "trigger → No Operation" polling
 * every minute is imported and published; n8n's RSS is read from /proc every 50 ms. For each
 * poll: its requests, its time (from its first request to the start of the run of its items, or
 * to the saving of its state when it emits nothing), n8n's peak RSS and the saved state's size
 * (the workflow's static data, read from n8n's database).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import * as n8n from '../../dev/n8n';
import type { Sandbox } from '../../dev/sandbox/server';

const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));
export const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

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
		/** The least RSS over the last `ms`: n8n settled, its start-up garbage collected. */
		leastOver: (ms: number) =>
			Math.min(...samples.filter(([at]) => at >= Date.now() - ms).map(([, rss]) => rss)),
		peakBetween: (from: number, to: number) =>
			Math.max(...samples.filter(([at]) => at >= from && at <= to).map(([, rss]) => rss)),
		stop: () => clearInterval(timer),
	};
}

/** The workflow's static data as n8n saved it, read with n8n's own Node (node:sqlite): its size and a hash. */
function savedState(env: n8n.N8nEnv, workflowId: string): { bytes: number; hash: string } {
	const database = join(env.N8N_USER_FOLDER, '.n8n', 'database.sqlite');
	const script = `const { DatabaseSync } = require('node:sqlite');
const row = new DatabaseSync(process.argv[1], { readOnly: true }).prepare('SELECT staticData FROM workflow_entity WHERE id = ?').get(process.argv[2]);
const text = row?.staticData ?? '';
process.stdout.write(JSON.stringify({ bytes: Buffer.byteLength(text), hash: require('node:crypto').createHash('sha1').update(text).digest('hex') }));`;
	return JSON.parse(
		execFileSync(n8n.layout().nodeBin, ['-e', script, database, workflowId], { encoding: 'utf8' }),
	) as { bytes: number; hash: string };
}

function triggerWorkflow(id: string, credential: n8n.ImportedCredential, parameters: object) {
	const nodes: n8n.WorkflowNode[] = [
		{
			id: `${id}-0`,
			name: 'Link Shortener Trigger',
			type: 'n8n-nodes-link-shortener.linkShortenerTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: { ...parameters, pollTimes: { item: [{ mode: 'everyMinute' }] } },
			credentials: { linkShortenerApi: { id: credential.id, name: credential.name } },
		},
		{
			id: `${id}-1`,
			name: 'Received',
			type: 'n8n-nodes-base.noOp',
			typeVersion: 1,
			position: [220, 0],
			parameters: {},
		},
	];
	const connections = {
		'Link Shortener Trigger': { main: [[{ node: 'Received', type: 'main', index: 0 }]] },
	};
	return { id, name: `bench ${id}`, nodes, connections, settings: { executionOrder: 'v1' } };
}

/** A poll to wait for: `before` runs first (the account changes), then the next poll is measured; the first phase is the workflow's publication. */
export interface Phase {
	what: string;
	before?: () => void;
	/** How many items the poll must emit (not checked when undefined). */
	emits?: number;
	/** Read once the poll ended: what else the table says of it. */
	after?: () => string;
}

export interface Polled {
	what: string;
	emitted: number;
	requests: number;
	ms: number;
	peakMb: number;
	overIdleMb: number;
	/** n8n's peak over idle from the start of the run of the poll's items until n8n serves it finished (saved). */
	runOverIdleMb?: number;
	stateBytes: number;
	note: string;
}

/** Publishes a trigger workflow with `parameters` in `n8n start`, then measures the publication's poll (phase 0) and one poll after each later phase. */
export async function pollsInN8nStart(
	env: n8n.N8nEnv,
	sandbox: Sandbox,
	parameters: object,
	phases: Phase[],
): Promise<{ idleMb: number; polls: Polled[] }> {
	const [credential] = await n8n.importCredentials(env, [
		{
			name: `Bench account of ${sandbox.links.size} links`,
			type: 'linkShortenerApi',
			data: { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey },
		},
	]);
	const event = String((parameters as { event?: string }).event);
	// n8n saves the static data of workflows whose id has at most 21 characters only.
	const workflow = triggerWorkflow(n8n.newId(), credential, parameters);
	await n8n.importWorkflows(env, [workflow]);
	const instance = await n8n.startN8n(env, { timeoutMs: 240_000 });
	const rss = rssSampler(instance.child.pid!);
	const polls: Polled[] = [];
	const timeline: unknown[] = [];
	try {
		const rest = new n8n.N8nRest(instance.url);
		// n8n keeps its owner in the user folder: a later trigger of the same bench logs in.
		await rest.setupOwner().catch(async () => await rest.login());
		await sleep(20_000);
		const idleRss = rss.leastOver(10_000);
		const filter = encodeURIComponent(JSON.stringify({ workflowId: workflow.id }));
		const executions = async () =>
			(
				await again(
					async () =>
						await rest.request<{ results: Array<{ id: string }> }>(
							'GET',
							`/rest/executions?filter=${filter}`,
						),
				)
			).results;
		const publish = async () => {
			const { versionId } = await again(
				async () =>
					await rest.request<{ versionId: string }>('GET', `/rest/workflows/${workflow.id}`),
			);
			await rest.request('POST', `/rest/workflows/${workflow.id}/activate`, { versionId });
		};
		for (const [k, phase] of phases.entries()) {
			sandbox.clearRequests();
			const runsBefore = (await executions()).length;
			const stateBefore = savedState(env, workflow.id).hash;
			phase.before?.();
			if (k === 0) await publish();
			process.stderr.write(`  ${JSON.stringify(parameters)}: ${phase.what}\n`);
			const deadline = Date.now() + 15 * 60_000;
			let ended: number | undefined;
			let runEnded: number | undefined;
			let emitted = 0;
			while (ended === undefined) {
				if (Date.now() > deadline) throw new Error(`${phase.what}: the poll did not end`);
				await sleep(1_000);
				// A poll ends by saving its state (and starting the run of its items).
				if (!sandbox.requests.length || savedState(env, workflow.id).hash === stateBefore) continue;
				ended = Date.now();
				const runs = await executions();
				if (runs.length === runsBefore) {
					if (phase.emits) ended = undefined;
					continue;
				}
				const newest = runs.reduce((a, b) => (Number(a.id) > Number(b.id) ? a : b));
				const execution = await again(
					async () => await rest.waitForExecution(newest.id, { timeoutMs: 300_000 }),
				);
				emitted = n8n.nodeItems(execution, 'Received').length;
				ended = Date.parse(String(execution.startedAt));
				// n8n saves the execution after its end: the run is over once n8n serves it finished.
				runEnded = Date.now();
			}
			if (phase.emits !== undefined && emitted !== phase.emits)
				throw new Error(`${phase.what}: the poll emitted ${emitted}, not ${phase.emits}`);
			// The poll's own requests: the next poll (a minute later) may have begun while its items ran.
			const pollRequests = sandbox.requests.filter((request) => request.at <= ended!);
			const first = pollRequests[0].at;
			const peak = rss.peakBetween(first, ended);
			const runPeak = runEnded === undefined ? undefined : rss.peakBetween(ended, runEnded + 1000);
			const requests = pollRequests.length;
			const stateBytes = savedState(env, workflow.id).bytes;
			polls.push({
				what: phase.what,
				emitted,
				requests,
				ms: ended - first,
				peakMb: mb(peak),
				overIdleMb: mb(peak - idleRss),
				...(runPeak !== undefined && { runOverIdleMb: mb(runPeak - idleRss) }),
				stateBytes,
				note: phase.after?.() ?? '',
			});
			timeline.push({
				what: phase.what,
				first,
				ended,
				runEnded,
				requests: sandbox.requests.map((r) => r.at),
			});
		}
		const file = join(tmpdir(), `${event}-timeline.json`);
		writeFileSync(file, JSON.stringify({ idleRss, timeline, samples: rss.samples }));
		process.stderr.write(`  n8n's RSS and the polls' requests over time: ${file}\n`);
		// Unpublished, so that it does not poll beside the next trigger measured in this folder.
		await rest.request('POST', `/rest/workflows/${workflow.id}/deactivate`, {});
		return { idleMb: mb(idleRss), polls };
	} catch (error) {
		const log = instance.logs().split('\n').slice(-40).join('\n');
		process.stderr.write(
			`cause: ${String((error as Error).cause)}\nn8n's log, last lines:\n${log}\n`,
		);
		throw error;
	} finally {
		rss.stop();
		await instance.stop();
	}
}
