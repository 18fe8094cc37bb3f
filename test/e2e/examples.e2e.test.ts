/**
 * The example workflows in examples/*.json, imported and run unchanged (apart from the
 * credential id) by a real n8n against the sandbox.
 */
import { nodeItems } from '../../dev/n8n';
import { Destinations } from '../../dev/destinations/server';
import { linksToPages, WEEKLY_REPORT_PAGES } from '../helpers/localPages';
import { loadExamples, requestSummary, useN8nSuite } from './harness';
import { NODE_TYPE } from './workflows';

const suite = useN8nSuite();
const examples = loadExamples().map((example) => ({
	...example,
	handle: suite.workflow(example.json),
}));

// The broken-link report checks the account's pages: links to local pages keep it on 127.0.0.1.
let pages: Destinations;
beforeAll(async () => {
	pages = await Destinations.start();
});
afterAll(async () => await pages?.stop());

test('the examples folder holds example workflows', () => {
	expect(examples.map((e) => e.file)).not.toHaveLength(0);
	for (const { file, json } of examples) {
		expect({ file, firstNode: json.nodes[0]?.type }).toEqual({
			file,
			firstNode: 'n8n-nodes-base.manualTrigger',
		});
		expect({ file, usesNode: json.nodes.some((n) => n.type === NODE_TYPE) }).toEqual({
			file,
			usesNode: true,
		});
	}
});

describe.each(examples.map((e) => [e.file, e] as const))('example %s', (file, example) => {
	beforeEach(() => {
		if (file === 'weekly-broken-links.json')
			linksToPages(suite.sandbox, pages, WEEKLY_REPORT_PAGES);
	});
	test('runs successfully and every Link Shortener node outputs items', async () => {
		const run = await suite.executeOk(example.handle);
		const linkNodes = example.json.nodes.filter((n) => n.type === NODE_TYPE);
		for (const node of linkNodes) {
			const items = nodeItems(run, node.name);
			expect({ node: node.name, items: items.length > 0 }).toEqual({
				node: node.name,
				items: true,
			});
			for (const item of items) expect(item.error).toBeUndefined();
		}
		const requests = suite.sandbox.requests;
		// Check Destination asks the pages, not the API.
		const apiNodes = linkNodes.filter((n) => n.parameters.operation !== 'checkDestination');
		expect(requests.length).toBeGreaterThanOrEqual(apiNodes.length);
		const failed = requests.filter((r) => r.status < 200 || r.status >= 300);
		expect({
			failed: failed.map((r) => `${r.method} ${r.path} ${r.status}`),
			all: requestSummary(suite.sandbox),
		}).toEqual({
			failed: [],
			all: expect.any(Array),
		});
		expect(requests.every((r) => r.headers['x-api-key'] === suite.sandbox.apiKey)).toBe(true);
	});
});

test('weekly-broken-links: one summary item of the two broken pages, each checked with HEAD', async () => {
	const example = examples.find((e) => e.file === 'weekly-broken-links.json')!;
	const links = linksToPages(suite.sandbox, pages, WEEKLY_REPORT_PAGES);
	pages.reset();
	const run = await suite.executeOk(example.handle);

	expect(nodeItems(run, 'One summary')).toEqual([
		{
			broken: 2,
			text: [
				`${links[2].shortUrl} → ${pages.url('/no-location')}: badRedirect 302`,
				`${links[1].shortUrl} → ${pages.url('/status/404')}: httpStatus 404`,
			].join('\n'),
		},
	]);
	expect(
		pages.requests
			.filter((r) => r.method === 'HEAD')
			.map((r) => r.path)
			.sort(),
	).toEqual([...WEEKLY_REPORT_PAGES].sort());
});
