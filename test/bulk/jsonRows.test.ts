import type { INodeParameters } from 'n8n-workflow';

import { SEEDED } from '../../dev/sandbox/server';
import { TOOL_TYPE, useLinkShortener } from '../helpers/fixture';
import { LINK_RECORD_KEYS } from '../helpers/linkRecord';

const [spring] = SEEDED.ownLinks;
const createMany = (rows: unknown, extra: object = {}): INodeParameters => ({
	resource: 'bulk',
	operation: 'createMany',
	mappingMode: 'jsonRows',
	rows: rows as INodeParameters['rows'],
	...extra,
});
const rowsOf = (count: number, from = 0) =>
	Array.from({ length: count }, (_, i) => ({
		longUrl: `https://example.com/list/${from + i}`,
		title: `Row ${from + i}`,
	}));

describe('Bulk > From a JSON List (mappingMode jsonRows, D18)', () => {
	const ls = useLinkShortener();

	it('Create Many: the three elements of one item go in one bulk request, one output item each, paired to that item', async () => {
		const rows = [
			...rowsOf(2),
			{ 'Long URL': 'https://example.com/list/2', Expires: '2031-01-31' },
		];
		const { items, error } = await ls.run(createMany(rows));

		expect(error).toBeUndefined();
		expect(ls.requestsTo('/v1/links/bulk').map((request) => request.body)).toEqual([
			[
				{ longUrl: 'https://example.com/list/0', title: 'Row 0' },
				{ longUrl: 'https://example.com/list/1', title: 'Row 1' },
				{ longUrl: 'https://example.com/list/2', expiredAt: '2031-01-31T00:00:00.000Z' },
			],
		]);
		expect(items.map((item) => [item.json.longUrl, item.pairedItem])).toEqual([
			['https://example.com/list/0', { item: 0 }],
			['https://example.com/list/1', { item: 0 }],
			['https://example.com/list/2', { item: 0 }],
		]);
	});

	it('takes a string holding the array, and the lists of several input items, each element paired to its item', async () => {
		const { items, error } = await ls.run(createMany('={{ $json.rows }}'), [
			{ rows: JSON.stringify(rowsOf(2)) },
			{ rows: rowsOf(1, 2) },
		]);

		expect(error).toBeUndefined();
		expect(ls.requestsTo('/v1/links/bulk')).toHaveLength(1);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 0 }, { item: 1 }]);
	});

	it('a bad element is refused before any request, the error naming rows[i] and the field', async () => {
		const rows = [...rowsOf(2), { longUrl: 'not a url' }];
		const { error } = await ls.run(createMany(rows));

		expect(error?.message).toBe(
			'Invalid Long URL in rows[2] ("longUrl"): "not a url" is not an absolute URL',
		);
		expect(error?.description).toBe('Check "longUrl" in rows[2] of the Rows list.');
		expect(ls.sandbox.requests).toHaveLength(0);
	});

	it('under Continue On Fail, the bad element is its own error item and the others are created', async () => {
		const rows = [rowsOf(1)[0], { title: 'no URL' }, rowsOf(1, 2)[0]];
		const { items, error } = await ls.run(createMany(rows), undefined, { continueOnFail: true });

		expect(error).toBeUndefined();
		expect(
			ls.requestsTo('/v1/links/bulk').map((request) => (request.body as unknown[]).length),
		).toEqual([2]);
		expect(items).toHaveLength(3);
		expect(items[1].json.error).toMatch(
			/^Invalid Long URL in rows\[1\]: no column is named like longUrl/,
		);
		expect(items.filter((item) => item.json.shortUrl)).toHaveLength(2);
		expect(items.every((item) => JSON.stringify(item.pairedItem) === '{"item":0}')).toBe(true);
	});

	it.each([
		['a number', 7, 'Invalid Rows (rows) in item 0: expected an array of objects, got a number'],
		[
			'an object',
			{ longUrl: 'https://example.com' },
			'Invalid Rows (rows) in item 0: expected an array of objects, got an object',
		],
		[
			'text that is not JSON',
			'longUrl=https://example.com',
			'Invalid Rows (rows) in item 0: the text "longUrl=https://example.com" is not JSON',
		],
		[
			'an array of texts',
			['https://example.com'],
			'Invalid Rows (rows) in item 0: rows[0] is the text "https://example.com", not an object',
		],
		[
			'an array holding null',
			[rowsOf(1)[0], null],
			'Invalid Rows (rows) in item 0: rows[1] is null, not an object',
		],
	])(
		'Rows that is %s is an error that says what it got, before any request',
		async (_what, rows, message) => {
			const { error } = await ls.run(createMany(rows));

			expect(error?.message).toBe(message);
			expect(ls.sandbox.requests).toHaveLength(0);
		},
	);

	it('Rows that is not a list becomes an error item under Continue On Fail, never the input passed on', async () => {
		const { items, error } = await ls.run(createMany('={{ $json.rows }}'), [{ rows: 'oops' }], {
			continueOnFail: true,
		});

		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.error)).toEqual([
			'Not sent: Invalid Rows (rows) in item 0: the text "oops" is not JSON',
		]);
		expect(ls.sandbox.requests).toHaveLength(0);
	});

	it('an empty array outputs nothing and sends nothing', async () => {
		const { items, error } = await ls.run(createMany([]));

		expect(error).toBeUndefined();
		expect(items).toEqual([]);
		expect(ls.sandbox.requests).toHaveLength(0);
	});

	it('100,001 elements: one output item each, in batches of at most 10,000', async () => {
		const { items, error } = await ls.run(createMany(rowsOf(100_001)));

		expect(error).toBeUndefined();
		expect(items).toHaveLength(100_001);
		expect(ls.requestsTo('/v1/links/bulk').map((request) => request.bodyItems)).toEqual([
			...Array.from({ length: 10 }, () => 10_000),
			1,
		]);
	}, 120_000);

	it('Update Many and Sync Many read each element as Map Automatically reads an item', async () => {
		const updated = await ls.run({
			resource: 'bulk',
			operation: 'updateMany',
			mappingMode: 'jsonRows',
			rows: [{ id: spring.id, title: 'From the list' }],
		});
		expect(updated.error).toBeUndefined();
		expect(ls.requestsTo('/public/links/bulk').map((request) => request.body)).toEqual([
			[{ id: spring.id, title: 'From the list' }],
		]);

		const synced = await ls.run({
			resource: 'bulk',
			operation: 'syncMany',
			mappingMode: 'jsonRows',
			matchBy: 'longUrl',
			rows: [{ longUrl: spring.longUrl, title: 'From the list' }, rowsOf(1)[0]],
		});
		expect(synced.error).toBeUndefined();
		expect(synced.items.map((item) => item.json.syncAction)).toEqual(['unchanged', 'created']);
	});

	describe('as an AI tool', () => {
		it('a list of 60 is one request; the answer holds 50 compact links and the count of the rest', async () => {
			const { items, error } = await ls.run(createMany(rowsOf(60)), [{ toolCallId: 'call-1' }], {
				type: TOOL_TYPE,
			});

			expect(error).toBeUndefined();
			expect(
				ls.requestsTo('/v1/links/bulk').map((request) => (request.body as unknown[]).length),
			).toEqual([60]);
			expect(items).toHaveLength(51);
			expect(Object.keys(items[0].json).sort()).toEqual(LINK_RECORD_KEYS);
			expect(items[50].json).toEqual({
				notShown: 10,
				note: '10 more results are not shown (60 in all): an answer to a model holds at most 50.',
			});
		});

		it('Map Automatically refuses, naming From a JSON List, and sends nothing', async () => {
			const { error } = await ls.run(
				{ resource: 'bulk', operation: 'createMany', mappingMode: 'autoMap' },
				[{ toolCallId: 'call-1' }],
				{ type: TOOL_TYPE },
			);

			expect(error?.message).toBe(
				'Map Automatically reads the columns of input items, and a tool call has none',
			);
			expect(error?.description).toMatch(
				/^Set Mapping Column Mode to "From a JSON List" and Rows to \{\{ \$fromAI\('rows'/,
			);
			expect(ls.sandbox.requests).toHaveLength(0);
		});
	});
});
