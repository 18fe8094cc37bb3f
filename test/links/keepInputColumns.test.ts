import { createMany, syncMany } from '../helpers/bulk';
import { useLinkShortener } from '../helpers/fixture';

/**
 * Keep Input Columns (D17): each output item also holds its input row's own columns, so that the
 * next node writes the short URL back to the same sheet row. The rows have a sheet's shape (see
 * columns.test.ts).
 */
describe('Keep Input Columns (options.keepInputColumns, D17)', () => {
	const ls = useLinkShortener();

	const sheetRows = () => [
		{ 'Long URL': 'https://example.com/a', Title: 'A', Notes: 'first', row_number: 2 },
		{ 'Long URL': 'not a url', Title: 'B', Notes: 'second', row_number: 3 },
		{ 'Long URL': 'https://example.com/c', title: 'Sheet C', id: 'sheet-id', row_number: 4 },
	];

	it('each item holds its row’s columns beside the link’s fields; the link wins a clash; an error item on the regular output keeps its row’s columns', async () => {
		const { items, error } = await ls.run(
			createMany({ mappingMode: 'autoMap', options: { keepInputColumns: true } }),
			sheetRows(),
			{ continueOnFail: true },
		);

		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			'Long URL': 'https://example.com/a',
			Notes: 'first',
			row_number: 2,
			longUrl: 'https://example.com/a',
			shortUrl: expect.stringMatching(/^https:\/\//),
		});
		expect(items[1].json).toMatchObject({ row_number: 3, Notes: 'second' });
		expect(String(items[1].json.error)).toMatch(/^Invalid Long URL in item 1/);
		expect(items[2].json.id).not.toBe('sheet-id');
		expect(items[2].json).toMatchObject({ title: 'Sheet C', row_number: 4 });
	});

	// n8n routes an item to the error output only when it holds nothing but its error, and
	// there adds the columns of the paired row of the node before (none here: the rows are
	// the node's own input in this engine run; with a node before, in real n8n, in
	// test/e2e/sheets.e2e.test.ts).
	it('on the error output, the error item is { error, message }, so that n8n 1.x and 2.x route it there', async () => {
		const { outputs, error } = await ls.run(
			createMany({ mappingMode: 'autoMap', options: { keepInputColumns: true } }),
			sheetRows(),
			{ nodeOverrides: { onError: 'continueErrorOutput' } },
		);

		expect(error).toBeUndefined();
		const [regular = [], errors = []] = outputs;
		expect(regular.map((item) => item.json.row_number)).toEqual([2, 4]);
		expect(errors).toHaveLength(1);
		expect(errors[0].json).toEqual({
			error: 'Invalid Long URL in item 1: "not a url" is not an absolute URL',
			message: 'Check the "Long URL" column of input item 1 (counting from 0). (outcome: invalid)',
		});
	});

	it('on the error output, a link beside a sheet’s own "error" column stays on the success output', async () => {
		const rows = [
			{ 'Long URL': 'https://example.com/e', error: 'failed last week', row_number: 9 },
		];

		const { outputs, error } = await ls.run(
			createMany({ mappingMode: 'autoMap', options: { keepInputColumns: true } }),
			rows,
			{ nodeOverrides: { onError: 'continueErrorOutput' } },
		);

		expect(error).toBeUndefined();
		const [regular = [], errors = []] = outputs;
		expect(errors).toEqual([]);
		expect(regular.map((item) => [item.json.row_number, item.json.error])).toEqual([
			[9, 'failed last week'],
		]);
		expect(String(regular[0].json.shortUrl)).toMatch(/^https:\/\//);
	});

	it('a link beside a sheet’s own "error" column, from a JSON list too, is a link: its QR code, its details untouched', async () => {
		const row = { longUrl: 'https://example.com/e', error: 'failed last week', details: 'n/a' };
		const options = { keepInputColumns: true, qrCode: 'svg' };

		const mapped = await ls.run(createMany({ mappingMode: 'autoMap', options }), [row], {
			continueOnFail: true,
		});
		const listed = await ls.run(
			createMany({ mappingMode: 'jsonRows', rows: '={{ $json.rows }}', options }),
			[{ rows: [row] }],
			{ continueOnFail: true },
		);

		for (const { items } of [mapped, listed]) {
			expect(items).toHaveLength(1);
			expect(items[0].json).toMatchObject({ error: 'failed last week', details: 'n/a' });
			expect(items[0].binary?.qrCode?.mimeType).toBe('image/svg+xml');
		}
	});

	it('off by default: items hold the link only', async () => {
		const { items } = await ls.run(createMany({ mappingMode: 'autoMap' }), [sheetRows()[0]]);

		expect(items[0].json.row_number).toBeUndefined();
		expect(items[0].json.longUrl).toBe('https://example.com/a');
	});

	it('Sync Many: the row’s columns, the link and syncAction, for writing the short URL back to the sheet', async () => {
		const rows = [
			{ 'Short URL': 'https://sho.rt/kept', 'Long URL': 'https://example.com/k', row_number: 7 },
		];

		const { items, error } = await ls.run(syncMany({ options: { keepInputColumns: true } }), rows);

		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			row_number: 7,
			shortUrl: 'https://sho.rt/kept',
			syncAction: 'created',
		});
	});
});
