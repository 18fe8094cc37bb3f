/**
 * Analytics > Get Clicks, Export Clicks and Domain > Get Many, run by a real n8n
 * (`n8n execute`) with the packed package installed, against the in-process sandbox. Asserts
 * on n8n's run output and on the sandbox's request log; Export Clicks' file read back by n8n's
 * Extract From File.
 */
import { nodeItems } from '../../dev/n8n';
import { SEEDED } from '../../dev/sandbox/server';
import { pairedOutput, suiteQueries, useN8nSuite } from './harness';
import {
	chainWorkflow,
	CREDENTIAL_NAME,
	CREDENTIAL_TYPE,
	LINK_NODE,
	linkWorkflow,
	NODE_TYPE,
	workflowNode,
} from './workflows';

const PAGE_SIZE_CAP = 10;
const suite = useN8nSuite({ sandbox: { pageSizeCap: PAGE_SIZE_CAP } });
const { apiRequests } = suiteQueries(suite);
const [own0] = SEEDED.ownLinks;
const OWN_CLICKS = SEEDED.ownLinks.reduce((sum, link) => sum + link.clicks, 0);

const wf = {
	analyticsByCountry: suite.workflow(
		linkWorkflow('e2e analytics getClicks by country', {
			resource: 'analytics',
			operation: 'getClicks',
			groupBy: 'country',
		}),
	),
	analyticsWithQuery: suite.workflow(
		linkWorkflow('e2e analytics getClicks with query parameters', {
			resource: 'analytics',
			operation: 'getClicks',
			groupBy: 'day',
			queryParameters: {
				parameter: [
					{ name: 'from', value: '2024-03-01' },
					{ name: 'link_id', value: own0.id },
				],
			},
		}),
	),
	exportClicksToRows: suite.workflow(
		chainWorkflow('e2e Export Clicks → Extract From File', [
			workflowNode('Manual Trigger', 'n8n-nodes-base.manualTrigger', 1, {}),
			{
				...workflowNode('Export Clicks', NODE_TYPE, 1, {
					resource: 'analytics',
					operation: 'exportClicks',
					groupBy: 'link',
					options: { linkDetails: true },
				}),
				credentials: { [CREDENTIAL_TYPE]: { id: null, name: CREDENTIAL_NAME } },
			},
			workflowNode('Extract From File', 'n8n-nodes-base.extractFromFile', 1.1, {
				operation: 'csv',
				options: {},
			}),
		]),
	),
	domainGetManyAll: suite.workflow(
		linkWorkflow('e2e domain getMany returnAll', {
			resource: 'domain',
			operation: 'getMany',
			returnAll: true,
		}),
	),
	domainGetManyVerified: suite.workflow(
		linkWorkflow('e2e domain getMany verified', {
			resource: 'domain',
			operation: 'getMany',
			returnAll: true,
			filters: { status: 1 },
		}),
	),
};

describe('analytics', () => {
	test('getClicks grouped by country: one item per group, all own clicks counted', async () => {
		const run = await suite.executeOk(wf.analyticsByCountry);
		const items = nodeItems(run, LINK_NODE);
		expect(items.length).toBeGreaterThan(1);
		expect(items.reduce((sum, i) => sum + Number(i.clicks), 0)).toBe(OWN_CLICKS);
		const gets = apiRequests('GET', '/v1/analytics/clicks');
		expect(gets).toHaveLength(1);
		expect(gets[0].query).toMatchObject({ group_by: 'country' });
		expect(gets[0].status).toBe(200);
	});

	test('getClicks passes extra query parameters through', async () => {
		const run = await suite.executeOk(wf.analyticsWithQuery);
		const items = nodeItems(run, LINK_NODE);
		expect(items.length).toBeGreaterThan(0);
		const gets = apiRequests('GET', '/v1/analytics/clicks');
		expect(gets).toHaveLength(1);
		expect(gets[0].query).toMatchObject({ group_by: 'day', from: '2024-03-01', link_id: own0.id });
		expect(gets[0].status).toBe(200);
	});

	test('exportClicks → Extract From File: a row per clicked link in creation order with its details, the deleted link last', async () => {
		const added = suite.sandbox.addLinks(25);
		added[3].title = '=1+1, "quoted"';
		for (const i of [3, 12, 24]) suite.sandbox.addClicks(added[i].id, i + 1);
		suite.sandbox.deleteLinks([added[12].id]);
		suite.sandbox.clearRequests();

		const run = await suite.executeOk(wf.exportClicksToRows);

		const [exported] = pairedOutput(run, 'Export Clicks');
		expect(exported.json).toEqual({
			groups: 6,
			clicks: OWN_CLICKS + 4 + 13 + 25,
			format: 'csv',
			fileName: expect.stringMatching(/^clicks-link-\d{4}-\d{2}-\d{2}\.csv$/),
			bytes: expect.any(Number),
		});
		const rows = pairedOutput(run, 'Extract From File').map((item) => item.json);
		expect(rows.map((row) => [row.groupBy, row.value, row.clicks, row.linkFound])).toEqual([
			...SEEDED.ownLinks.map((link) => ['link', link.id, String(link.clicks), 'true']),
			['link', added[3].id, '4', 'true'],
			['link', added[24].id, '25', 'true'],
			['link', added[12].id, '13', 'false'],
		]);
		expect(rows[3]).toMatchObject({
			shortUrl: added[3].shortUrl,
			longUrl: added[3].longUrl,
			title: `'=1+1, "quoted"`,
		});
		expect(apiRequests('GET', '/v1/analytics/clicks')).toHaveLength(1);
		// 27 links listed oldest first, a page of PAGE_SIZE_CAP at a time
		const lists = apiRequests('POST', '/v1/links/list');
		expect(lists.map((r) => (r.body as { order?: unknown }).order)).toEqual(
			Array(Math.ceil(27 / PAGE_SIZE_CAP)).fill({ createdAt: 'asc' }),
		);
	});
});
describe('domain', () => {
	test(`getMany returnAll pages past the page cap (${PAGE_SIZE_CAP})`, async () => {
		suite.sandbox.addDomains(12);
		const run = await suite.executeOk(wf.domainGetManyAll);
		const items = nodeItems(run, LINK_NODE);
		expect(items).toHaveLength(5 + 12);
		expect(items.map((d) => d.domainName)).toEqual(
			expect.arrayContaining([SEEDED.defaultDomain.domainName, SEEDED.status6Domain.domainName]),
		);
		expect(apiRequests('GET', '/v1/domains').length).toBeGreaterThanOrEqual(2);
	});

	test('getMany with the status filter', async () => {
		const run = await suite.executeOk(wf.domainGetManyVerified);
		const items = nodeItems(run, LINK_NODE);
		expect(items.map((d) => d.domainName).sort()).toEqual(
			[SEEDED.verifiedDomain.domainName, SEEDED.defaultDomain.domainName].sort(),
		);
		const gets = apiRequests('GET', '/v1/domains');
		expect(gets.length).toBeGreaterThanOrEqual(1);
		expect(gets[0].query).toMatchObject({ status: '1' });
	});
});
