/**
 * The example workflows in examples/*.json, imported and run unchanged (apart from the
 * credential id) by a real n8n against the sandbox.
 */
import { nodeItems } from '../../dev/n8n';
import { loadExamples, requestSummary, useN8nSuite } from './harness';
import { NODE_TYPE } from './workflows';

const suite = useN8nSuite();
const examples = loadExamples().map((example) => ({
	...example,
	handle: suite.workflow(example.json),
}));

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

describe.each(examples.map((e) => [e.file, e] as const))('example %s', (_file, example) => {
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
		expect(requests.length).toBeGreaterThanOrEqual(linkNodes.length);
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
