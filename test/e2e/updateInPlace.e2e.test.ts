/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- tests, not loaded by n8n */
/**
 * An active trigger updated in place, as users update a community package: n8n stopped, the new
 * version put into `~/.n8n/nodes`, n8n started. The earlier release is this package as it was
 * at PREVIOUS_RELEASE (built from git by `packCommit`); the new one is this checkout. New Link
 * and Link Clicked poll every 3 s with the earlier release, links are made and short URLs
 * opened before, while n8n is stopped, and after the swap: each link arrives once, each click
 * once as newClicks, and no execution fails. The state the earlier release saved is read back.
 */
import * as path from 'node:path';

import * as n8n from '../../dev/n8n';
import type { StartedN8n } from '../../dev/n8n';
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

/** The package as released before this one: main when the trigger's state last changed shape. */
const PREVIOUS_RELEASE = '7ec3d0c';
const TICK_MS = 3_000;
const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

const polling = (name: string, event: string) => ({
	...pollingWorkflow(name, EVERY_3_SECONDS, { event }),
	id: n8n.newId(),
});
const newLinks = polling('update in place: New Link', 'newLink');
const clicks = polling('update in place: Link Clicked', 'linkClicked');

let sandbox: Sandbox;
let started: StartedInstance | undefined;
let instance: StartedN8n | undefined;
let rest: n8n.N8nRest;
let previousTarball: string;

beforeAll(async () => {
	previousTarball = n8n.packCommit(PREVIOUS_RELEASE);
	sandbox = await Sandbox.start({ logBodies: false, rateLimit: null });
	started = await startInstance({
		sandbox,
		folderPrefix: 'n8n-e2e-update-',
		workflows: [newLinks, clicks],
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

const delivered = async (workflowId: string) => await deliveredItems(rest, workflowId);

const total = (sums: Record<string, number>) => Object.values(sums).reduce((a, b) => a + b, 0);

test('New Link and Link Clicked, active, updated from the earlier release: nothing twice, nothing lost', async () => {
	const visits: Record<string, number> = {};
	const click = async (link: { id: string; path: string }) => {
		const response = await fetch(`${sandbox.origin}/${link.path}`, { redirect: 'manual' });
		expect(response.status).toBe(302);
		visits[link.id] = (visits[link.id] ?? 0) + 1;
	};
	const [spring, launch, docs] = SEEDED.ownLinks;
	const made: string[] = [];
	const addLinks = (count: number) =>
		made.push(...sandbox.addLinks(count, { createdAt: new Date().toISOString() }).map((l) => l.id));

	const since = Date.now();
	await activate(rest, newLinks.id);
	await activate(rest, clicks.id);
	await waitUntil(
		'the first scheduled polls of both triggers',
		() =>
			sandbox.requests.filter((r) => r.at > since && r.status === 200).length >= 6 &&
			sandbox.requests.some((r) => r.at > since && r.path === '/v1/analytics/clicks'),
		90_000,
	);

	// With the earlier release.
	addLinks(130);
	for (const link of [spring, launch, launch]) await click(link);
	await waitUntil(
		'the earlier release delivers what was made',
		async () =>
			(await delivered(newLinks.id)).length >= 130 &&
			total(newClicksBy(await delivered(clicks.id))) >= 3,
		120_000,
	);

	// n8n stopped; links made and short URLs opened meanwhile; the new version installed.
	await instance?.stop();
	instance = undefined;
	addLinks(70);
	for (const link of [docs, spring, docs]) await click(link);
	const installed = n8n.installPackage(started!.userFolder, packedTarball());
	expect(installed.dir).toContain('.n8n');
	instance = await n8n.startN8n(started!.env, { timeoutMs: 240_000 });
	rest = new n8n.N8nRest(instance.url);
	await rest.login();

	// With the new version, after more of both.
	await sleep(2 * TICK_MS);
	addLinks(5);
	await click(launch);
	await waitUntil(
		'the new version delivers the rest',
		async () =>
			(await delivered(newLinks.id)).length >= made.length &&
			total(newClicksBy(await delivered(clicks.id))) >= total(visits),
		180_000,
	);
	await sleep(3 * TICK_MS); // a link or click delivered twice would show up now

	const ids = (await delivered(newLinks.id)).map((item) => String(item.id));
	expect(ids).toHaveLength(made.length);
	expect(new Set(ids)).toEqual(new Set(made));
	expect(newClicksBy(await delivered(clicks.id))).toEqual(visits);
	expect(instance.logs()).not.toMatch(/IsolateError|No bridge acquired/);
});
