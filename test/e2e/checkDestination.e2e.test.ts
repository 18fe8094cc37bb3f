/**
 * Link > Check Destination (D19) in a real n8n (`n8n execute`): the pages behind the links are
 * a local server (dev/destinations) reached as two hosts; asserts each item's `destination`,
 * what the pages received (HEAD, one GET, the User-Agent, never the API key) and that the API
 * received nothing.
 */
import { getFreePort, nodeItems } from '../../dev/n8n';
import { Destinations } from '../../dev/destinations/server';
import { PACKAGE_VERSION } from '../../nodes/LinkShortener/http/endpoints';
import { useN8nSuite } from './harness';
import { INPUT_NODE, LINK_NODE, linkWorkflow, rowsCode } from './workflows';

let pages: Destinations;
let cases: Array<{ url: string; expected: Record<string, unknown> }> = [];
const workflow = linkWorkflow(
	'e2e check destination',
	{ resource: 'link', operation: 'checkDestination', options: { timeout: 2 } },
	{ inputCode: 'return [];' },
);

// Before the suite imports the workflow: the pages' port is known only once they listen.
beforeAll(async () => {
	pages = await Destinations.start();
	const closedPort = await getFreePort();
	cases = [
		[pages.url('/ok'), { ok: true, status: 200, problem: null, redirects: 0 }],
		[pages.url('/status/404'), { ok: false, status: 404, problem: 'httpStatus' }],
		[
			pages.url('/to-other'),
			{ ok: true, status: 200, redirects: 1, finalUrl: pages.otherUrl('/ok') },
		],
		[pages.url('/relative'), { ok: true, status: 200, redirects: 1, finalUrl: pages.url('/ok') }],
		[pages.url('/loop/a'), { ok: false, status: 302, problem: 'redirectLoop' }],
		[
			pages.url('/chain/12'),
			{ ok: false, status: 302, problem: 'tooManyRedirects', redirects: 10 },
		],
		[pages.url('/no-location'), { ok: false, status: 302, problem: 'badRedirect' }],
		[pages.url('/head-405'), { ok: true, status: 200 }],
		[pages.url('/huge'), { ok: true, status: 200 }],
		[pages.url('/slow/5000'), { ok: false, status: null, problem: 'timeout' }],
		[`http://127.0.0.1:${closedPort}/`, { ok: false, status: null, problem: 'connection' }],
		[`https://127.0.0.1:${pages.port}/ok`, { ok: false, status: null, problem: 'tls' }],
		['not a url', { ok: false, status: null, problem: 'invalidUrl', finalUrl: null, ms: null }],
	].map(([url, expected]) => ({
		url: url as string,
		expected: expected as Record<string, unknown>,
	}));
	const input = workflow.nodes.find((node) => node.name === INPUT_NODE)!;
	input.parameters = {
		...input.parameters,
		jsCode: rowsCode(cases.map(({ url }, i) => ({ id: `link-${i}`, longUrl: url }))),
	};
});
afterAll(async () => await pages?.stop());

const suite = useN8nSuite();
const handle = suite.workflow(workflow);

test('each item gets its destination; the pages get HEAD, one GET where HEAD failed, the User-Agent and never the key', async () => {
	const run = await suite.executeOk(handle);

	const items = nodeItems(run, LINK_NODE);
	expect(items.map((item) => item.longUrl)).toEqual(cases.map(({ url }) => url));
	items.forEach((item, i) =>
		expect({ url: item.longUrl, destination: item.destination }).toEqual({
			url: cases[i].url,
			destination: expect.objectContaining({ url: cases[i].url, ...cases[i].expected }),
		}),
	);
	expect(suite.sandbox.requests).toHaveLength(0);
	expect(pages.requests.every((r) => r.headers['x-api-key'] === undefined)).toBe(true);
	expect(JSON.stringify(pages.requests.map((r) => r.headers))).not.toContain(suite.sandbox.apiKey);
	expect(new Set(pages.requests.map((r) => r.headers['user-agent']))).toEqual(
		new Set([`n8n-nodes-link-shortener/${PACKAGE_VERSION} (destination check)`]),
	);
	const methodsOf = (path: string) =>
		pages.requests.filter((r) => r.path === path).map((r) => r.method);
	expect(methodsOf('/ok')).toEqual(['HEAD', 'HEAD', 'HEAD']); // itself, and at the end of two redirects
	expect(methodsOf('/head-405')).toEqual(['HEAD', 'GET']);
	expect(methodsOf('/huge')).toEqual(['HEAD', 'GET']);
	expect(pages.hugeBytesSent).toBeLessThan(20 * 2 ** 20);
});
