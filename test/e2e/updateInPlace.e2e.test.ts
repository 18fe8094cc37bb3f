/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- tests, not loaded by n8n */
/**
 * An active trigger updated in place, as users update a community package: n8n stopped, the new
 * version put into `~/.n8n/nodes`, n8n started. The earlier version is this package as it was at
 * a commit (built from git by `packCommit`); the new one is this checkout. The triggers poll
 * every 3 s with the earlier version, links are made and short URLs opened before, while n8n is
 * stopped and after the swap: each link arrives once, each click once as newClicks, and no
 * execution fails. The state the earlier version saved is read back.
 *
 * From release 0.2.0, New Link: 0.2.0 has no other event (its trigger reads no `event`, so a
 * Link Clicked workflow would run New Link's poll). Link Clicked's state is updated from the
 * commit before Max Links Per Poll, whose click events save the state of every later version.
 */
import * as path from 'node:path';

import * as n8n from '../../dev/n8n';
import type { ExecutionJson, StartedN8n } from '../../dev/n8n';
import { Sandbox, SEEDED } from '../../dev/sandbox/server';
import { packedTarball } from './harness';
import {
	activate,
	EVERY_3_SECONDS,
	deliveredItems,
	newClicksBy,
	pollingWorkflow,
	waitUntil,
} from './queue';
import { startInstance, type StartedInstance } from './startedInstance';

/** Release 0.2.0. */
const RELEASE_0_2_0 = 'd543319';
/** The click events before Max Links Per Poll (their state and setting as every later version writes them). */
const BEFORE_THE_BOUND = 'f50de48';
const TICK_MS = 3_000;
const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

const polling = (name: string, event: string) => ({
	...pollingWorkflow(name, EVERY_3_SECONDS, { event }),
	id: n8n.newId(),
});
const newLinks = polling('update in place: New Link', 'newLink');
const clicks = polling('update in place: Link Clicked', 'linkClicked');

const total = (sums: Record<string, number>) => Object.values(sums).reduce((a, b) => a + b, 0);

describe.each([
	{ from: 'release 0.2.0', commit: RELEASE_0_2_0, withClicks: false },
	{ from: 'the click events before the bound', commit: BEFORE_THE_BOUND, withClicks: true },
])('updated in place from $from ($commit)', ({ commit, withClicks }) => {
	const active = withClicks ? [newLinks, clicks] : [newLinks];
	let sandbox: Sandbox;
	let started: StartedInstance | undefined;
	let instance: StartedN8n | undefined;
	let rest: n8n.N8nRest;
	let previousTarball: string;

	beforeAll(async () => {
		previousTarball = n8n.packCommit(commit);
		sandbox = await Sandbox.start({ logBodies: false, rateLimit: null });
		started = await startInstance({
			sandbox,
			folderPrefix: 'n8n-e2e-update-',
			workflows: active,
			tarball: previousTarball,
		});
		({ instance, rest } = started);
	}, 600_000);

	afterAll(async () => {
		await instance?.stop();
		await sandbox?.stop();
		if (started && !process.env.E2E_KEEP_USER_FOLDER) n8n.removeUserFolder(started.userFolder);
		if (previousTarball) n8n.removeTempDir(path.dirname(previousTarball));
	}, 120_000);

	/**
	 * The earlier version's polls that n8n 2.41.1's shared expression isolate failed (a poll
	 * overlapping the next on a busy machine: docs/trigger.md); such a poll delivers and saves
	 * nothing, and the next delivers its links. The new version must have none (its logs, below).
	 */
	let earlierStopped = Infinity;
	const excused = (execution: ExecutionJson & { startedAt?: string }) =>
		Date.parse(execution.startedAt ?? '') < earlierStopped &&
		/No bridge acquired/.test(execution.data.resultData.error?.message ?? '');
	const delivered = async (workflowId: string) => await deliveredItems(rest, workflowId, excused);

	test(`${withClicks ? 'New Link and Link Clicked' : 'New Link'}, active: nothing twice, nothing lost`, async () => {
		const visits: Record<string, number> = {};
		const click = async (link: { id: string; path: string }) => {
			const response = await fetch(`${sandbox.origin}/${link.path}`, { redirect: 'manual' });
			expect(response.status).toBe(302);
			visits[link.id] = (visits[link.id] ?? 0) + 1;
		};
		const clickAll = async (links: Array<{ id: string; path: string }>) => {
			if (withClicks) for (const link of links) await click(link);
		};
		const clicksDelivered = async () =>
			withClicks ? total(newClicksBy(await delivered(clicks.id))) : 0;
		const [spring, launch, docs] = SEEDED.ownLinks;
		const made: string[] = [];
		const addLinks = (count: number) =>
			made.push(
				...sandbox.addLinks(count, { createdAt: new Date().toISOString() }).map((l) => l.id),
			);

		const since = Date.now();
		for (const workflow of active) await activate(rest, workflow.id);
		await waitUntil(
			'the first scheduled polls of the triggers',
			() =>
				sandbox.requests.filter((r) => r.at > since && r.status === 200).length >= 6 &&
				(!withClicks ||
					sandbox.requests.some((r) => r.at > since && r.path === '/v1/analytics/clicks')),
			90_000,
		);

		// With the earlier version.
		addLinks(130);
		await clickAll([spring, launch, launch]);
		await waitUntil(
			'the earlier version delivers what was made',
			async () =>
				(await delivered(newLinks.id)).length >= 130 && (await clicksDelivered()) >= total(visits),
			120_000,
		);

		// n8n stopped; links made and short URLs opened meanwhile; the new version installed.
		await instance?.stop();
		earlierStopped = Date.now();
		instance = undefined;
		addLinks(70);
		await clickAll([docs, spring, docs]);
		const installed = n8n.installPackage(started!.userFolder, packedTarball());
		expect(installed.dir).toContain('.n8n');
		instance = await n8n.startN8n(started!.env, { timeoutMs: 240_000 });
		rest = new n8n.N8nRest(instance.url);
		await rest.login();

		// With the new version, after more of both.
		await sleep(2 * TICK_MS);
		addLinks(5);
		await clickAll([launch]);
		await waitUntil(
			'the new version delivers the rest',
			async () =>
				(await delivered(newLinks.id)).length >= made.length &&
				(await clicksDelivered()) >= total(visits),
			180_000,
		);
		await sleep(3 * TICK_MS); // a link or click delivered twice would show up now

		const ids = (await delivered(newLinks.id)).map((item) => String(item.id));
		expect(ids).toHaveLength(made.length);
		expect(new Set(ids)).toEqual(new Set(made));
		if (withClicks) {
			expect(total(visits)).toBe(7);
			expect(newClicksBy(await delivered(clicks.id))).toEqual(visits);
		}
		expect(instance.logs()).not.toMatch(/IsolateError|No bridge acquired/);
	});
});
