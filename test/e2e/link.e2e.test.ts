/**
 * Link operations (create, get, getMany, update), Continue On Fail and a wrong API key, run by a
 * real n8n (`n8n execute`) with the packed package installed, against the in-process sandbox.
 * Asserts on n8n's run output and on the sandbox's request log.
 */
import { nodeError, nodeItems } from '../../dev/n8n';
import { SEEDED } from '../../dev/sandbox/server';
import { WRONG_API_KEY, requestSummary, suiteQueries, useN8nSuite } from './harness';
import { LINK_NODE, WRONG_KEY_CREDENTIAL_NAME, linkWorkflow, locator } from './workflows';

const PAGE_SIZE_CAP = 10;
const suite = useN8nSuite({ sandbox: { pageSizeCap: PAGE_SIZE_CAP } });
const { apiRequests, linksBy } = suiteQueries(suite);
const [own0, own1, own2] = SEEDED.ownLinks;

const wf = {
	linkCreate: suite.workflow(
		linkWorkflow('e2e link create', {
			resource: 'link',
			operation: 'create',
			longUrl: 'https://example.com/e2e/create',
			title: 'E2E create',
			additionalFields: {
				domain: SEEDED.verifiedDomain.id,
				path: 'e2e-create',
				tags: 'spring, promo',
				expiredAt: '2031-05-01T10:00:00.000Z',
			},
		}),
	),
	linkCreateLegacy: suite.workflow(
		linkWorkflow('e2e link create legacy paths', {
			resource: 'link',
			operation: 'create',
			longUrl: 'https://example.com/e2e/legacy',
			title: 'E2E legacy',
			options: { apiPaths: 'legacy' },
		}),
	),
	linkGetByUrlAsPasted: suite.workflow(
		linkWorkflow('e2e link get by a short URL as pasted', {
			resource: 'link',
			operation: 'get',
			linkId: locator(
				`http://${SEEDED.defaultDomain.domainName.toUpperCase()}/${own0.path}/?utm_source=mail#top`,
				'url',
			),
		}),
	),
	linkGetTimeout: suite.workflow(
		linkWorkflow('e2e link get with Request Options > Timeout', {
			resource: 'link',
			operation: 'get',
			linkId: locator(own0.id, 'id'),
			requestOptions: { timeout: 300 },
		}),
	),
	linkGetById: suite.workflow(
		linkWorkflow('e2e link get by id', {
			resource: 'link',
			operation: 'get',
			linkId: locator(own0.id, 'id'),
		}),
	),
	linkGetByUrl: suite.workflow(
		linkWorkflow('e2e link get by url', {
			resource: 'link',
			operation: 'get',
			linkId: locator(`https://${SEEDED.defaultDomain.domainName}/${own0.path}`, 'url'),
		}),
	),
	linkGetManyFiltered: suite.workflow(
		linkWorkflow('e2e link getMany filtered', {
			resource: 'link',
			operation: 'getMany',
			returnAll: false,
			limit: 10,
			filters: { createdAfter: '2024-02-01', createdBefore: '2024-12-31' },
			sort: { field: 'title', direction: 'asc' },
		}),
	),
	linkGetManyAll: suite.workflow(
		linkWorkflow('e2e link getMany returnAll', {
			resource: 'link',
			operation: 'getMany',
			returnAll: true,
		}),
	),
	linkGetManyLimit: suite.workflow(
		linkWorkflow('e2e link getMany limit 15', {
			resource: 'link',
			operation: 'getMany',
			returnAll: false,
			limit: 15,
		}),
	),
	linkUpdate: suite.workflow(
		linkWorkflow('e2e link update', {
			resource: 'link',
			operation: 'update',
			linkId: locator(own1.id, 'id'),
			updateFields: { title: 'Updated by e2e', tags: 'alpha, beta' },
		}),
	),
	continueOnFail: suite.workflow(
		linkWorkflow(
			'e2e continue on fail',
			{
				resource: 'link',
				operation: 'create',
				longUrl: '={{ $json.url }}',
				title: '={{ $json.name }}',
			},
			{
				onError: 'continueRegularOutput',
				rows: [
					{ url: 'https://example.com/cof/good-1', name: 'good 1' },
					{ url: 'not a url', name: 'bad row' },
					{ url: 'https://example.com/cof/good-2', name: 'good 2' },
				],
			},
		),
	),
	wrongKey: suite.workflow(
		linkWorkflow(
			'e2e wrong key',
			{ resource: 'domain', operation: 'getMany', returnAll: true },
			{ credentialName: WRONG_KEY_CREDENTIAL_NAME },
		),
	),
};

