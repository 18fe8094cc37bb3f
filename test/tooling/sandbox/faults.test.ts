import { call, expectRateLimited, ownCount, sandbox, useSandbox, waitUntil } from './client';

useSandbox();

describe('faults', () => {
	const oneLink = [{ longUrl: 'https://example.com/fault', title: 'Fault test' }];

	it('status: answers the injected status, once by default, without applying', async () => {
		sandbox.injectFault({
			method: 'POST',
			path: '/v1/links/bulk',
			fault: { kind: 'status', status: 503 },
		});
		const before = sandbox.links.size;
		const failed = await call('POST', '/v1/links/bulk', oneLink);
		expect(failed.status).toBe(503);
		expect(failed.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
		expect(sandbox.links.size).toBe(before);
		expect((await call('POST', '/v1/links/bulk', oneLink)).status).toBe(200);
	});

	it('status: can send a custom body and headers, several times, only for the matching method', async () => {
		sandbox.injectFault({
			path: '/v1/domains',
			times: 2,
			fault: {
				kind: 'status',
				status: 500,
				body: { code: 'X', message: 'boom' },
				headers: { 'X-Trace': 't1' },
			},
		});
		expect((await call('POST', '/v1/links/list', {})).status).toBe(200);
		const first = await call('GET', '/v1/domains');
		expect(first).toMatchObject({ status: 500, body: { code: 'X', message: 'boom' } });
		expect(first.headers.get('x-trace')).toBe('t1');
		expect((await call('GET', '/v1/domains')).status).toBe(500);
		expect((await call('GET', '/v1/domains')).status).toBe(200);
	});

	it('rateLimit: answers 429 with the given headers, creating nothing', async () => {
		sandbox.injectFault({
			path: '/v1/links/bulk',
			fault: { kind: 'rateLimit', retryAfterSeconds: 7, remainingMinute: 0 },
		});
		const before = sandbox.links.size;
		const refused = await call('POST', '/v1/links/bulk', oneLink);
		expectRateLimited(refused, '7');
		expect(refused.headers.get('x-ratelimit-remaining-minute')).toBe('0');
		expect(refused.headers.get('x-ratelimit-remaining-second')).toBeNull();
		expect(sandbox.links.size).toBe(before);
	});

	it('drop: the connection closes before anything is applied', async () => {
		sandbox.injectFault({ path: '/v1/links/bulk', fault: { kind: 'drop' } });
		const before = sandbox.links.size;
		await expect(call('POST', '/v1/links/bulk', oneLink)).rejects.toThrow();
		expect(sandbox.links.size).toBe(before);
		expect(sandbox.requests[0]).toMatchObject({ path: '/v1/links/bulk', status: 0, fault: 'drop' });
	});

	it('dropAfterApply: the connection closes but the links exist', async () => {
		sandbox.injectFault({ path: '/v1/links/bulk', fault: { kind: 'dropAfterApply' } });
		const before = ownCount();
		await expect(call('POST', '/v1/links/bulk', [...oneLink, ...oneLink])).rejects.toThrow();
		expect(ownCount()).toBe(before + 2);
		const listed = await call('POST', '/v1/links/list', { search: 'Fault test' });
		expect(listed.body.data.total).toBe(2);
	});

	it('delay: answers normally, after a request that came later', async () => {
		sandbox.injectFault({ path: '/v1/domains', fault: { kind: 'delay', ms: 1000 } });
		const finished: string[] = [];
		const delayed = call('GET', '/v1/domains').then((answer) => {
			finished.push('delayed');
			return answer;
		});
		await waitUntil(() => sandbox.requests.length === 1, 'the delayed request arrived');
		await call('POST', '/v1/links/list', {}).then(() => finished.push('prompt'));
		expect((await delayed).status).toBe(200);
		expect(finished).toEqual(['prompt', 'delayed']);
	});

	it('refuses a fault rule that cannot work', () => {
		expect(() => sandbox.injectFault({ fault: { kind: 'explode' } } as never)).toThrow(/kind/);
	});
});
