import { sleep, type IDataObject, type INodeParameters } from 'n8n-workflow';

import { Destinations } from '../../dev/destinations/server';
import { PACKAGE_VERSION } from '../../nodes/LinkShortener/http/endpoints';
import { getFreePort } from '../../dev/n8n';
import { loadedAsN8nDoes } from '../helpers/bulk';
import { NODE_TYPE, TOOL_TYPE, useLinkShortener } from '../helpers/fixture';

const check = (options: INodeParameters = {}, url = '={{ $json.longUrl }}'): INodeParameters => ({
	resource: 'link',
	operation: 'checkDestination',
	url,
	options,
});
const destinationOf = (json: IDataObject) => json.destination as IDataObject;

describe('Link > Check Destination (D19)', () => {
	const ls = useLinkShortener();
	let pages: Destinations;
	beforeAll(async () => {
		pages = await Destinations.start();
	});
	afterAll(async () => await pages?.stop());
	beforeEach(() => pages.reset());

	const run = async (urls: string[], options: INodeParameters = {}, extra = {}) =>
		await ls.run(
			check(options),
			urls.map((longUrl, i) => ({ id: `link-${i}`, longUrl })),
			extra,
		);

	it('a page that answers: the item keeps its fields and gets destination, with one HEAD and the User-Agent', async () => {
		const { items, error } = await run([pages.url('/ok')]);

		expect(error).toBeUndefined();
		expect(items[0].json).toEqual({
			id: 'link-0',
			longUrl: pages.url('/ok'),
			destination: {
				url: pages.url('/ok'),
				ok: true,
				status: 200,
				finalUrl: pages.url('/ok'),
				redirects: 0,
				ms: expect.any(Number),
				problem: null,
			},
		});
		expect(pages.requests.map((r) => [r.method, r.path])).toEqual([['HEAD', '/ok']]);
		expect(pages.requests[0].headers['user-agent']).toBe(
			`n8n-nodes-link-shortener/${PACKAGE_VERSION} (destination check)`,
		);
		// the API key and the credential stay with the API
		expect(JSON.stringify(pages.requests.map((r) => r.headers))).not.toContain(ls.sandbox.apiKey);
		expect(pages.requests[0].headers['x-api-key']).toBeUndefined();
		expect(ls.sandbox.requests).toHaveLength(0);
	});

	it.each([
		['/status/404', { ok: false, status: 404, problem: 'httpStatus', redirects: 0 }],
		['/status/500', { ok: false, status: 500, problem: 'httpStatus', redirects: 0 }],
		['/loop/a', { ok: false, status: 302, problem: 'redirectLoop', redirects: 1 }],
		['/chain/12', { ok: false, status: 302, problem: 'tooManyRedirects', redirects: 10 }],
		['/chain/3', { ok: true, status: 200, problem: null, redirects: 3 }],
		['/no-location', { ok: false, status: 302, problem: 'badRedirect', redirects: 0 }],
		['/head-405', { ok: true, status: 200, problem: null, redirects: 0 }],
		['/head-closed', { ok: true, status: 200, problem: null, redirects: 0 }],
	])('%s: %o', async (path, expected) => {
		const { items, error } = await run([pages.url(path)]);

		expect(error).toBeUndefined();
		expect(destinationOf(items[0].json)).toMatchObject(expected);
	});

	it('a redirect to another host and a relative one are followed, and the final URL told', async () => {
		const { items } = await run([pages.url('/to-other'), pages.url('/relative')]);

		expect(items.map((item) => destinationOf(item.json))).toMatchObject([
			{ ok: true, status: 200, finalUrl: pages.otherUrl('/ok'), redirects: 1 },
			{ ok: true, status: 200, finalUrl: pages.url('/ok'), redirects: 1 },
		]);
	});

	it('HEAD refused with 405: one GET decides, and a huge body is not read', async () => {
		const { items } = await run([pages.url('/huge')]);

		expect(destinationOf(items[0].json)).toMatchObject({ ok: true, status: 200 });
		expect(pages.requests.map((r) => r.method)).toEqual(['HEAD', 'GET']);
		// the server stops writing once the node has closed the answer (its socket buffers aside)
		await sleep(200);
		expect(pages.hugeBytesSent).toBeLessThan(20 * 2 ** 20);
	});

	it('a closed port, an unknown host, TLS to a plain server, a slow page: connection, dns, tls, timeout', async () => {
		const closedPort = await getFreePort();
		const { items } = await run(
			[
				`http://127.0.0.1:${closedPort}/`,
				'http://no-such-host.invalid/',
				`https://127.0.0.1:${pages.port}/ok`,
				pages.url('/slow/3000'),
			],
			{ timeout: 1 },
		);

		expect(items.map((item) => destinationOf(item.json))).toMatchObject([
			{ ok: false, status: null, problem: 'connection' },
			{ ok: false, status: null, problem: 'dns' },
			{ ok: false, status: null, problem: 'tls' },
			{ ok: false, status: null, problem: 'timeout' },
		]);
		const slow = destinationOf(items[3].json);
		expect(slow.ms).toBeGreaterThanOrEqual(900);
		expect(slow.ms).toBeLessThan(2_500);
	});

	it('a URL that is not absolute http(s) is invalidUrl, with no request', async () => {
		const { items } = await run(['/relative/path', 'ftp://example.com/file', 'example.com']);

		expect(items.map((item) => destinationOf(item.json))).toEqual(
			Array.from({ length: 3 }, (_, i) => ({
				url: ['/relative/path', 'ftp://example.com/file', 'example.com'][i],
				ok: false,
				status: null,
				finalUrl: null,
				redirects: 0,
				ms: null,
				problem: 'invalidUrl',
			})),
		);
		expect(pages.requests).toHaveLength(0);
	});

	it('at most 8 checks in flight and 2 requests per host; the same URL (spaces trimmed) is fetched once', async () => {
		const urls = [
			...Array.from({ length: 10 }, (_, i) => pages.url(`/slow/150?${i}`)),
			...Array.from({ length: 10 }, (_, i) => pages.otherUrl(`/slow/150?${i}`)),
			` ${pages.url('/slow/150?0')} `,
		];
		const { items } = await run(urls);

		expect(items).toHaveLength(21);
		expect(pages.requests).toHaveLength(20);
		expect(Math.max(...pages.maxInFlight.values())).toBe(2);
		expect(pages.maxInFlightInAll).toBeLessThanOrEqual(8);
	});

	it("the send's bounds: exactly 8 checks in flight over six hosts, 2 a host, and the items out in input order", async () => {
		const inAll = { now: 0, most: 0 };
		const servers = await Promise.all([1, 2, 3].map(async () => await Destinations.start(inAll)));
		try {
			const hosts = servers.flatMap((server) => [
				server.url.bind(server),
				server.otherUrl.bind(server),
			]);
			const urls = hosts.flatMap((url, h) => [0, 1, 2].map((i) => url(`/slow/200?${h}-${i}`)));

			const { items, error } = await run(urls);

			expect(error).toBeUndefined();
			expect(items.map((item) => destinationOf(item.json).url)).toEqual(urls);
			expect(items.map((item) => item.pairedItem)).toEqual(urls.map((_url, item) => ({ item })));
			const perHost = servers.flatMap((server) => [...server.maxInFlight.values()]);
			expect(perHost).toEqual([2, 2, 2, 2, 2, 2]);
			expect(inAll.most).toBe(8);
		} finally {
			await Promise.all(servers.map(async (server) => await server.stop()));
		}
	});

	it('Request Options > Batching paces the checks: one at a time, its pause after every so many', async () => {
		ls.engine.nodeTypes.register(NODE_TYPE, loadedAsN8nDoes());
		const requestOptions = { batching: { batch: { batchSize: 2, batchInterval: 300 } } };
		const urls = Array.from({ length: 4 }, (_, i) => pages.otherUrl(`/slow/50?${i}`));

		const { items } = await ls.run(
			{ ...check(), requestOptions },
			urls.map((longUrl) => ({ longUrl })),
		);

		expect(items.map((item) => destinationOf(item.json))).toMatchObject(
			urls.map((url) => ({ url, ok: true })),
		);
		expect(pages.maxInFlightInAll).toBe(1);
		const at = pages.requests.map((request) => request.at);
		expect(at[2] - at[1]).toBeGreaterThanOrEqual(280);
		expect(at[1] - at[0]).toBeLessThan(280);
	});

	it('a slow host holds only its own two slots: the pages of another host are checked at once', async () => {
		const started = Date.now();
		await run([
			...Array.from({ length: 10 }, (_, i) => pages.url(`/slow/600?${i}`)),
			...Array.from({ length: 6 }, (_, i) => pages.otherUrl(`/ok?${i}`)),
		]);

		const other = pages.requests.filter((r) => r.host.startsWith('localhost'));
		expect(other).toHaveLength(6);
		expect(Math.max(...other.map((r) => r.at)) - started).toBeLessThan(500);
	});

	it('Broken Only keeps only the broken', async () => {
		const { items } = await run([pages.url('/ok'), pages.url('/status/404')], { brokenOnly: true });

		expect(items.map((item) => item.json.longUrl)).toEqual([pages.url('/status/404')]);
		expect(items[0].pairedItem).toEqual({ item: 1 });
	});

	it('a missing URL is an error naming the field and the item, before any request', async () => {
		const { error } = await run([pages.url('/ok'), '']);

		expect(error?.message).toBe('Invalid URL in item 1: a URL is required');
		expect(pages.requests).toHaveLength(0);
	});

	it('under Continue On Fail, a missing URL is its paired error item and a dead page is a result', async () => {
		const { items, error } = await run(
			[pages.url('/status/404'), ''],
			{},
			{ continueOnFail: true },
		);

		expect(error).toBeUndefined();
		expect(destinationOf(items[0].json)).toMatchObject({ ok: false, problem: 'httpStatus' });
		expect(items[1].json.error).toBe('Invalid URL in item 1: a URL is required');
		expect(items[1].pairedItem).toEqual({ item: 1 });
	});

	it('as an AI tool: one URL per call, the destination object as the answer', async () => {
		const { items, error } = await ls.run(
			check({}, pages.url('/status/404')),
			[{ toolCallId: 'c' }],
			{
				type: TOOL_TYPE,
			},
		);

		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([
			{ destination: expect.objectContaining({ ok: false, status: 404, problem: 'httpStatus' }) },
		]);
	});
});
