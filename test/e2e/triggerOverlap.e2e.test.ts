/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- tests, not loaded by n8n */
/**
 * The trigger in `n8n start` when a poll outlives the next tick. Twenty Poll Times of mode
 * Custom, one a second apart by three, make n8n poll every 3 s (n8n refuses one entry that
 * fires more than once a minute). n8n 2.41 starts a poll at every tick even while the last one
 * still runs, and the overlapping poll releases the workflow's expression isolate under the
 * running one. Each case: every new link delivered exactly once, every execution a success,
 * and idle polls afterwards cost at most 2 list requests.
 */
import * as n8n from '../../dev/n8n';
import type { StartedN8n } from '../../dev/n8n';
import { Sandbox } from '../../dev/sandbox/server';
import {
	activate,
	deactivate,
	EVERY_3_SECONDS,
	executionsOf,
	pollingWorkflow,
	RECEIVED_NODE,
	waitUntil,
} from './queue';
import { startInstance } from './startedInstance';

const LIST = '/v1/links/list';
const TICK_MS = 3_000;

function pollingEvery3s(name: string): n8n.WorkflowJson & { id: string } {
	return { ...pollingWorkflow(name, EVERY_3_SECONDS), id: n8n.newId() };
}

const slowAnswers = pollingEvery3s('trigger: every answer 1.5 s late');
const bulkImport = pollingEvery3s('trigger: 25,001-link import');
const killed = pollingEvery3s('trigger: n8n killed mid-read');

let sandbox: Sandbox;
let env: n8n.N8nEnv;
let instance: StartedN8n | undefined;
let rest: n8n.N8nRest;
let userFolder: string;

/** n8n started again with the same user folder, after it was killed. */
async function restartInstance(): Promise<void> {
	instance = await n8n.startN8n(env, { timeoutMs: 240_000 });
	rest = new n8n.N8nRest(instance.url);
	await rest.login();
}

beforeAll(async () => {
	sandbox = await Sandbox.start({ logBodies: false, rateLimit: null });
	({ instance, rest, env, userFolder } = await startInstance({
		sandbox,
		folderPrefix: 'n8n-e2e-trigger-',
		workflows: [slowAnswers, bulkImport, killed],
	}));
}, 600_000);

afterAll(async () => {
	await instance?.stop();
	await sandbox?.stop();
	if (userFolder && !process.env.E2E_KEEP_USER_FOLDER) n8n.removeUserFolder(userFolder);
}, 120_000);

const listRequestsSince = (since: number) =>
	sandbox.requests.filter((r) => r.path === LIST && r.at > since);

/** Activates the workflow and waits until its first scheduled poll has noted where the list stands. */
async function activated(workflowId: string): Promise<void> {
	const since = Date.now();
	await activate(rest, workflowId);
	// the poll n8n runs on activation keeps nothing; two more answered reads mean a scheduled poll has
	await waitUntil(
		'the first scheduled polls',
		() => listRequestsSince(since).filter((r) => r.status === 200).length >= 3,
		90_000,
	);
}

/** The links the trigger's executions delivered; throws at the first failed execution, with its error. */
async function deliveredIds(workflowId: string): Promise<string[]> {
	const executions = await executionsOf(rest, workflowId);
	const failed = executions.filter((e) => e.status !== 'success');
	if (failed.length > 0) {
		const { error } = failed[0].data.resultData;
		throw new Error(
			`${failed.length} of ${executions.length} trigger executions failed, the first with: ${error?.message ?? failed[0].status}`,
		);
	}
	return executions.flatMap((e) => n8n.nodeItems(e, RECEIVED_NODE).map((item) => String(item.id)));
}

/** Waits until every expected link was delivered, then asserts each exactly once and every execution a success. */
async function expectDeliveredOnce(
	workflowId: string,
	expected: string[],
	timeoutMs: number,
): Promise<void> {
	let ids: string[] = [];
	const state = async () => ({
		expected: expected.length,
		delivered: ids.length,
		executions: (await executionsOf(rest, workflowId)).map((e) => [e.id, e.status]),
		log: instance
			?.logs()
			.split('\n')
			.filter((line) => /error/i.test(line))
			.slice(-10),
	});
	await waitUntil(
		'every new link delivered',
		async () => (ids = await deliveredIds(workflowId)).length >= expected.length,
		timeoutMs,
		state,
	);
	// two more ticks: a link delivered twice would show up now
	await new Promise((resolve) => setTimeout(resolve, 2 * TICK_MS));
	const delivered = await deliveredIds(workflowId);
	expect(delivered.length).toBe(expected.length);
	expect(new Set(delivered)).toEqual(new Set(expected));
	expect(instance?.logs()).not.toMatch(/IsolateError|No bridge acquired/);
}

