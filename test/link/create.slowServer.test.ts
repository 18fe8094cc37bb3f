import { useLinkShortener } from '../helpers/fixture';

describe('Link > Create over many rows, on a slow server', () => {
	const ls = useLinkShortener({ latencyMs: 20 });

	it('sends a few rows at once, at most 8, and outputs the links in row order', async () => {
		const input = Array.from({ length: 40 }, (_, row) => ({ url: `https://example.com/${row}` }));

		const { items, error } = await ls.run(
			{ resource: 'link', operation: 'create', longUrl: '={{ $json.url }}' },
			input,
		);

		expect(error).toBeUndefined();
		expect(items.map((item) => [item.json.longUrl, item.pairedItem])).toEqual(
			input.map(({ url }, row) => [url, { item: row }]),
		);
		expect(ls.requestsTo('/v1/links/')).toHaveLength(40);
		expect(ls.sandbox.maxInFlight).toBeGreaterThan(1);
		expect(ls.sandbox.maxInFlight).toBeLessThanOrEqual(8);
	});

	it('without Continue, a refused row stops the run: no row after the ones in flight is sent', async () => {
		const input = Array.from({ length: 40 }, (_, row) => ({ url: `https://example.com/${row}` }));
		ls.sandbox.injectFault({ path: '/v1/links/', fault: { kind: 'status', status: 422 } });

		const { error } = await ls.run(
			{ resource: 'link', operation: 'create', longUrl: '={{ $json.url }}' },
			input,
		);

		expect(error?.message).toMatch(/^422/);
		expect(ls.requestsTo('/v1/links/').length).toBeLessThanOrEqual(8);
	});
	it('a QR code that cannot be made for a created link: the error says the link exists, naming it', async () => {
		const long = `https://sho.rt/${'x'.repeat(3000)}`;
		ls.sandbox.injectFault({
			path: '/v1/links/',
			fault: {
				kind: 'status',
				status: 201,
				body: { data: { id: 'f1e2d3c4-0000-4000-8000-000000000001', shortUrl: long } },
			},
		});

		const { items } = await ls.run(
			{
				resource: 'link',
				operation: 'create',
				longUrl: 'https://example.com/qr',
				options: { qrCode: 'png' },
			},
			[{}],
			{ continueOnFail: true },
		);

		expect(ls.requestsTo('/v1/links/')).toHaveLength(1);
		expect(String(items[0].json.error)).toMatch(
			/^Created the link f1e2d3c4-0000-4000-8000-000000000001, but not its QR code: QR code: the text is/,
		);
		expect(items[0].pairedItem).toEqual({ item: 0 });
	});
});
