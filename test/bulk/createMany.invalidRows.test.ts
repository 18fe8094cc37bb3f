import { useLinkShortener } from '../helpers/fixture';
import {
	BULK_CREATE_PATH,
	createMany,
	detailsOf,
	linkRows,
	pairedIndices,
	summary,
} from '../helpers/bulk';
import { DATE_FORMS } from '../helpers/messages';

/** Every row is checked before the first request; an invalid one stops the run, or is its error item with Continue On Fail. */
describe('Bulk > Create Many: invalid rows', () => {
	const ls = useLinkShortener();

	it('autoMap: an item without longUrl stops the run before anything is sent, naming the item and the field', async () => {
		const input = linkRows(5);
		delete input[3].longUrl;

		const { items, error } = await ls.run(createMany({ mappingMode: 'autoMap' }), input);

		expect(ls.sandbox.requests).toHaveLength(0);
		expect(items).toHaveLength(0);
		expect(error?.message).toBe(
			`Invalid Long URL in item 3: no column is named like longUrl (any case; spaces, "_", "-" and "." ignored, e.g. "Long URL"); the row's columns are title`,
		);
		expect(error?.description).toContain('(longUrl) of input item 3');
	});

	it('autoMap with Continue On Fail: the item without longUrl is an error item, the others are created', async () => {
		const input = linkRows(5);
		delete input[3].longUrl;

		const { items, error } = await ls.run(createMany({ mappingMode: 'autoMap' }), input, {
			continueOnFail: true,
		});

		expect(error).toBeUndefined();
		expect(summary(ls.sandbox.requests)).toEqual([['POST', BULK_CREATE_PATH, 200, 4]]);
		expect(ls.sandbox.requests[0].body).toEqual([input[0], input[1], input[2], input[4]]);
		expect(pairedIndices(items)).toEqual([0, 1, 2, 3, 4]);
		expect(items[3].json).toEqual({
			error: `Invalid Long URL in item 3: no column is named like longUrl (any case; spaces, "_", "-" and "." ignored, e.g. "Long URL"); the row's columns are title`,
			details: expect.objectContaining({ inputItem: 3, outcome: 'invalid' }),
		});
		expect(items.filter((item) => item.json.id)).toHaveLength(4);
	});

	it('defineBelow without Continue On Fail: one bad row means nothing is sent', async () => {
		const input = [
			{ url: 'https://example.com/a' },
			{ url: 'https://example.com/b' },
			{ url: 'ftp://example.com/c' },
			{ url: 'https://example.com/d' },
		];

		const { error } = await ls.run(createMany({ longUrl: '={{ $json.url }}' }), input);

		expect(ls.sandbox.requests).toHaveLength(0);
		expect(error?.message).toBe(
			'Invalid Long URL in item 2: "ftp://example.com/c" must start with http:// or https://',
		);
	});

	it('defineBelow with Continue On Fail: an invalid row (a date that does not parse) is an error item, the others are created', async () => {
		const input = [
			{ url: 'https://example.com/a', until: '' },
			{ url: 'https://example.com/b', until: 'next tuesday' },
			{ url: 'https://example.com/c', until: '' },
		];

		const { items } = await ls.run(
			createMany({
				longUrl: '={{ $json.url }}',
				additionalFields: { expiredAt: '={{ $json.until }}' },
			}),
			input,
			{ continueOnFail: true },
		);

		expect(summary(ls.sandbox.requests)).toEqual([['POST', BULK_CREATE_PATH, 200, 2]]);
		expect(items[1].json.error).toBe(
			'Invalid Expires At in item 1: "next tuesday" is not a date: ' + DATE_FORMS,
		);
		expect(detailsOf(items[1])).toMatchObject({ inputItem: 1, outcome: 'invalid' });
		expect(items.map((item) => item.json.longUrl)).toEqual([
			'https://example.com/a',
			undefined,
			'https://example.com/c',
		]);
	});

	it('defineBelow with Continue On Fail: a row whose expression cannot be evaluated is an error item', async () => {
		const input = [
			{ url: 'https://example.com/a' },
			{ fromOtherNode: true },
			{ url: 'https://example.com/c' },
		];
		const longUrl = '={{ $json.fromOtherNode ? $("No Such Node").item.json.url : $json.url }}';

		const { items } = await ls.run(createMany({ longUrl }), input, {
			continueOnFail: true,
		});

		expect(summary(ls.sandbox.requests)).toEqual([['POST', BULK_CREATE_PATH, 200, 2]]);
		expect(pairedIndices(items)).toEqual([0, 1, 2]);
		expect(detailsOf(items[1])).toMatchObject({ inputItem: 1, outcome: 'invalid' });
		expect(items[1].json.error).toBe("Referenced node doesn't exist");
		expect(items[2].json.longUrl).toBe('https://example.com/c');
	});

	it.each(['items', 'links'])('also reads the created links from data.%s (D3)', async (key) => {
		const links = [
			{ id: 'link-0', shortUrl: 'https://sho.rt/a' },
			{ id: 'link-1', shortUrl: 'https://sho.rt/b' },
		];
		const body = { data: { [key]: links }, error_code: null, message: 'Request successful' };
		ls.sandbox.injectFault({
			method: 'POST',
			path: BULK_CREATE_PATH,
			fault: { kind: 'status', status: 200, body },
		});

		const { items, error } = await ls.run(createMany({ mappingMode: 'autoMap' }), linkRows(2));

		expect(error).toBeUndefined();
		expect(items).toEqual([
			{ json: links[0], pairedItem: { item: 0 } },
			{ json: links[1], pairedItem: { item: 1 } },
		]);
	});
});
