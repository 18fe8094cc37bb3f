import type { INodeParameters } from 'n8n-workflow';

import { useLinkShortener } from '../helpers/fixture';
import { hintsOf } from '../helpers/hints';

const listOf = (operation: string, extra: object = {}): INodeParameters => ({
	resource: 'bulk',
	operation,
	mappingMode: 'jsonRows',
	rows: '={{ $json.rows }}',
	...extra,
});

describe('Bulk > From a JSON List: each element a row of the run, named by its place', () => {
	const ls = useLinkShortener();

	it('lists of several input items: a bad element is named "rows[i] of input item n", its error item paired to that item', async () => {
		const input = [
			{ rows: [{ longUrl: 'https://example.com/places/0', path: 'places-0' }] },
			{
				rows: [
					{ longUrl: 'https://example.com/places/1', path: 'places-1' },
					{ longUrl: 'https://example.com/places/2' },
				],
			},
		];

		const stopped = await ls.run(listOf('syncMany'), input);
		expect(stopped.error?.message).toMatch(
			/^Invalid shortUrl or path in rows\[1\] of input item 1: no column is named like shortUrl or path/,
		);
		expect(ls.sandbox.requests).toHaveLength(0);

		const { items, error } = await ls.run(listOf('syncMany'), input, { continueOnFail: true });
		expect(error).toBeUndefined();
		expect(items.map((item) => [item.json.syncAction ?? item.json.error, item.pairedItem])).toEqual(
			[
				['created', { item: 0 }],
				['created', { item: 1 }],
				[
					expect.stringMatching(/^Invalid shortUrl or path in rows\[1\] of input item 1:/),
					{ item: 1 },
				],
			],
		);
		// Its details name the input item that held the list, and the row's place in it.
		expect(items[2].json.details).toEqual(
			expect.objectContaining({ inputItem: 1, row: 'rows[1] of input item 1', outcome: 'invalid' }),
		);
	});

	it('an input item with an empty list: the other item\'s elements are "rows[i]", paired to it', async () => {
		const { items, error } = await ls.run(
			listOf('createMany'),
			[{ rows: [] }, { rows: [{ longUrl: 'https://example.com/places/a' }, { title: 'no URL' }] }],
			{ continueOnFail: true },
		);

		expect(error).toBeUndefined();
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 1 }, { item: 1 }]);
		expect(items[1].json.error).toMatch(/^Invalid Long URL in rows\[1\]: no column/);
	});

	it('a run that stops names the rows of the list as rows, not as input items', async () => {
		const rows = [0, 1, 2].map((i) => ({ longUrl: `https://example.com/places/stop-${i}` }));
		ls.sandbox.injectFault({
			path: '/v1/links/bulk',
			fault: { kind: 'refuseElements', indexes: [1] },
		});

		const { error } = await ls.run(listOf('createMany'), [{ rows }]);

		expect(error?.message).toMatch(
			/^Bulk create stopped: batch 1 of 1 \(rows 0–2\) was not created/,
		);
		expect(error?.message).toMatch(/Refused by the server: rows 1\. .*Not created: rows 0–2\./);
		expect(error?.message).not.toMatch(/input item/);
	});

	it('Sync Many names the row that first named a link as a row of the list, not as an input item', async () => {
		const rows = [0, 1].map(() => ({
			longUrl: 'https://example.com/places/twice',
			path: 'places-twice',
		}));

		const { items, error } = await ls.run(listOf('syncMany'), [{ rows }], {
			continueOnFail: true,
		});

		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.syncAction ?? item.json.error)).toEqual([
			'created',
			'Not synced: row 1: row 0 names the same link; a sheet must name each link once',
		]);
	});

	it('the UTM hint names the first row whose long URL had the key as a row of the list', async () => {
		const rows = [
			{ longUrl: 'https://example.com/places/utm' },
			{ longUrl: 'https://example.com/places/utm?utm_source=old', utm_source: 'list' },
		];

		const { error, run } = await ls.run(listOf('createMany'), [{ rows }]);

		expect(error).toBeUndefined();
		expect(hintsOf(run)).toContain(
			'The UTM fields replaced utm_* parameters that 1 long URL(s) already had (first: row 1, utm_source).',
		);
	});

	it('Keep Input Columns adds the columns of the element, not those of the item that held the list', async () => {
		const { items, error } = await ls.run(
			listOf('createMany', { options: { keepInputColumns: true } }),
			[{ rows: [{ longUrl: 'https://example.com/places/k', note: 'from the list' }], other: 1 }],
		);

		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ note: 'from the list', shortUrl: expect.any(String) });
		expect(items[0].json).not.toHaveProperty('other');
		expect(items[0].json).not.toHaveProperty('rows');
		expect(items[0].pairedItem).toEqual({ item: 0 });
	});
});
