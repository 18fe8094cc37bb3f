/**
 * Analytics > Get Clicks and Domain > Get Many, run by a real n8n (`n8n execute`) with the
 * packed package installed, against the in-process sandbox. Asserts on n8n's run output and on
 * the sandbox's request log.
 */
import { nodeItems } from '../../dev/n8n';
import { SEEDED } from '../../dev/sandbox/server';
import { suiteQueries, useN8nSuite } from './harness';
import { LINK_NODE, linkWorkflow } from './workflows';

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
