import { useLinkShortener } from '../fixture';

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

		expect(result).toMatchObject({ status: 'Error', message: 'The API key is missing, invalid or expired' });
		expect(ls.sandbox.requests[0].status).toBe(401);
	});

	it('says so when the Base URL is not the API root', async () => {
		const result = await ls.engine.testCredential({
			credentialType: 'linkShortenerApi',
			data: { baseUrl: ls.sandbox.baseUrl.replace(/\/api$/, '/wrong'), apiKey: ls.sandbox.apiKey },
		});

		expect(result).toMatchObject({ status: 'Error', message: expect.stringMatching(/^Nothing answers at this Base URL/) });
	});

	it('strips trailing slashes of the base URL in node requests too', async () => {
		const { error } = await ls.run({ resource: 'domain', operation: 'getMany', limit: 1 }, undefined, {
			credentials: { linkShortenerApi: { baseUrl: `${ls.sandbox.baseUrl}//`, apiKey: ls.sandbox.apiKey } },
		});

		expect(error).toBeUndefined();
		expect(ls.sandbox.requests.map((r) => r.path)).toEqual(['/v1/domains']);
	});
});
