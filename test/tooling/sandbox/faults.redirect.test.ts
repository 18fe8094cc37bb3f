import { call, sandbox, useSandbox } from './client';

useSandbox();

const oneLink = [{ longUrl: 'https://example.com/redirected', title: 'Redirected' }];

describe('redirect faults', () => {
	it.each([301, 302, 307, 308] as const)(
		'%i to another origin keeps the path and query and applies nothing',
		async (status) => {
			const other = await sandbox.startOtherOrigin();
			sandbox.injectFault({
				method: 'POST',
				path: '/v1/links/bulk',
				fault: { kind: 'redirect', status, origin: other.origin },
			});
			const before = sandbox.links.size;
			const answer = await call('POST', '/v1/links/bulk?x=1', oneLink, { redirect: 'manual' });
			expect(answer.status).toBe(status);
			expect(answer.headers.get('location')).toBe(`${other.origin}/api/v1/links/bulk?x=1`);
			expect(other.origin).not.toBe(sandbox.origin);
			expect(sandbox.links.size).toBe(before);
			expect(sandbox.requests[0]).toMatchObject({ status, fault: 'redirect' });
			expect(other.requests).toHaveLength(0);
		},
	);

	it('the other origin records whether the API key arrived there', async () => {
		const other = await sandbox.startOtherOrigin();
		sandbox.injectFault({ path: '/v1/domains', fault: { kind: 'redirect', origin: other.origin } });
		// fetch follows a cross-origin redirect with custom headers: exactly the leak the node must avoid.
		const followed = await call('GET', '/v1/domains?status=1');
		expect(followed.status).toBe(200);
		expect(other.requests).toHaveLength(1);
		expect(other.requests[0]).toMatchObject({ path: '/v1/domains', query: { status: '1' } });
		expect(other.requestsWithApiKey).toHaveLength(1);
		expect(other.requestsWithApiKey[0].headers['x-api-key']).toBe(sandbox.apiKey);

		await call('GET', '/v1/domains', undefined, { baseUrl: other.baseUrl, key: null });
		expect(other.requests).toHaveLength(2);
		expect(other.requestsWithApiKey).toHaveLength(1);
	});

	it('to the same origin by default, as many times as asked (a redirect loop)', async () => {
		sandbox.injectFault({
			path: '/v1/domains',
			times: 6,
			fault: { kind: 'redirect', status: 302 },
		});
		const first = await call('GET', '/v1/domains?page=2', undefined, { redirect: 'manual' });
		expect(first.status).toBe(302);
		expect(first.headers.get('location')).toBe(`${sandbox.baseUrl}/v1/domains?page=2`);
		const followed = await call('GET', '/v1/domains?page=2');
		expect(followed.status).toBe(200);
		expect(sandbox.requests.map((request) => request.status)).toEqual([
			302, 302, 302, 302, 302, 302, 200,
		]);
	});

	it('sends a given Location verbatim, relative or absolute', async () => {
		sandbox.injectFault({
			path: '/v1/domains',
			fault: { kind: 'redirect', status: 308, location: '/api/v1/domains?status=4' },
		});
		sandbox.injectFault({
			path: '/v1/domains',
			fault: { kind: 'redirect', location: 'https://portal.example.com/login' },
		});
		const relative = await call('GET', '/v1/domains', undefined, { redirect: 'manual' });
		expect(relative.headers.get('location')).toBe('/api/v1/domains?status=4');
		const absolute = await call('GET', '/v1/domains', undefined, { redirect: 'manual' });
		expect(absolute.status).toBe(307);
		expect(absolute.headers.get('location')).toBe('https://portal.example.com/login');
	});

	it('stops the other origins with the sandbox, and refuses a status that is not a redirect', async () => {
		const other = await sandbox.startOtherOrigin({ apiKey: 'another-key' });
		expect(other.apiKey).toBe('another-key');
		expect(() =>
			sandbox.injectFault({ fault: { kind: 'redirect', status: 200 as never } }),
		).toThrow(/redirect status/);
	});
});
