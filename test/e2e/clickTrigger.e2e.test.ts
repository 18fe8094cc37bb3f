/* eslint-disable @n8n/community-nodes/no-restricted-globals -- tests, not loaded by n8n */
/**
 * The click events in `n8n start` (2.41.1), the workflows published and polling every 3 s.
 * Clicks are made the way people make them: by opening short URLs on the sandbox, which
 * redirects and counts. Link Clicked delivers each click once as newClicks, under overlapping
 * polls and across an n8n restart; a milestone fires once; with Max Links Per Poll 3, seven
 * links clicked at once come over three polls, waited longest first, each once; Day Completed across a real UTC
 * midnight, n8n's clock moved by libfaketime, and the days missed while n8n was down.
 */
import type { IDataObject } from 'n8n-workflow';

import * as n8n from '../../dev/n8n';
import type { StartedN8n } from '../../dev/n8n';
import { Sandbox, SEEDED } from '../../dev/sandbox/server';
import {
	activate,
	deactivate,
	EVERY_3_SECONDS,
	deliveredItems,
	executionsOf,
	newClicksBy,
	pollingWorkflow,
	RECEIVED_NODE,
	waitUntil,
} from './queue';
import { startInstance } from './startedInstance';

const ANALYTICS = '/v1/analytics/clicks';
const TICK_MS = 3_000;
const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));
const [spring, launch, docs] = SEEDED.ownLinks;

const polling = (name: string, parameters: IDataObject) => ({
	...pollingWorkflow(name, EVERY_3_SECONDS, parameters),
	id: n8n.newId(),
});
const clicked = polling('clicks: Link Clicked', { event: 'linkClicked' });
const milestone = polling('clicks: milestone 3', { event: 'clickMilestone', milestone: 3 });
const boundedClicks = polling('clicks: Link Clicked, 3 a poll', {
	event: 'linkClicked',
	maxLinksPerPoll: 3,
});
const boundedMilestone = polling('clicks: milestone 2, 3 a poll', {
	event: 'clickMilestone',
	milestone: 2,
	maxLinksPerPoll: 3,
});
const days = polling('clicks: Day Completed', { event: 'dayCompleted', graceMinutes: 0 });

let sandbox: Sandbox;
let started: Awaited<ReturnType<typeof startInstance>> | undefined;
let instance: StartedN8n | undefined;
let rest: n8n.N8nRest;

beforeAll(async () => {
	sandbox = await Sandbox.start({ logBodies: false, rateLimit: null });
}, 60_000);

afterAll(async () => {
	await instance?.stop();
	await sandbox?.stop();
	if (started && !process.env.E2E_KEEP_USER_FOLDER) n8n.removeUserFolder(started.userFolder);
}, 120_000);

async function start(workflows: Array<typeof clicked>, clockAt?: string): Promise<void> {
	started = await startInstance({ sandbox, folderPrefix: 'n8n-e2e-clicks-', workflows, clockAt });
	({ instance, rest } = started);
}

/** n8n stopped and started again with the same user folder (and, optionally, another clock). */
async function restart(clockAt?: string): Promise<void> {
	await instance?.stop();
	instance = await n8n.startN8n(started!.env, { timeoutMs: 240_000, clockAt });
	rest = new n8n.N8nRest(instance.url);
	await rest.login();
}

async function stopInstance(): Promise<void> {
	await instance?.stop();
	instance = undefined;
	if (started) n8n.removeUserFolder(started.userFolder);
	started = undefined;
}

/** A visitor opening the short link. */
async function visit(link: { path: string }): Promise<void> {
	const response = await fetch(`${sandbox.origin}/${link.path}`, { redirect: 'manual' });
	expect(response.status).toBe(302);
}

const analyticsSince = (since: number) =>
	sandbox.requests.filter((r) => r.path === ANALYTICS && r.at > since && r.status === 200).length;

const delivered = async (workflowId: string) => await deliveredItems(rest, workflowId);

/** Activates and waits until a scheduled poll after the activation poll has read the totals. */
async function activated(workflowId: string): Promise<void> {
	const since = Date.now();
	await activate(rest, workflowId);
	await waitUntil('the first scheduled polls', () => analyticsSince(since) >= 2, 90_000);
}

