import { useLinkShortener } from '../helpers/fixture';
import { SEEDED } from '../../dev/sandbox/server';
import { BULK_CREATE_PATH, createMany, linkRows, pairedIndices, summary } from '../helpers/bulk';

const SEEDED_LINK_COUNT = SEEDED.ownLinks.length + SEEDED.foreignLinks.length;

describe('Bulk > Create Many', () => {
	const ls = useLinkShortener();

	it('sends 25,001 rows as 3 requests of at most 10,000 and outputs one link per row, in input order', async () => {
		const input = linkRows(25_001);

		const { items, error } = await ls.run(createMany({ mappingMode: 'autoMap' }), input);

		expect(error).toBeUndefined();
		expect(summary(ls.sandbox.requests)).toEqual([
			['POST', BULK_CREATE_PATH, 200, 10_000],
			['POST', BULK_CREATE_PATH, 200, 10_000],
			['POST', BULK_CREATE_PATH, 200, 5_001],
		]);
		for (const request of ls.sandbox.requests)
			expect(request.headers['x-api-key']).toBe(ls.sandbox.apiKey);
		const sent = ls.sandbox.requests.flatMap((request) => request.body as object[]);
		expect(sent).toEqual(input);

		expect(items).toHaveLength(25_001);
		expect(pairedIndices(items)).toEqual(input.map((_, i) => i));
		expect(
			items.every(
				(item, i) => item.json.longUrl === input[i].longUrl && item.json.title === input[i].title,
			),
		).toBe(true);
		expect(items.some((item) => Array.isArray(item.json) || item.json.error !== undefined)).toBe(
			false,
		);
		const ids = new Set(items.map((item) => item.json.id));
		expect(ids.size).toBe(25_001);
		expect(ls.sandbox.links.size).toBe(SEEDED_LINK_COUNT + 25_001);
	});

	it('defineBelow: evaluates each parameter per row and sends only the values that are set', async () => {
		const input = [
			{
				url: 'https://example.com/a',
				name: 'A',
				slug: 'bulk-a',
				labels: 'spring, promo',
				until: '2030-05-01T10:00:00Z',
			},
			{ url: 'https://example.com/b', name: '', slug: '', labels: ['x'], until: '' },
			{
				url: ' https://example.com/c ',
				name: 'C',
				slug: 'bulk-c',
				labels: '',
				until: '2031-01-01',
			},
		];

		const { items, error } = await ls.run(
			createMany({
				longUrl: '={{ $json.url }}',
				title: '={{ $json.name }}',
				additionalFields: {
					domain: SEEDED.verifiedDomain.id,
					path: '={{ $json.slug }}',
					tags: '={{ $json.labels }}',
					expiredAt: '={{ $json.until }}',
				},
				options: { batchSize: 2 },
			}),
			input,
		);

		expect(error).toBeUndefined();
		expect(summary(ls.sandbox.requests)).toEqual([
			['POST', BULK_CREATE_PATH, 200, 2],
			['POST', BULK_CREATE_PATH, 200, 1],
		]);
		const domain = SEEDED.verifiedDomain.id;
		expect(ls.sandbox.requests.map((request) => request.body)).toEqual([
			[
				{
					longUrl: 'https://example.com/a',
					title: 'A',
					domain,
					path: 'bulk-a',
					tags: [{ name: 'spring' }, { name: 'promo' }],
					expiredAt: '2030-05-01T10:00:00.000Z',
				},
				{ longUrl: 'https://example.com/b', domain, tags: [{ name: 'x' }] },
			],
			[
				{
					longUrl: 'https://example.com/c',
					title: 'C',
					domain,
					path: 'bulk-c',
					expiredAt: '2031-01-01T00:00:00.000Z',
				},
			],
		]);
		expect(items.map((item) => [item.json.shortUrl, item.pairedItem])).toEqual([
			['https://go.example.com/bulk-a', { item: 0 }],
			[expect.stringMatching(/^https:\/\/go\.example\.com\/\w+$/), { item: 1 }],
			['https://go.example.com/bulk-c', { item: 2 }],
		]);
	});

	it('autoMap: reads the known fields of each item by name and ignores the others', async () => {
		const input = [
			{
				longUrl: 'https://example.com/a',
				title: 'A',
				path: 'auto-a',
				domain: SEEDED.verifiedDomain.id,
				expiredAt: '2030-05-01T10:00:00.000Z',
				tags: ['spring', { name: 'promo' }],
				id: 'not-sent',
				shortUrl: 'not-sent',
				extraFields: '{"x": 1}',
			},
			{ longUrl: 'https://example.com/b', title: '', tags: 'a, b', customerId: 42 },
		];

		const { items, error } = await ls.run(createMany({ mappingMode: 'autoMap' }), input);

		expect(error).toBeUndefined();
		expect(ls.sandbox.requests.map((request) => request.body)).toEqual([
			[
				{
					longUrl: 'https://example.com/a',
					title: 'A',
					path: 'auto-a',
					domain: SEEDED.verifiedDomain.id,
					expiredAt: '2030-05-01T10:00:00.000Z',
					tags: [{ name: 'spring' }, { name: 'promo' }],
				},
				{ longUrl: 'https://example.com/b', tags: [{ name: 'a' }, { name: 'b' }] },
			],
		]);
		expect(items.map((item) => item.json.shortUrl)).toEqual([
			'https://go.example.com/auto-a',
			expect.stringMatching(/^https:\/\/sho\.rt\/\w+$/),
		]);
	});

	it('an answer with fewer links than were sent is not taken for success: the rows are looked up, and sent again when not found', async () => {
		const body = { data: [{ id: 'only-one' }] };
		ls.sandbox.injectFault({
			method: 'POST',
			path: BULK_CREATE_PATH,
			fault: { kind: 'status', status: 200, body },
		});
		const input = linkRows(2);

		const { items, error } = await ls.run(createMany({ mappingMode: 'autoMap' }), input);

		expect(error).toBeUndefined();
		expect(summary(ls.sandbox.requests)).toEqual([
			['POST', BULK_CREATE_PATH, 200, 2],
			['POST', '/v1/links/list', 200, undefined],
			['POST', BULK_CREATE_PATH, 200, 2],
		]);
		expect(items.map((item) => [item.json.longUrl, item.pairedItem])).toEqual(
			input.map((row, i) => [row.longUrl, { item: i }]),
		);
		expect(items.some((item) => item.json.id === 'only-one')).toBe(false);
		expect(
			[...ls.sandbox.links.values()].filter((link) =>
				link.longUrl.startsWith('https://example.com/page/'),
			),
		).toHaveLength(2);
	});

	it('refuses a Batch Size above 10,000 before any request', async () => {
		const { error } = await ls.run(
			createMany({ mappingMode: 'autoMap', options: { batchSize: 10_001 } }),
			linkRows(3),
		);

		expect(ls.sandbox.requests).toHaveLength(0);
		expect(error?.message).toBe(
			'Invalid Batch Size (options.batchSize): 10001 is not a whole number from 1 to 10000',
		);
		expect(error?.description).toBe(
			'Batch Size is how many links go in one request: the API takes at most 10000. Nothing was sent.',
		);
	});

	it('sends nothing and outputs nothing for an empty input', async () => {
		const { items, error } = await ls.run(createMany({ mappingMode: 'autoMap' }), []);

		expect(error).toBeUndefined();
		expect(items).toHaveLength(0);
		expect(ls.sandbox.requests).toHaveLength(0);
	});

	it('uses the legacy bulk-create path when "API Paths" is legacy', async () => {
		const { items } = await ls.run(
			createMany({ mappingMode: 'autoMap', options: { apiPaths: 'legacy' } }),
			linkRows(2),
		);

		expect(summary(ls.sandbox.requests)).toEqual([['POST', '/public/links/bulk', 200, 2]]);
		expect(items).toHaveLength(2);
	});
});
