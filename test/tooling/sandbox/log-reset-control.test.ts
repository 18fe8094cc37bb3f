import { SANDBOX_API_KEY, SEEDED, Sandbox } from '../../../dev/sandbox/server';
import { call, control, sandbox, useSandbox, type Json } from './client';

useSandbox();

describe('request log', () => {
	it('records API requests with method, path, query, lower-case headers, body and status', async () => {
		await call('GET', '/v1/domains?status=1&page=1');
		await call('POST', '/v1/links/', { longUrl: 'https://example.com/log' }, { key: 'wrong' });
		await control('GET', '/requests');
		expect(sandbox.requests).toHaveLength(2);
		expect(sandbox.requests[0]).toMatchObject({
			method: 'GET',
			path: '/v1/domains',
			query: { status: '1', page: '1' },
			status: 200,
		});
		expect(sandbox.requests[0].headers['x-api-key']).toBe(SANDBOX_API_KEY);
		expect(sandbox.requests[1]).toMatchObject({
			method: 'POST',
			path: '/v1/links/',
			body: { longUrl: 'https://example.com/log' },
			status: 401,
		});
		expect(Math.abs(sandbox.requests[1].at - Date.now())).toBeLessThan(10_000);
		sandbox.clearRequests();
		expect(sandbox.requests).toHaveLength(0);
	});

	it('keeps bodies out of the log when logBodies is false, and honours the options', async () => {
		const light = await Sandbox.start({
			logBodies: false,
			pageSizeCap: 10,
			seedLinks: 15,
			apiKey: 'other-key',
			rateLimit: null,
		});
		try {
			const headers = { 'content-type': 'application/json', 'x-api-key': 'other-key' };
			const bulk = await fetch(`${light.baseUrl}/v1/links/bulk`, {
				method: 'POST',
				headers,
				body: JSON.stringify([
					{ longUrl: 'https://example.com/1' },
					{ longUrl: 'https://example.com/2' },
				]),
			});
			expect(bulk.status).toBe(200);
			expect(bulk.headers.get('x-ratelimit-limit-second')).toBeNull();
			expect(light.requests[0].body).toBeUndefined();
			expect(light.requests[0].bodyItems).toBe(2);
			const listed: Json = await (
				await fetch(`${light.baseUrl}/v1/links/list`, {
					method: 'POST',
					headers,
					body: JSON.stringify({ itemsPerPage: 50 }),
				})
			).json();
			expect(listed.data.total).toBe(20);
			expect(listed.data.items).toHaveLength(10);
			light.reset();
			expect(light.links.size).toBe(20);
		} finally {
			await light.stop();
		}
	});
});

describe('reset', () => {
	it('returns to the seeded state', async () => {
		const seededIds = [...sandbox.links.keys()];
		await call('POST', '/v1/links/', { longUrl: 'https://example.com/temp' });
		await call('PATCH', '/public/links/bulk', [{ id: SEEDED.ownLinks[0].id, title: 'Changed' }]);
		sandbox.addDomains(3);
		sandbox.injectFault({ fault: { kind: 'status', status: 500 } });
		sandbox.reset();
		expect([...sandbox.links.keys()]).toEqual(seededIds);
		expect(sandbox.links.get(SEEDED.ownLinks[0].id)?.title).toBe('Spring campaign');
		expect(sandbox.domains).toHaveLength(5);
		expect(sandbox.requests).toHaveLength(0);
		expect((await call('GET', '/v1/domains')).status).toBe(200);
	});
});

describe('control endpoints', () => {
	it('wrap the class methods over HTTP', async () => {
		expect(
			(
				await control('POST', '/faults', {
					path: '/v1/domains',
					fault: { kind: 'status', status: 502 },
				})
			).status,
		).toBe(200);
		expect((await call('GET', '/v1/domains')).status).toBe(502);
		const log = await control('GET', '/requests');
		expect(log.body).toHaveLength(1);
		expect(log.body[0]).toMatchObject({
			method: 'GET',
			path: '/v1/domains',
			status: 502,
			fault: 'status',
		});
		await control('DELETE', '/requests');
		expect(sandbox.requests).toHaveLength(0);

		const added = await control('POST', '/links', { count: 3, fields: { title: 'From control' } });
		expect(added.body).toHaveLength(3);
		expect((await call('POST', '/v1/links/list', { search: 'From control' })).body.data.total).toBe(
			3,
		);
		const domains = await control('POST', '/domains', { count: 2, status: 4 });
		expect(domains.body.map((domain: Json) => domain.status)).toEqual([4, 4]);

		await control('POST', '/rate-limit', { perSecond: 1, perMinute: 5 });
		const limited = await call('POST', '/v1/links/bulk', [{ longUrl: 'https://example.com/c' }]);
		expect(limited.headers.get('x-ratelimit-limit-minute')).toBe('5');
		await control('POST', '/rate-limit', null);
		expect(
			(await call('POST', '/v1/links/bulk', [{ longUrl: 'https://example.com/c' }])).headers.get(
				'x-ratelimit-limit-minute',
			),
		).toBeNull();

		expect((await control('POST', '/reset')).status).toBe(200);
		expect((await call('POST', '/v1/links/list', {})).body.data.total).toBe(3);
		expect((await control('POST', '/faults', { fault: { kind: 'nope' } })).status).toBe(400);
		expect((await control('GET', '/nothing')).status).toBe(404);
	});
});
