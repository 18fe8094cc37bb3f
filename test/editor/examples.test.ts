/* eslint-disable @n8n/community-nodes/no-restricted-imports -- tests, not loaded by n8n */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { IDataObject, INode } from 'n8n-workflow';

import { withDefaults, type WorkflowInput } from '../../dev/engine/engine';
import { SEEDED, SEEDED_CLICKS } from '../../dev/sandbox/server';
import {
	readWriteFileStandIn,
	extractFromFileStandIn,
	scheduleTriggerStandIn,
	setStandIn,
} from '../helpers/exampleStandIns';
import { decodePng } from '../qr/decoders';
import { parseCsv } from '../helpers/csv';
import { Destinations } from '../../dev/destinations/server';
import { linksToPages, WEEKLY_REPORT_PAGES } from '../helpers/localPages';
import { NODE_TYPE, useLinkShortener } from '../helpers/fixture';
import { EXAMPLES_DIR, loadExample, outputOf } from '../helpers/examples';

const MANUAL_TRIGGER = 'n8n-nodes-base.manualTrigger';
const SANDBOX_CREDENTIAL = {
	linkShortenerApi: { id: 'sandbox-credential', name: 'Link Shortener Sandbox' },
};

function linkShortenerNodes(workflow: WorkflowInput): INode[] {
	return workflow.nodes.filter((node) => node.type === NODE_TYPE);
}

/** The node feeding `nodeName` (the examples are straight lines). */
function parentOf(workflow: WorkflowInput, nodeName: string): string {
	const [parent] = Object.entries(workflow.connections).find(([, outputs]) =>
		outputs.main?.some((targets) => targets?.some((target) => target.node === nodeName)),
	) ?? [''];
	return parent;
}

