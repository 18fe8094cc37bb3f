import { useLinkShortener } from '../helpers/fixture';

describe('Link Shortener API credential', () => {
	const ls = useLinkShortener();

	it('passes its test with the right key, asking for one domain', async () => {
		const result = await ls.engine.testCredential({
			credentialType: 'linkShortenerApi',
			data: { baseUrl: `${ls.sandbox.baseUrl}/`, apiKey: ls.sandbox.apiKey },
		});

		expect(result.status).toBe('OK');
		expect(ls.sandbox.requests).toHaveLength(1);
		expect(ls.sandbox.requests[0]).toMatchObject({
			method: 'GET',
			path: '/v1/domains',
			query: { itemsPerPage: '1' },
			status: 200,
		});
		expect(ls.sandbox.requests[0].headers['x-api-key']).toBe(ls.sandbox.apiKey);
	});

	it('fails its test with a wrong key', async () => {
		const result = await ls.engine.testCredential({
			credentialType: 'linkShortenerApi',
			data: { baseUrl: ls.sandbox.baseUrl, apiKey: 'not-the-key' },
		});

		expect(result).toMatchObject({
			status: 'Error',
			message: 'The API key is missing, invalid or expired',
		});
		expect(ls.sandbox.requests[0].status).toBe(401);
	});

	it('says so when the Base URL is not the API root', async () => {
		const result = await ls.engine.testCredential({
			credentialType: 'linkShortenerApi',
			data: { baseUrl: ls.sandbox.baseUrl.replace(/\/api$/, '/wrong'), apiKey: ls.sandbox.apiKey },
		});

		expect(result).toMatchObject({
			status: 'Error',
			message: expect.stringMatching(/^Nothing answers at this Base URL/),
		});
	});

	it('strips trailing slashes of the base URL in node requests too', async () => {
		const { error } = await ls.run(
			{ resource: 'domain', operation: 'getMany', limit: 1 },
			undefined,
			{
				credentials: {
					linkShortenerApi: { baseUrl: `${ls.sandbox.baseUrl}//`, apiKey: ls.sandbox.apiKey },
				},
			},
		);

		expect(error).toBeUndefined();
		expect(ls.sandbox.requests.map((r) => r.path)).toEqual(['/v1/domains']);
	});

	const testWith = async (baseUrl: string) =>
		await ls.engine.testCredential({
			credentialType: 'linkShortenerApi',
			data: { baseUrl, apiKey: ls.sandbox.apiKey },
		});

	it.each([302, 307] as const)(
		'fails on a %i to another origin without sending the key there',
		async (status) => {
			const other = await ls.sandbox.startOtherOrigin();
			ls.sandbox.injectFault({
				path: '/v1/domains',
				fault: { kind: 'redirect', status, origin: other.origin },
			});

			const result = await testWith(ls.sandbox.baseUrl);

			expect(result).toMatchObject({
				status: 'Error',
				message: expect.stringMatching(
					new RegExp(`^The Base URL answers ${status} with a redirect`),
				),
			});
			expect(other.requests).toHaveLength(0);
		},
	);

	it.each([
		['an HTML page', { kind: 'html' }],
		['an empty body', { kind: 'empty' }],
		['an error-shaped JSON', { kind: 'errorShaped' }],
	] as const)('fails when the Base URL answers 200 with %s', async (_case, fault) => {
		ls.sandbox.injectFault({ path: '/v1/domains', fault });

		const result = await testWith(ls.sandbox.baseUrl);

		expect(result).toMatchObject({
			status: 'Error',
			message: expect.stringMatching(/^The Base URL answered, but not with the API's JSON/),
		});
	});

	it('trims spaces around the Base URL', async () => {
		const result = await testWith(` ${ls.sandbox.baseUrl} `);

		expect(result.status).toBe('OK');
		expect(ls.sandbox.requests.map((r) => r.path)).toEqual(['/v1/domains']);
	});
});
