import { SEEDED } from '../../dev/sandbox/server';
import { useLinkShortener } from '../helpers/fixture';
import { DATE_FORMS } from '../helpers/messages';

describe('Link > Create', () => {
	const ls = useLinkShortener();
	const create = (parameters: object = {}) => ({
		resource: 'link',
		operation: 'create',
		...parameters,
	});

	it('sends the long URL and title with the API key and outputs the new link', async () => {
		const { items, error } = await ls.run(create({ longUrl: 'https://example.com/a', title: 'A' }));

		expect(error).toBeUndefined();
		expect(ls.sandbox.requests).toHaveLength(1);
		const [request] = ls.sandbox.requests;
		expect(request).toMatchObject({ method: 'POST', path: '/v1/links/', status: 200 });
		expect(request.headers['x-api-key']).toBe(ls.sandbox.apiKey);
		expect(request.body).toEqual({ longUrl: 'https://example.com/a', title: 'A' });
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			longUrl: 'https://example.com/a',
			title: 'A',
			totalNumberOfClick: 0,
			updatedAt: null,
		});
		expect(String(items[0].json.shortUrl)).toMatch(/^https:\/\/sho\.rt\/\w+$/);
		expect(items[0].pairedItem).toEqual({ item: 0 });
	});

	it('lets the named fields win over the same keys in Extra Body Fields, and keeps the others', async () => {
		const { error } = await ls.run(
			create({
				longUrl: 'https://example.com/named',
				additionalFields: {
					extraFields:
						'{ "longUrl": "https://example.com/extra", "title": "From extra", "note": 1 }',
				},
			}),
		);
		await ls.run(
			create({
				longUrl: 'https://example.com/named',
				title: 'Named',
				additionalFields: { extraFields: '{ "title": "From extra" }' },
			}),
		);

		expect(error).toBeUndefined();
		expect(ls.sandbox.requests.map((request) => request.body)).toEqual([
			{ longUrl: 'https://example.com/named', title: 'From extra', note: 1 },
			{ longUrl: 'https://example.com/named', title: 'Named' },
		]);
	});

	it('creates one link per input item, reading expressions per item', async () => {
		const { items } = await ls.run(
			create({ longUrl: '={{ $json.url }}', title: '={{ $json.name }}' }),
			[
				{ url: 'https://example.com/1', name: 'one' },
				{ url: 'https://example.com/2', name: 'two' },
			],
		);

		expect(ls.sandbox.requests.map((r) => r.body)).toEqual([
			{ longUrl: 'https://example.com/1', title: 'one' },
			{ longUrl: 'https://example.com/2', title: 'two' },
		]);
		expect(items.map((i) => [i.json.title, i.pairedItem])).toEqual([
			['one', { item: 0 }],
			['two', { item: 1 }],
		]);
	});

	it('sends the additional fields in the shapes the API takes, and only those that are set', async () => {
		const { items, error } = await ls.run(
			create({
				longUrl: 'https://example.com/b',
				additionalFields: {
					domain: SEEDED.verifiedDomain.id,
					path: 'spring-sale',
					expiredAt: '2030-05-01T10:00:00.000Z',
					tags: 'spring, promo',
					extraFields: '{ "utm": "newsletter" }',
				},
			}),
		);

		expect(error).toBeUndefined();
		expect(ls.sandbox.requests[0].body).toEqual({
			longUrl: 'https://example.com/b',
			domain: SEEDED.verifiedDomain.id,
			path: 'spring-sale',
			expiredAt: '2030-05-01T10:00:00.000Z',
			tags: [{ name: 'spring' }, { name: 'promo' }],
			utm: 'newsletter',
		});
		expect(items[0].json).toMatchObject({
			shortUrl: 'https://go.example.com/spring-sale',
			expiredAt: '2030-05-01T10:00:00.000Z',
			tags: [{ name: 'spring' }, { name: 'promo' }],
		});
	});

	it('uses the legacy path when API Paths is legacy', async () => {
		const { error } = await ls.run(
			create({ longUrl: 'https://example.com/c', options: { apiPaths: 'legacy' } }),
		);

		expect(error).toBeUndefined();
		expect(ls.sandbox.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /public/links']);
	});

	it.each([
		['not-a-url', /Invalid Long URL in item 1: "not-a-url" is not an absolute URL/],
		['ftp://example.com/file', /must start with http:\/\/ or https:\/\//],
		['', /a URL is required/],
	])('refuses the long URL %p before sending any row', async (badUrl, message) => {
		const { error } = await ls.run(create({ longUrl: '={{ $json.url }}' }), [
			{ url: 'https://example.com/fine' },
			{ url: badUrl },
			{ url: 'https://example.com/also-fine' },
		]);

		expect(error?.message).toMatch(message);
		expect(error?.description).toMatch(/"Long URL" field \(longUrl\) of input item 1/);
		expect(ls.sandbox.requests).toHaveLength(0);
		expect(ls.sandbox.links.size).toBe(SEEDED.ownLinks.length + SEEDED.foreignLinks.length);
	});

	it('refuses an unparseable expiry date and bad extra JSON, naming the field', async () => {
		const badDate = await ls.run(
			create({
				longUrl: 'https://example.com/d',
				additionalFields: { expiredAt: 'next tuesday-ish' },
			}),
		);
		expect(badDate.error?.message).toMatch(
			/Invalid Expires At in item 0: "next tuesday-ish" is not a date/,
		);

		const badJson = await ls.run(
			create({ longUrl: 'https://example.com/d', additionalFields: { extraFields: '{ nope' } }),
		);
		expect(badJson.error?.message).toMatch(
			/Invalid Extra Body Fields \(JSON\) in item 0: it is not valid JSON/,
		);
		expect(ls.sandbox.requests).toHaveLength(0);
	});

	it('with Continue On Fail sends the good rows and outputs an error item for the bad one', async () => {
		const { items, error } = await ls.run(
			create({ longUrl: '={{ $json.url }}' }),
			[{ url: 'https://example.com/ok-1' }, { url: 'nope' }, { url: 'https://example.com/ok-2' }],
			{ continueOnFail: true },
		);

		expect(error).toBeUndefined();
		expect(ls.sandbox.requests.map((r) => (r.body as { longUrl: string }).longUrl)).toEqual([
			'https://example.com/ok-1',
			'https://example.com/ok-2',
		]);
		expect(items).toHaveLength(3);
		expect(items[0].json.longUrl).toBe('https://example.com/ok-1');
		expect(items[1].json.error).toMatch(/Invalid Long URL in item 1/);
		// The same error item a bulk operation gives a refused row (one row intake).
		expect(items[1].json.details).toEqual(
			expect.objectContaining({ inputItem: 1, outcome: 'invalid' }),
		);
		expect(items[1].pairedItem).toEqual({ item: 1 });
		expect(items[2].json.longUrl).toBe('https://example.com/ok-2');
	});

	it("reports the server's 422 message with the status", async () => {
		const { error } = await ls.run(
			create({
				longUrl: 'https://example.com/e',
				additionalFields: { domain: SEEDED.status4Domain.id },
			}),
		);

		expect(ls.sandbox.requests[0].status).toBe(422);
		expect(error?.message).toMatch(/^422 .*domain/i);
		expect(error?.httpCode).toBe('422');
		expect(error?.description).toContain('VALIDATION_ERROR');
	});

	it.each(['Product 5', '12', '2024-02-30', '2024-13-01', '2024-05-01T25:00:00Z'])(
		'refuses %p as an expiry date instead of guessing one, before any request',
		async (badDate) => {
			const { error } = await ls.run(
				create({ longUrl: 'https://example.com/d', additionalFields: { expiredAt: badDate } }),
			);

			expect(error?.message).toBe(
				`Invalid Expires At in item 0: "${badDate}" is not a date: ${DATE_FORMS}`,
			);
			expect(ls.sandbox.requests).toHaveLength(0);
		},
	);

	it('still takes ISO dates and date-times, with or without a zone', async () => {
		const { items, error } = await ls.run(
			create({ longUrl: '={{ $json.url }}', additionalFields: { expiredAt: '={{ $json.at }}' } }),
			[
				{ url: 'https://example.com/1', at: '2030-02-28' },
				{ url: 'https://example.com/2', at: '2030-02-28T10:00:00+02:00' },
			],
		);

		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.expiredAt)).toEqual([
			'2030-02-28T00:00:00.000Z',
			'2030-02-28T08:00:00.000Z',
		]);
	});

	it.each([
		[
			'title',
			{ title: '={{ { "a": 1 } }}' },
			/^Invalid Title in item 0: it must be text, not an object/,
		],
		[
			'path',
			{ additionalFields: { path: '={{ { "a": 1 } }}' } },
			/^Invalid Custom Path in item 0: it must be text, not an object/,
		],
		['tag', { additionalFields: { tags: '={{ [{ "label": "x" }] }}' } }, /^Invalid Tags in item 0/],
	])(
		'refuses a %s given as an object instead of sending "[object Object]"',
		async (_field, parameters, message) => {
			const { error } = await ls.run(create({ longUrl: 'https://example.com/o', ...parameters }));

			expect(error?.message).toMatch(message);
			expect(ls.sandbox.requests).toHaveLength(0);
		},
	);

	it.each(['http:example.com', 'https:/example.com/x', 'http:///x'])(
		'refuses the long URL %p, which has no host written with //',
		async (badUrl) => {
			const { error } = await ls.run(create({ longUrl: badUrl }));

			expect(error?.message).toMatch(/^Invalid Long URL in item 0: .*is not an absolute URL/);
			expect(ls.sandbox.requests).toHaveLength(0);
		},
	);
});