describe('Example workflows', () => {
	const fx = useLinkShortener();
	fx.engine.nodeTypes.register('n8n-nodes-base.set', setStandIn);
	fx.engine.nodeTypes.register('n8n-nodes-base.scheduleTrigger', scheduleTriggerStandIn);
	fx.engine.nodeTypes.register('n8n-nodes-base.readWriteFile', readWriteFileStandIn);
	fx.engine.nodeTypes.register('n8n-nodes-base.extractFromFile', extractFromFileStandIn);

	const files = readdirSync(EXAMPLES_DIR).filter((file) => file.endsWith('.json'));
	let pages: Destinations;
	beforeAll(async () => {
		pages = await Destinations.start();
	});
	afterAll(async () => await pages?.stop());

	it('weekly-broken-links: the broken links of the account in one summary item', async () => {
		const links = linksToPages(fx.sandbox, pages, WEEKLY_REPORT_PAGES);
		const run = await fx.engine.runWorkflow(
			loadExample('weekly-broken-links.json'),
			fx.credentials,
		);

		const broken = outputOf(run, 'Broken destinations').map((item) => item.json.id);
		// Get Many lists the newest first.
		expect(broken).toEqual([links[2].id, links[1].id]);
		expect(outputOf(run, 'One summary').map((item) => item.json)).toEqual([
			{
				broken: 2,
				text: [
					`${links[2].shortUrl} → ${pages.url('/no-location')}: badRedirect 302`,
					`${links[1].shortUrl} → ${pages.url('/status/404')}: httpStatus 404`,
				].join('\n'),
			},
		]);
		expect(pages.requests.filter((r) => r.method === 'HEAD')).toHaveLength(3);
	});

	it('are the documented examples', () => {
		expect(files.sort()).toEqual([
			'create-many-from-json-list.json',
			'create-once-bulk-import.json',
			'export-clicks-to-file.json',
			'export-links-to-file.json',
			'qr-codes-to-files.json',
			'scheduled-clicks-by-country.json',
			'sheet-rows-to-bulk-update.json',
			'shorten-links-from-rows.json',
			'sync-many-mirror-a-sheet.json',
			'sync-sheet-by-short-url.json',
			'weekly-broken-links.json',
			'weekly-top-countries.json',
		]);
		const readme = readFileSync(join(EXAMPLES_DIR, 'README.md'), 'utf8');
		for (const file of files) expect(readme).toContain(file);
	});

	describe.each(files)('%s', (file) => {
		const workflow = loadExample(file);
		beforeEach(() => {
			if (file === 'weekly-broken-links.json') linksToPages(fx.sandbox, pages, WEEKLY_REPORT_PAGES);
		});

		it('starts with a Manual Trigger and uses the sandbox credential by name', () => {
			expect(workflow.nodes.filter((node) => node.type === MANUAL_TRIGGER)).toHaveLength(1);
			const nodes = linkShortenerNodes(workflow);
			expect(nodes.length).toBeGreaterThan(0);
			for (const node of nodes) {
				expect(node.credentials).toEqual(SANDBOX_CREDENTIAL);
				expect(node.typeVersion).toBe(1);
			}
			const names = new Set(workflow.nodes.map((node) => node.name));
			for (const [source, outputs] of Object.entries(workflow.connections)) {
				expect(names).toContain(source);
				for (const target of (outputs.main ?? []).flat()) expect(names).toContain(target?.node);
			}
		});

		it("has the Manual Trigger as its only enabled trigger, so the editor's Execute button runs it", () => {
			// n8n's editor picks the trigger to run by type (Form, Webhook, app triggers, Schedule,
			// then Manual) among the enabled ones: any other enabled trigger would win.
			const enabledTriggers = workflow.nodes.filter(
				(node) => /Trigger$/i.test(node.type) && !node.disabled,
			);
			expect(enabledTriggers.map((node) => node.type)).toEqual([MANUAL_TRIGGER]);
		});

		it('uses only parameters the Link Shortener node has', () => {
			for (const node of linkShortenerNodes(workflow)) {
				expect(withDefaults(fx.engine, NODE_TYPE, node.parameters)).toMatchObject(node.parameters);
			}
		});

		it('runs from its Manual Trigger, and each Link Shortener node runs alone on the same input', async () => {
			const run = await fx.engine.runWorkflow(workflow, fx.credentials);
			expect(run.data.resultData.error).toBeUndefined();

			for (const node of linkShortenerNodes(workflow)) {
				expect(outputOf(run, node.name).length).toBeGreaterThan(0);
				const input = outputOf(run, parentOf(workflow, node.name)).map((item) => item.json);
				const alone = await fx.engine.runNode({
					type: NODE_TYPE,
					parameters: node.parameters,
					input: input.length ? input : undefined,
					credentials: fx.credentials,
				});
				expect(alone.error).toBeUndefined();
				expect(alone.items).toHaveLength(outputOf(run, node.name).length);
			}
		});
	});

	it('shorten-links-from-rows: one short link per row', async () => {
		const run = await fx.engine.runWorkflow(
			loadExample('shorten-links-from-rows.json'),
			fx.credentials,
		);

		const links = outputOf(run, 'Shorten each URL').map((item) => item.json);
		expect(links.map((link) => [link.title, link.longUrl])).toEqual([
			['Spring sale', 'https://shop.example.com/spring-sale'],
			['Product launch', 'https://www.example.com/products/new'],
			['Docs home', 'https://docs.example.org/'],
		]);
		for (const link of links) expect(link.shortUrl).toMatch(/^https:\/\/sho\.rt\/\S+$/);
	});

	it('create-many-from-json-list: the three elements of one item in one bulk request, each paired to that item', async () => {
		const run = await fx.engine.runWorkflow(
			loadExample('create-many-from-json-list.json'),
			fx.credentials,
		);

		const links = outputOf(run, 'Create one link per element');
		expect(links.map((item) => [item.json.longUrl, item.pairedItem])).toEqual([
			['https://shop.example.com/spring/shoes', { item: 0 }],
			['https://shop.example.com/spring/bags?utm_source=newsletter', { item: 0 }],
			['https://shop.example.com/spring/hats', { item: 0 }],
		]);
		expect(fx.requestsTo('/v1/links/bulk')).toHaveLength(1);
	});

	it('sheet-rows-to-bulk-update: creates the rows in one request, then updates them in one request', async () => {
		const run = await fx.engine.runWorkflow(
			loadExample('sheet-rows-to-bulk-update.json'),
			fx.credentials,
		);

		const created = outputOf(run, 'Create links in bulk').map((item) => item.json);
		const updated = outputOf(run, 'Update links in bulk').map((item) => item.json);
		expect(updated.map((link) => link.id)).toEqual(created.map((link) => link.id));
		expect(updated[0]).toMatchObject({
			title: 'Spring sale (newsletter)',
			longUrl: 'https://shop.example.com/spring-sale?utm_source=newsletter&utm_campaign=spring',
		});
		expect(fx.sandbox.links.get(String(created[0].id))?.tags).toEqual([
			{ name: 'newsletter' },
			{ name: 'spring' },
		]);
		expect(fx.requestsTo('/v1/links/bulk')).toHaveLength(1);
		expect(fx.sandbox.requests.filter((request) => request.method === 'PATCH')).toHaveLength(1);
	});

	it('scheduled-clicks-by-country: one row per country with its clicks', async () => {
		const run = await fx.engine.runWorkflow(
			loadExample('scheduled-clicks-by-country.json'),
			fx.credentials,
		);

		const rows = outputOf(run, 'One row per country').map((item) => item.json as IDataObject);
		const countries = new Set(SEEDED_CLICKS.map((click) => click.country));
		expect(rows).toHaveLength(countries.size);
		for (const row of rows) {
			expect(Object.keys(row).sort()).toEqual(['clicks', 'country']);
			expect(countries).toContain(row.country);
			expect(typeof row.clicks).toBe('number');
		}
	});

	it('create-once-bulk-import: UTM columns on the long URLs; a second run creates nothing', async () => {
		const workflow = loadExample('create-once-bulk-import.json');
		const first = outputOf(
			await fx.engine.runWorkflow(workflow, fx.credentials),
			'Create each link once',
		);

		expect(first.map((item) => [item.json.longUrl, item.json.linkCreated])).toEqual([
			['https://shop.example.com/spring-sale?utm_source=newsletter&utm_campaign=spring', true],
			['https://shop.example.com/summer?ref=home&utm_source=newsletter&utm_campaign=summer', true],
			['https://shop.example.com/gift-cards?utm_source=social&utm_medium=instagram', true],
			['https://shop.example.com/spring-sale?utm_source=newsletter&utm_campaign=spring', false],
		]);
		expect(fx.requestsTo('/v1/links/bulk').map((request) => request.bodyItems)).toEqual([3]);

		fx.sandbox.clearRequests();
		const second = outputOf(
			await fx.engine.runWorkflow(workflow, fx.credentials),
			'Create each link once',
		);
		expect(second.map((item) => item.json.id)).toEqual(first.map((item) => item.json.id));
		expect(second.every((item) => item.json.linkCreated === false)).toBe(true);
		expect(fx.requestsTo('/v1/links/bulk')).toHaveLength(0);
	});

	it('qr-codes-to-files: a PNG per link, named after its path, that reads back as its short URL', async () => {
		const run = await fx.engine.runWorkflow(loadExample('qr-codes-to-files.json'), fx.credentials);

		const items = outputOf(run, 'Shorten with a QR code');
		expect(items).toHaveLength(2);
		for (const item of items) {
			const binary = item.binary?.qrCode;
			expect(binary).toMatchObject({
				mimeType: 'image/png',
				fileName: `${String(item.json.path)}.png`,
			});
			expect(decodePng(Buffer.from(String(binary?.data), 'base64')).text).toBe(item.json.shortUrl);
		}
		expect(
			loadExample('qr-codes-to-files.json').nodes.find(
				(node) => node.type === 'n8n-nodes-base.readWriteFile',
			)?.disabled,
		).toBe(true);
	});

	it('export-clicks-to-file: one CSV file, a row per clicked link with its title, in creation order', async () => {
		const run = await fx.engine.runWorkflow(
			loadExample('export-clicks-to-file.json'),
			fx.credentials,
		);

		const [exported] = outputOf(run, 'Export clicks per link');
		expect(exported.json).toMatchObject({ groups: 3, clicks: 36, format: 'csv' });
		const text = Buffer.from(String(exported.binary?.data?.data), 'base64').toString('utf8');
		expect(parseCsv(text).map((row) => [row.value, row.clicks, row.title])).toEqual(
			SEEDED.ownLinks.map((link) => [link.id, String(link.clicks), link.title]),
		);
	});

	it('sync-sheet-by-short-url: rows named by short URL or path update their links', async () => {
		const run = await fx.engine.runWorkflow(
			loadExample('sync-sheet-by-short-url.json'),
			fx.credentials,
		);

		const updated = outputOf(run, 'Update by short URL or path').map((item) => [
			item.json.id,
			item.json.title,
		]);
		expect(updated).toEqual([
			[SEEDED.ownLinks[0].id, 'Spring sale 2025'],
			[SEEDED.ownLinks[1].id, 'Product launch (updated)'],
			[SEEDED.ownLinks[2].id, 'Docs home (updated)'],
		]);
		expect(fx.sandbox.links.get(SEEDED.ownLinks[0].id)?.longUrl).toBe(
			'https://shop.example.com/spring-sale?utm_campaign=spring-2025',
		);
		expect(fx.sandbox.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
			'POST /v1/links/list',
			'PATCH /public/links/bulk',
		]);
	});
});
