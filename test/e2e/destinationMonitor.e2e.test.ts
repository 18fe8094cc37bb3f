/* eslint-disable @n8n/community-nodes/no-restricted-globals -- tests, not loaded by n8n */
/**
 * The monitor, trigger event Link Destination Broken (D19), in `n8n start` (2.41.1): the
 * example examples/triggers/broken-link-monitor.json (Notify Recovery on) as users import it,
 * polling every 3 s instead of 15 min, 2 links a poll over 6 links (a pass every 3 polls): each
 * broken link once, the flaky page never, a link that breaks later once and its recovery once,
 * nothing repeated over further passes; its messages are what the example's Edit Fields node
 * makes of them. Then n8n stopped, the package installed again in place (as an update does)
 * while a page breaks, and started: that break once, nothing repeated.
 */
import * as n8n from '../../dev/n8n';
import type { StartedN8n } from '../../dev/n8n';
import { Destinations } from '../../dev/destinations/server';
import { Sandbox } from '../../dev/sandbox/server';
import { linksToPages } from '../helpers/localPages';
import { loadExample, packedTarball } from './harness';
import { activate, EVERY_3_SECONDS, executionsOf, waitUntil } from './queue';
import { TRIGGER_TYPE } from './workflows';
import { startInstance, type StartedInstance } from './startedInstance';

const PASS_MS = 3 * 3_000;
const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));
const MESSAGE_NODE = 'The message';
const monitor = { ...loadExample('triggers/broken-link-monitor.json'), id: n8n.newId() };
const trigger = monitor.nodes.find((node) => node.type === TRIGGER_TYPE)!;
trigger.parameters = { ...trigger.parameters, linksPerPoll: 2, pollTimes: EVERY_3_SECONDS };

let sandbox: Sandbox;
let pages: Destinations;
let started: StartedInstance | undefined;
let instance: StartedN8n | undefined;
let rest: n8n.N8nRest;

beforeAll(async () => {
	sandbox = await Sandbox.start({ logBodies: false, rateLimit: null });
	pages = await Destinations.start();
	started = await startInstance({
		sandbox,
		folderPrefix: 'n8n-e2e-monitor-',
		workflows: [monitor],
	});
	({ instance, rest } = started);
}, 600_000);

afterAll(async () => {
	await instance?.stop();
	await sandbox?.stop();
	await pages?.stop();
	if (started && !process.env.E2E_KEEP_USER_FOLDER) n8n.removeUserFolder(started.userFolder);
}, 120_000);

test('each break announced once, a flaky page never, a recovery once; the package updated in place repeats nothing', async () => {
	const links = linksToPages(sandbox, pages, [
		'/ok?a',
		'/status/404',
		'/flaky/f',
		'/switch/later',
		'/ok?b',
		'/status/500',
	]);
	const [, gone, flaky, later, , failing] = links;
	const announced = async () =>
		(await executionsOf(rest, monitor.id))
			.sort((a, b) => Number(a.id) - Number(b.id))
			.flatMap((execution) => {
				expect(execution.status).toBe('success');
				return n8n.nodeItems(execution, MESSAGE_NODE).map((item) => String(item.text));
			});
	const count = async () => (await announced()).length;

	await activate(rest, monitor.id);
	await waitUntil('the links broken at activation', async () => (await count()) >= 2, 90_000);
	await sleep(PASS_MS);
	pages.setStatus('later', 503);
	await waitUntil('the link that broke later', async () => (await count()) >= 3, 90_000);
	pages.setStatus('later', 200);
	await waitUntil('its recovery', async () => (await count()) >= 4, 90_000);
	await sleep(2 * PASS_MS);

	const broke = (link: { title: string; shortUrl: string; longUrl: string }, why: string) =>
		`${link.title} leads to a broken page (${why}): ${link.shortUrl} → ${link.longUrl}`;
	const breakLater = broke(later, 'httpStatus 503');
	expect(await announced()).toEqual([
		broke(gone, 'httpStatus 404'),
		broke(failing, 'httpStatus 500'),
		breakLater,
		`${later.title} works again: ${later.shortUrl} → ${later.longUrl}`,
	]);
	expect(pages.requests.some((r) => r.path === '/flaky/f')).toBe(true);
	expect(JSON.stringify(pages.requests.map((r) => r.headers))).not.toContain(sandbox.apiKey);

	// n8n stopped, a page breaking meanwhile, the package put in place again, n8n started.
	await instance?.stop();
	instance = undefined;
	pages.setStatus('later', 410);
	n8n.installPackage(started!.userFolder, packedTarball());
	instance = await n8n.startN8n(started!.env, { timeoutMs: 240_000 });
	rest = new n8n.N8nRest(instance.url);
	await rest.login();
	await waitUntil('the break after the update', async () => (await count()) >= 5, 120_000);
	await sleep(2 * PASS_MS);

	expect((await announced()).slice(4)).toEqual([broke(later, 'httpStatus 410')]);
	expect((await announced()).join('\n')).not.toContain(flaky.longUrl);
	expect(instance.logs()).not.toMatch(/IsolateError|No bridge acquired/);
});