describe('n8n start, real clock', () => {
	beforeAll(
		async () => await start([clicked, milestone, boundedClicks, boundedMilestone]),
		600_000,
	);
	afterAll(async () => await stopInstance(), 120_000);

	test('Link Clicked: clicks made between polls, under overlapping polls and across a restart, each arrive once as newClicks', async () => {
		sandbox.reset();
		await activated(clicked.id);
		const visits: Record<string, number> = {};
		const click = async (link: { id: string; path: string }) => {
			await visit(link);
			visits[link.id] = (visits[link.id] ?? 0) + 1;
		};
		try {
			for (const link of [launch, docs, launch, docs, launch]) {
				await click(link);
				await sleep(TICK_MS / 2);
			}
			// Answers slower than the tick: polls overlap.
			sandbox.setLatency(4_000);
			for (const link of [spring, launch]) {
				await click(link);
				await sleep(TICK_MS);
			}
			await sleep(3 * TICK_MS);
			sandbox.setLatency(0);
			await restart();
			await click(docs);
			await click(spring);
			await waitUntil(
				'every click delivered',
				async () =>
					Object.values(newClicksBy(await delivered(clicked.id))).reduce((a, b) => a + b, 0) >= 9,
				120_000,
			);
			await sleep(2 * TICK_MS);

			const items = await delivered(clicked.id);
			expect(newClicksBy(items)).toEqual(visits);
			for (const item of items) {
				const link = [spring, launch, docs].find((l) => l.id === item.id)!;
				expect(item).toMatchObject({ title: link.title, longUrl: link.longUrl });
				expect(Number(item.newClicks)).toBeGreaterThan(0);
			}
			expect(instance?.logs()).not.toMatch(/IsolateError|No bridge acquired/);
		} finally {
			sandbox.setLatency(0);
			await deactivate(rest, clicked.id);
		}
	});

	test('Link Reached a Click Count: a new link announced once, when its third click comes', async () => {
		sandbox.reset();
		const [link] = sandbox.addLinks(1, { title: 'Milestone link' });
		await activated(milestone.id);
		try {
			await visit(link);
			await visit(link);
			await sleep(2 * TICK_MS);
			expect(await delivered(milestone.id)).toEqual([]);
			await visit(link);
			await waitUntil(
				'the milestone',
				async () => (await delivered(milestone.id)).length > 0,
				60_000,
			);
			await visit(link);
			await sleep(3 * TICK_MS);

			const items = await delivered(milestone.id);
			expect(items).toEqual([
				expect.objectContaining({ id: link.id, title: 'Milestone link', clicks: 3, milestone: 3 }),
			]);
		} finally {
			await deactivate(rest, milestone.id);
		}
	});
	test('Max Links Per Poll 3: seven links clicked at once come over three polls, most new clicks first, each once with every click', async () => {
		sandbox.reset();
		const links = sandbox.addLinks(7, { title: 'Bounded link' });
		await activated(boundedClicks.id);
		await activated(boundedMilestone.id);
		const clicksMade: Record<string, number> = {};
		const click = (link: { id: string }, count: number) => {
			sandbox.addClicks(link.id, count);
			clicksMade[link.id] = (clicksMade[link.id] ?? 0) + count;
		};
		const itemsByExecution = async (workflowId: string) =>
			(await executionsOf(rest, workflowId))
				.sort((a, b) => Number(a.id) - Number(b.id))
				.map((execution) => n8n.nodeItems(execution, RECEIVED_NODE).map((item) => item.id));
		try {
			// All at once, between two polls: 2, 3, 4, 2, 3, 4, 2 clicks.
			links.forEach((link, i) => click(link, 2 + (i % 3)));
			await waitUntil(
				'the first bounded poll',
				async () => (await delivered(boundedClicks.id)).length > 0,
				60_000,
			);
			// A link emitted already, clicked again: it comes once more, after the others.
			await visit(links[2]);
			clicksMade[links[2].id] += 1;
			await waitUntil(
				'every link delivered',
				async () =>
					(await delivered(boundedClicks.id)).length >= 8 &&
					(await delivered(boundedMilestone.id)).length >= 7,
				120_000,
			);
			await sleep(3 * TICK_MS); // a link delivered twice would show up now

			const byId = (indexes: number[]) => indexes.map((i) => links[i].id).sort();
			const mostClicked = [...byId([2, 5]), byId([1, 4])[0]];
			for (const workflowId of [boundedClicks.id, boundedMilestone.id]) {
				const polls = await itemsByExecution(workflowId);
				expect(polls.every((ids) => ids.length >= 1 && ids.length <= 3)).toBe(true);
				expect(polls[0]).toEqual(mostClicked);
				const firstSeven = polls.flat().slice(0, 7);
				expect(new Set(firstSeven)).toEqual(new Set(links.map((link) => link.id)));
			}
			const items = await delivered(boundedClicks.id);
			expect(items).toHaveLength(8);
			expect(items[7]).toMatchObject({ id: links[2].id, newClicks: 1, clicks: 5 });
			expect(newClicksBy(items)).toEqual(clicksMade);
			const milestones = await delivered(boundedMilestone.id);
			expect(milestones).toHaveLength(7);
			expect(milestones.every((item) => item.milestone === 2)).toBe(true);
			expect(instance?.logs()).not.toMatch(/IsolateError|No bridge acquired/);
		} finally {
			await deactivate(rest, boundedClicks.id);
			await deactivate(rest, boundedMilestone.id);
		}
	});
});

describe('n8n start, its clock moved by libfaketime', () => {
	afterAll(async () => await stopInstance(), 120_000);

	test('Day Completed: the day that just ended comes at midnight, the days missed while n8n was down on its next poll, oldest first', async () => {
		sandbox.reset();
		sandbox.addClicks(spring.id, 3, { at: '2026-11-20T10:00:00.000Z' });
		sandbox.addClicks(launch.id, 1, { at: '2026-11-20T23:30:00.000Z' });
		sandbox.addClicks(docs.id, 2, { at: '2026-11-21T08:00:00.000Z' });
		// n8n starts 70 s before midnight, activates the workflow before it: 2026-11-19 is the last complete day.
		await start([days], '2026-11-20 23:58:50');
		// Day Completed asks nothing while no day is due: two ticks let the activation poll end.
		await activate(rest, days.id);
		await sleep(2 * TICK_MS);
		expect(await delivered(days.id)).toEqual([]);
		await waitUntil(
			'2026-11-20 delivered',
			async () => (await delivered(days.id)).length > 0,
			150_000,
		);
		expect(await delivered(days.id)).toEqual([{ day: '2026-11-20', clicks: 4 }]);

		// Down over two midnights; started again on 2026-11-23, the workflow still active.
		await restart('2026-11-23 00:00:05');
		await waitUntil('the missed days', async () => (await delivered(days.id)).length >= 3, 120_000);
		await sleep(2 * TICK_MS);

		expect(await delivered(days.id)).toEqual([
			{ day: '2026-11-20', clicks: 4 },
			{ day: '2026-11-21', clicks: 2 },
			{ day: '2026-11-22', clicks: 0 },
		]);
		await deactivate(rest, days.id);
	});
});