const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

/** For each link, ms from its creation to the start of the execution that delivered it. */
async function deliveryDelays(
	workflowId: string,
	createdAt: Map<string, number>,
): Promise<number[]> {
	const delays: number[] = [];
	for (const execution of await executionsOf(rest, workflowId)) {
		const startedAt = Date.parse(String(execution.startedAt));
		for (const item of n8n.nodeItems(execution, RECEIVED_NODE)) {
			const created = createdAt.get(String(item.id));
			if (created !== undefined) delays.push(startedAt - created);
		}
	}
	return delays;
}

/** List requests over a few idle ticks: at most 2 a poll. */
async function expectIdlePollsCheap(): Promise<void> {
	const since = Date.now();
	await new Promise((resolve) => setTimeout(resolve, 4 * TICK_MS));
	const ticks = Math.ceil((Date.now() - since) / TICK_MS) + 1;
	const requests = listRequestsSince(since).length;
	expect(requests).toBeGreaterThan(0);
	expect(requests).toBeLessThanOrEqual(2 * ticks);
}

test('every answer 1.5 s late (each poll outlives the next tick): 365 new links, each delivered once', async () => {
	sandbox.reset();
	sandbox.setLatency(1_500);
	await activated(slowAnswers.id);
	const expected: string[] = [];
	try {
		for (const count of [120, 1, 180, 63, 1]) {
			const since = Date.now();
			expected.push(
				...sandbox.addLinks(count, { createdAt: new Date().toISOString() }).map((link) => link.id),
			);
			await waitUntil(
				'a poll after the new links',
				() => listRequestsSince(since).length >= 2,
				60_000,
			);
		}
		await expectDeliveredOnce(slowAnswers.id, expected, 180_000);
		await expectIdlePollsCheap();
	} finally {
		await deactivate(rest, slowAnswers.id);
		sandbox.setLatency(0);
	}
});

test('a 25,001-link bulk import (three bulk requests, one createdAt each), then 3 single links half-way between polls: each delivered once, within two polls', async () => {
	sandbox.reset();
	await activated(bulkImport.id);
	try {
		const start = Date.now();
		const imported = [10_000, 10_000, 5_001].flatMap((count, request) =>
			sandbox
				.addLinks(count, { createdAt: new Date(start + request * 1_000).toISOString() })
				.map((link) => link.id),
		);
		await expectDeliveredOnce(bulkImport.id, imported, 240_000);
		// Single links half-way between two ticks, each at the output within two polls.
		const singles = new Map<string, number>();
		for (let i = 0; i < 3; i++) {
			await sleep(TICK_MS - (Date.now() % TICK_MS) + TICK_MS / 2);
			const [link] = sandbox.addLinks(1, { title: `Single ${i}` });
			singles.set(link.id, Date.now());
		}
		await expectDeliveredOnce(bulkImport.id, [...imported, ...singles.keys()], 60_000);
		const delays = await deliveryDelays(bulkImport.id, singles);
		console.log(`single links after the import, ms from creation to their execution: ${delays}`);
		for (const delay of delays) expect(delay).toBeLessThanOrEqual(2 * TICK_MS);
		await expectIdlePollsCheap();
	} finally {
		await deactivate(rest, bulkImport.id);
	}
});

test('n8n killed (SIGKILL) while a poll reads, then started again: each new link delivered once', async () => {
	sandbox.reset();
	sandbox.setLatency(1_000);
	await activated(killed.id);
	try {
		const since = Date.now();
		const expected = sandbox
			.addLinks(400, { createdAt: new Date().toISOString() })
			.map((link) => link.id);
		// mid-read: the poll has asked for a few pages of the 400 new links, not all of them
		await waitUntil(
			'a poll reading the new links',
			() => listRequestsSince(since).length >= 3,
			60_000,
		);
		const running = instance;
		instance = undefined;
		if (running?.child.pid) process.kill(-running.child.pid, 'SIGKILL');
		await running?.stop();
		const more = sandbox
			.addLinks(5, { createdAt: new Date().toISOString() })
			.map((link) => link.id);
		await restartInstance();
		await expectDeliveredOnce(killed.id, [...expected, ...more], 180_000);
		await expectIdlePollsCheap();
	} finally {
		await deactivate(rest, killed.id);
		sandbox.setLatency(0);
	}
});