describe('link', () => {
	test('create: sends the contract body (domain, path, tags, expiry) and outputs the new link', async () => {
		const run = await suite.executeOk(wf.linkCreate);
		const items = nodeItems(run, LINK_NODE);
		expect(items).toHaveLength(1);
		expect(items[0]).toMatchObject({
			longUrl: 'https://example.com/e2e/create',
			title: 'E2E create',
			path: 'e2e-create',
		});
		expect(String(items[0].shortUrl)).toBe(
			`https://${SEEDED.verifiedDomain.domainName}/e2e-create`,
		);

		const posts = apiRequests('POST', /^\/v1\/links\/?$/);
		expect(posts).toHaveLength(1);
		expect(posts[0].status).toBe(200);
		expect(posts[0].headers['x-api-key']).toBe(suite.sandbox.apiKey);
		expect(posts[0].body).toMatchObject({
			longUrl: 'https://example.com/e2e/create',
			title: 'E2E create',
			domain: SEEDED.verifiedDomain.id,
			path: 'e2e-create',
			tags: [{ name: 'spring' }, { name: 'promo' }],
		});
		expect(new Date(String((posts[0].body as { expiredAt: string }).expiredAt)).toISOString()).toBe(
			'2031-05-01T10:00:00.000Z',
		);
		expect(linksBy((l) => l.longUrl === 'https://example.com/e2e/create')).toHaveLength(1);
	});

	test('create with options.apiPaths = legacy uses POST /public/links', async () => {
		const run = await suite.executeOk(wf.linkCreateLegacy);
		expect(nodeItems(run, LINK_NODE)).toEqual([
			expect.objectContaining({ longUrl: 'https://example.com/e2e/legacy' }),
		]);
		expect(requestSummary(suite.sandbox)).toEqual(['POST /public/links 200']);
	});

	test('get by id', async () => {
		const run = await suite.executeOk(wf.linkGetById);
		const items = nodeItems(run, LINK_NODE);
		expect(items).toHaveLength(1);
		expect(items[0]).toMatchObject({ id: own0.id, title: own0.title, longUrl: own0.longUrl });
		expect(requestSummary(suite.sandbox)).toContain(`GET /v1/links/${own0.id} 200`);
	});

	test('get by short URL (resource locator mode url)', async () => {
		const run = await suite.executeOk(wf.linkGetByUrl);
		const items = nodeItems(run, LINK_NODE);
		expect(items).toHaveLength(1);
		expect(items[0]).toMatchObject({ id: own0.id, title: own0.title });
		expect(suite.sandbox.requests.length).toBeGreaterThanOrEqual(1);
		expect(suite.sandbox.requests.every((r) => r.status === 200)).toBe(true);
	});

	test('get by a short URL as people paste it: http, the host in capitals, a slash, a query and a fragment (D14)', async () => {
		const run = await suite.executeOk(wf.linkGetByUrlAsPasted);
		expect(nodeItems(run, LINK_NODE).map((item) => item.id)).toEqual([own0.id]);
		expect(requestSummary(suite.sandbox)).toContain(`GET /v1/links/${own0.id} 200`);
	});

	test("Request Options > Timeout, as n8n hands it to the node's own code: a late answer fails the run at once", async () => {
		suite.sandbox.injectFault({
			method: 'GET',
			path: `/v1/links/${own0.id}`,
			fault: { kind: 'delay', ms: 5_000 },
		});
		const result = await suite.execute(wf.linkGetTimeout);
		expect(result.ok).toBe(false);
		const error = nodeError(result.run, LINK_NODE) ?? result.run?.data.resultData.error;
		expect(`${error?.message ?? ''} ${error?.description ?? ''}`).toMatch(/timeout|aborted/i);
		const task = result.run?.data.resultData.runData[LINK_NODE]?.[0];
		expect(task?.executionTime).toBeLessThan(4_000);
	});

	test('getMany with filters and sort', async () => {
		const run = await suite.executeOk(wf.linkGetManyFiltered);
		const items = nodeItems(run, LINK_NODE);
		// own links created on/after 2024-02-01: "Docs home", "Product launch" (title ascending)
		expect(items.map((i) => i.title)).toEqual([own2.title, own1.title]);
		const lists = apiRequests('POST', '/v1/links/list');
		expect(lists.length).toBeGreaterThanOrEqual(1);
		expect(lists[0].body).toMatchObject({
			createdAt: { after: '2024-02-01', before: '2024-12-31' },
			order: { title: 'asc' },
		});
	});

	test(`getMany returnAll pages past the server's page cap (${PAGE_SIZE_CAP})`, async () => {
		suite.sandbox.addLinks(25);
		const run = await suite.executeOk(wf.linkGetManyAll);
		const items = nodeItems(run, LINK_NODE);
		const visible = SEEDED.ownLinks.length + 25;
		expect(items).toHaveLength(visible);
		expect(new Set(items.map((i) => i.id)).size).toBe(visible);
		const lists = apiRequests('POST', '/v1/links/list');
		expect(lists.length).toBeGreaterThanOrEqual(Math.ceil(visible / PAGE_SIZE_CAP));
		expect(lists.every((r) => r.status === 200)).toBe(true);
	});

	test('getMany with a limit above the page cap still returns `limit` items', async () => {
		suite.sandbox.addLinks(25);
		const run = await suite.executeOk(wf.linkGetManyLimit);
		const items = nodeItems(run, LINK_NODE);
		expect(items).toHaveLength(15);
		expect(new Set(items.map((i) => i.id)).size).toBe(15);
		expect(apiRequests('POST', '/v1/links/list').length).toBeGreaterThanOrEqual(2);
	});

	test('update sends one element to PATCH /public/links/bulk', async () => {
		const run = await suite.executeOk(wf.linkUpdate);
		const items = nodeItems(run, LINK_NODE);
		expect(items).toHaveLength(1);
		expect(items[0]).toMatchObject({ id: own1.id });
		const patches = apiRequests('PATCH', '/public/links/bulk');
		expect(patches).toHaveLength(1);
		expect(patches[0].status).toBe(200);
		expect(patches[0].body).toEqual([
			expect.objectContaining({
				id: own1.id,
				title: 'Updated by e2e',
				tags: [{ name: 'alpha' }, { name: 'beta' }],
			}),
		]);
		expect(suite.sandbox.links.get(own1.id)?.title).toBe('Updated by e2e');
	});
});
describe('errors', () => {
	test('Continue On Fail: a bad row becomes an error item, the other rows still run', async () => {
		const run = await suite.executeOk(wf.continueOnFail);
		const items = nodeItems(run, LINK_NODE);
		expect(items).toHaveLength(3);
		expect(items[0]).toMatchObject({ longUrl: 'https://example.com/cof/good-1' });
		expect(items[1].error).toBeTruthy();
		expect(JSON.stringify(items[1].error)).toMatch(/url/i);
		expect(items[2]).toMatchObject({ longUrl: 'https://example.com/cof/good-2' });
		expect(linksBy((l) => l.longUrl.startsWith('https://example.com/cof/'))).toHaveLength(2);
		expect(linksBy((l) => l.longUrl === 'not a url')).toHaveLength(0);
	});

	test('a wrong API key fails the run with a clear 401 error', async () => {
		const result = await suite.execute(wf.wrongKey);
		expect(result.ok).toBe(false);
		expect(result.run).toBeDefined();
		const error = nodeError(result.run, LINK_NODE) ?? result.run?.data.resultData.error;
		expect(error).toBeDefined();
		const text = `${error?.message ?? ''} ${error?.description ?? ''}`;
		expect(text).toMatch(/401|unauthori[sz]ed|api key/i);
		expect(suite.sandbox.requests.length).toBeGreaterThanOrEqual(1);
		expect(
			suite.sandbox.requests.every(
				(r) => r.headers['x-api-key'] === WRONG_API_KEY && r.status === 401,
			),
		).toBe(true);
	});
});
