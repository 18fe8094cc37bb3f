/* eslint-disable no-console -- tests, not loaded by n8n */
/**
 * Return All over a slow network, through a real n8n (`n8n execute`) with the packed package
 * installed: the sandbox answers every request 50 ms late and serves at most 50 links a page.
 * Every link comes once, in the server's order, with one request per page. No timing is
 * asserted (the speed is measured by `npm run bench`).
 */
import { nodeItems } from '../../dev/n8n';
import { suiteQueries, useN8nSuite } from './harness';
import { LINK_NODE, linkWorkflow } from './workflows';

const LATENCY_MS = 50;
const PAGE_SIZE_CAP = 50;
const ADDED_LINKS = 2_000;

const suite = useN8nSuite({ sandbox: { pageSizeCap: PAGE_SIZE_CAP, latencyMs: LATENCY_MS } });
const { apiRequests } = suiteQueries(suite);

const returnAll = suite.workflow(
	linkWorkflow('e2e network returnAll', {
		resource: 'link',
		operation: 'getMany',
		returnAll: true,
	}),
);

/** The link ids in the server's own order (newest first), read page by page without latency. */
async function serverOrder(): Promise<string[]> {
	const { sandbox } = suite;
	sandbox.setLatency(0);
	const ids: string[] = [];
	for (let page = 1; page <= 1_000; page++) {
		const response = await fetch(`${sandbox.baseUrl}/v1/links/list`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'x-api-key': sandbox.apiKey },
			body: JSON.stringify({ page, itemsPerPage: PAGE_SIZE_CAP }),
		});
		const body = (await response.json()) as {
			data: { items: Array<{ id: string }>; total: number };
		};
		ids.push(...body.data.items.map((link) => link.id));
		if (body.data.items.length === 0 || ids.length >= body.data.total) break;
	}
	sandbox.setLatency(LATENCY_MS);
	sandbox.clearRequests();
	return ids;
}

describe(`Return All at ${LATENCY_MS} ms latency, page cap ${PAGE_SIZE_CAP}`, () => {
	test(`${ADDED_LINKS} links: each once, in the server's order, one request per page`, async () => {
		suite.sandbox.addLinks(ADDED_LINKS);
		const expected = await serverOrder();
		expect(expected.length).toBeGreaterThanOrEqual(ADDED_LINKS);
		expect(suite.sandbox.requests).toEqual([]);

		const run = await suite.executeOk(returnAll);

		const ids = nodeItems(run, LINK_NODE).map((item) => String(item.id));
		expect(ids).toHaveLength(expected.length);
		expect(new Set(ids).size).toBe(expected.length);
		expect(ids).toEqual(expected);

		const lists = apiRequests('POST', '/v1/links/list');
		const pages = Math.ceil(expected.length / PAGE_SIZE_CAP);
		console.log(
			`network: ${expected.length} links, ${lists.length} list requests (${pages} pages), at most ${suite.sandbox.maxInFlight} in flight`,
		);
		expect(lists.every((r) => r.status === 200)).toBe(true);
		expect(lists.length).toBeGreaterThanOrEqual(pages);
		expect(lists.length).toBeLessThanOrEqual(pages + 1);
		expect(suite.sandbox.requests).toHaveLength(lists.length);
	});
});
