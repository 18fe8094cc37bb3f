/**
 * Bulk > Create Many and Update Many, including a 10,001-row create, run by a real n8n (`n8n
 * execute`) with the packed package installed, against the in-process sandbox. Asserts on n8n's
 * run output and on the sandbox's request log.
 */
import { nodeItems } from '../../dev/n8n';
import { SEEDED } from '../../dev/sandbox/server';
import { suiteQueries, useN8nSuite } from './harness';
import { LINK_NODE, linkWorkflow } from './workflows';

const suite = useN8nSuite();
const { apiRequests, linksBy } = suiteQueries(suite);
const [own0, , own2] = SEEDED.ownLinks;

const wf = {
	bulkCreateDefineBelow: suite.workflow(
		linkWorkflow(
			'e2e bulk createMany defineBelow',
			{
				resource: 'bulk',
				operation: 'createMany',
				mappingMode: 'defineBelow',
				longUrl: '={{ $json.url }}',
				title: '={{ $json.name }}',
				additionalFields: { tags: '={{ $json.tags }}' },
			},
			{
				rows: [
					{ url: 'https://example.com/bulk/1', name: 'Bulk one', tags: 'bulk' },
					{ url: 'https://example.com/bulk/2', name: 'Bulk two', tags: 'bulk, two' },
					{ url: 'https://example.com/bulk/3', name: 'Bulk three', tags: 'bulk' },
				],
			},
		),
	),
	bulkCreate10001: suite.workflow(
		linkWorkflow(
			'e2e bulk createMany 10001 rows',
			{ resource: 'bulk', operation: 'createMany', mappingMode: 'autoMap' },
			{
				inputCode:
					'return Array.from({ length: 10001 }, (_, i) => ({ json: { longUrl: `https://example.com/many/${i}`, title: `Row ${i}` } }));',
			},
		),
	),
	bulkUpdateMany: suite.workflow(
		linkWorkflow(
			'e2e bulk updateMany',
			{
				resource: 'bulk',
				operation: 'updateMany',
				mappingMode: 'defineBelow',
				linkId: '={{ $json.id }}',
				updateFields: { title: '={{ $json.newTitle }}' },
			},
			{
				rows: [
					{ id: own0.id, newTitle: 'Bulk-updated 0' },
					{ id: own2.id, newTitle: 'Bulk-updated 2' },
				],
			},
		),
	),
};

describe('bulk', () => {
	test('createMany (defineBelow) sends the rows in one request', async () => {
		const run = await suite.executeOk(wf.bulkCreateDefineBelow);
		const items = nodeItems(run, LINK_NODE);
		expect(items).toHaveLength(3);
		const posts = apiRequests('POST', '/v1/links/bulk');
		expect(posts).toHaveLength(1);
		expect(posts[0].status).toBe(200);
		expect(posts[0].body).toEqual([
			expect.objectContaining({
				longUrl: 'https://example.com/bulk/1',
				title: 'Bulk one',
				tags: [{ name: 'bulk' }],
			}),
			expect.objectContaining({
				longUrl: 'https://example.com/bulk/2',
				title: 'Bulk two',
				tags: [{ name: 'bulk' }, { name: 'two' }],
			}),
			expect.objectContaining({ longUrl: 'https://example.com/bulk/3', title: 'Bulk three' }),
		]);
		expect(linksBy((l) => l.longUrl.startsWith('https://example.com/bulk/'))).toHaveLength(3);
	});

	test('createMany of 10,001 rows sends 2 requests (10,000 + 1)', async () => {
		const before = suite.sandbox.links.size;
		const run = await suite.executeOk(wf.bulkCreate10001);
		const items = nodeItems(run, LINK_NODE);
		expect(items).toHaveLength(10_001);
		const posts = apiRequests('POST', '/v1/links/bulk');
		expect(posts.map((r) => [r.bodyItems, r.status])).toEqual([
			[10_000, 200],
			[1, 200],
		]);
		expect(suite.sandbox.links.size - before).toBe(10_001);
	});

	test('updateMany (defineBelow) sends every row to PATCH /public/links/bulk', async () => {
		const run = await suite.executeOk(wf.bulkUpdateMany);
		const items = nodeItems(run, LINK_NODE);
		expect(items).toHaveLength(2);
		const patches = apiRequests('PATCH', '/public/links/bulk');
		expect(patches).toHaveLength(1);
		expect(patches[0].status).toBe(200);
		expect(patches[0].body).toEqual([
			expect.objectContaining({ id: own0.id, title: 'Bulk-updated 0' }),
			expect.objectContaining({ id: own2.id, title: 'Bulk-updated 2' }),
		]);
		expect(suite.sandbox.links.get(own0.id)?.title).toBe('Bulk-updated 0');
		expect(suite.sandbox.links.get(own2.id)?.title).toBe('Bulk-updated 2');
	});
});
