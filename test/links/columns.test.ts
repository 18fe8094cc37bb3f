import type { IDataObject } from 'n8n-workflow';

import {
	BULK_CREATE_PATH,
	BULK_UPDATE_PATH,
	createMany,
	syncMany,
	updateMany,
} from '../helpers/bulk';
import { useLinkShortener } from '../helpers/fixture';
import { hintsOf } from '../helpers/hints';
import { DATE_FORMS } from '../helpers/messages';

/**
 * Map Automatically reads sheets as people keep them (D17). The rows have the shapes real
 * sources give: n8n's Extract From File on a CSV (header text as keys, every value a string, a
 * blank cell `""` or left out, spaces as typed) and n8n's Google Sheets node "Get Row(s)"
 * (header text as keys, `""` for a blank cell, and its own `row_number`, a number: in n8n's
 * `nodes-base/nodes/Google/Sheet/v2/helpers/`, `addRowNumber` in GoogleSheets.utils.ts and
 * `structureArrayDataByColumn` in GoogleSheet.ts, read in n8n-nodes-base 2.41.1), and Extract
 * From File on an XLSX written by Convert to File (blank cells kept as `""`, numbers as numbers:
 * measured in real n8n 2.41.1, test/e2e/sheets.e2e.test.ts asserts that shape).
 */
describe('Map Automatically: columns named as people name them (D17)', () => {
	const ls = useLinkShortener();

	it('Create Many reads Long URL, long_url, LONG-URL, LongUrl, Title, Expires and UTM Source; blank cells are not sent and spaces are trimmed', async () => {
		const rows: IDataObject[] = [
			{ 'Long URL': ' https://example.com/a ', Title: ' Spring ', Tags: '', row_number: 2 },
			{ long_url: 'https://example.com/b', title: '   ', Expires: '2027-01-31', row_number: 3 },
			{ 'LONG-URL': 'https://example.com/c', 'UTM Source': 'sheet', row_number: 4 },
			{ LongUrl: 'https://example.com/d', 'Expiry ': '2027-02-01T10:00:00Z', row_number: 5 },
		];

		const { error, run } = await ls.run(createMany({ mappingMode: 'autoMap' }), rows);

		expect(error).toBeUndefined();
		expect(ls.requestsTo(BULK_CREATE_PATH).map((request) => request.body)).toEqual([
			[
				{ longUrl: 'https://example.com/a', title: 'Spring' },
				{ longUrl: 'https://example.com/b', expiredAt: expect.stringMatching(/^2027-01-31/) },
				{ longUrl: 'https://example.com/c?utm_source=sheet' },
				{ longUrl: 'https://example.com/d', expiredAt: '2027-02-01T10:00:00.000Z' },
			],
		]);
		expect(hintsOf(run)).toEqual([
			'Map Automatically did not use these columns: row_number. Columns are matched to the link fields by name, in any case, with spaces, "_", "-" and "." ignored.',
		]);
	});

	it('two columns that name the same field refuse the run before any request, naming both', async () => {
		const rows = [{ longUrl: 'https://example.com/a', 'Long URL': 'https://example.com/b' }];

		const { error } = await ls.run(createMany({ mappingMode: 'autoMap' }), rows);

		expect(error?.message).toBe(
			'The columns "longUrl" and "Long URL" both give longUrl: Map Automatically cannot tell which to use',
		);
		expect(ls.sandbox.requests).toHaveLength(0);
	});

	it('a row without a long URL names the columns looked for and the row’s own', async () => {
		const rows = [
			{ 'Long URL': 'https://example.com/a' },
			{ 'Long URL': '  ' },
			{ Link: 'https://example.com/c', Name: 'C', Notes: '' },
		];

		const { items, error } = await ls.run(createMany({ mappingMode: 'autoMap' }), rows, {
			continueOnFail: true,
		});

		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.error)).toEqual([
			undefined,
			'Invalid Long URL in item 1: its "Long URL" cell is blank',
			'Invalid Long URL in item 2: no column is named like longUrl (any case; spaces, "_", "-" and "." ignored, e.g. "Long URL"); the row\'s columns are Link, Name, Notes',
		]);
	});

	it('a date as a sheet may hold it otherwise (31/01/2027) is refused with the forms taken; an ISO date with a zone is taken', async () => {
		const rows = [
			{ 'Long URL': 'https://example.com/a', Expires: '31/01/2027' },
			{ 'Long URL': 'https://example.com/b', Expires: '2027-01-31T09:30:00+02:00' },
		];

		const { items } = await ls.run(createMany({ mappingMode: 'autoMap' }), rows, {
			continueOnFail: true,
		});

		expect(items[0].json.error).toBe(
			`Invalid Expires At in item 0 (column "Expires"): "31/01/2027" is not a date: ${DATE_FORMS}`,
		);
		expect(items[0].json.details).toMatchObject({
			description: 'Check the "Expires" column of input item 0 (counting from 0).',
		});
		expect(items[1].json.expiredAt).toBe('2027-01-31T07:30:00.000Z');
	});

	it('a bad value names the column it came from, in Create Many, Update Many and Sync Many', async () => {
		const [link] = ls.sandbox.addLinks(1);
		const create = await ls.run(
			createMany({ mappingMode: 'autoMap' }),
			[{ long_url: 'example.com/a', Notes: '' }],
			{ continueOnFail: true },
		);
		const update = await ls.run(
			updateMany({ mappingMode: 'autoMap' }),
			[
				{ 'Link ID': 'spring sale', Title: 'x' },
				{ 'Short URL': link.shortUrl, Expiry: 'next Friday' },
				{ Title: 'x', Notes: '', row_number: 4 },
				{ 'Link ID': ' ', 'Short URL': '', Title: 'x' },
			],
			{ continueOnFail: true },
		);
		const sync = await ls.run(
			syncMany({ matchBy: 'path' }),
			[
				{ 'Long URL': 'https://example.com/s', 'Short URL': link.id },
				{ 'Long URL': 'https://example.com/t', Notes: 'no link column' },
			],
			{ continueOnFail: true },
		);

		expect(create.items[0].json.error).toBe(
			'Invalid Long URL in item 0 (column "long_url"): "example.com/a" is not an absolute URL',
		);
		expect(update.items.map((item) => item.json.error)).toEqual([
			'Invalid ID in item 0 (column "Link ID"): "spring sale" is neither a link ID, a short URL nor a path',
			`Invalid Expires At in item 1 (column "Expiry"): "next Friday" is not a date: ${DATE_FORMS}`,
			`Invalid ID in item 2: no column is named like id, shortUrl or path (any case; spaces, "_", "-" and "." ignored); the row's columns are Title, Notes, row_number`,
			'Invalid ID in item 3: its "Link ID", "Short URL" cells are blank',
		]);
		expect(update.items[1].json.details).toMatchObject({
			description: 'Check the "Expiry" column of input item 1 (counting from 0).',
		});
		expect(sync.items.map((item) => item.json.error)).toEqual([
			'Invalid shortUrl or path in item 0 (column "Short URL"): Sync Many matches by short URL or path: give one, not a link ID',
			`Invalid shortUrl or path in item 1: no column is named like shortUrl or path (any case; spaces, "_", "-" and "." ignored); the row's columns are Long URL, Notes`,
		]);
		expect(ls.sandbox.requests.filter((request) => request.method !== 'GET')).toEqual([]);
	});

	it('rows of an XLSX (numbers as numbers, blank cells as ""): a number is taken as a title, blanks are not sent', async () => {
		const rows = [
			{ 'Long URL': ' https://example.com/x ', Title: 2027, Expires: '', Notes: '', row_number: 2 },
			{
				'Long URL': 'https://example.com/y',
				Title: '',
				Expires: '2027-01-31',
				Notes: 'n',
				row_number: 3,
			},
		];

		const { error } = await ls.run(createMany({ mappingMode: 'autoMap' }), rows);

		expect(error).toBeUndefined();
		expect(ls.requestsTo(BULK_CREATE_PATH).map((request) => request.body)).toEqual([
			[
				{ longUrl: 'https://example.com/x', title: '2027' },
				{ longUrl: 'https://example.com/y', expiredAt: expect.stringMatching(/^2027-01-3/) },
			],
		]);
	});

	it('Update Many takes a Link ID column and leaves a blank Tags cell alone', async () => {
		const [link] = ls.sandbox.addLinks(1, { title: 'Old' });

		const { error } = await ls.run(updateMany({ mappingMode: 'autoMap' }), [
			{ 'Link ID': link.id, Title: 'New ', Tags: '', Notes: 'x' },
		]);

		expect(error).toBeUndefined();
		expect(ls.requestsTo(BULK_UPDATE_PATH).map((request) => request.body)).toEqual([
			[{ id: link.id, title: 'New' }],
		]);
	});

	it('Sync Many of an exported CSV (Short URL, Long URL, Title, Tags, Notes, blank cells): first run writes only what differs, the second nothing', async () => {
		const [same, retitled] = ls.sandbox.addLinks(2, { title: 'Spring' });
		const csvRows: IDataObject[] = [
			{
				'Short URL': same.shortUrl,
				'Long URL': same.longUrl,
				Title: 'Spring',
				Tags: '',
				Notes: '',
			},
			{
				'Short URL': ` ${retitled.shortUrl} `,
				'Long URL': retitled.longUrl,
				Title: 'Summer',
				Tags: '',
				Notes: 'renamed',
			},
			{
				'Short URL': 'https://sho.rt/from-sheet',
				'Long URL': 'https://example.com/from-sheet',
				Title: 'New',
				Notes: '',
			},
		];

		const first = await ls.run(syncMany(), csvRows);

		expect(first.error).toBeUndefined();
		expect(first.items.map((item) => item.json.syncAction)).toEqual([
			'unchanged',
			'updated',
			'created',
		]);
		expect(ls.requestsTo(BULK_UPDATE_PATH).map((request) => request.body)).toEqual([
			[{ id: retitled.id, title: 'Summer' }],
		]);
		ls.sandbox.clearRequests();

		const second = await ls.run(syncMany(), csvRows);

		expect(second.items.map((item) => item.json.syncAction)).toEqual([
			'unchanged',
			'unchanged',
			'unchanged',
		]);
		expect(ls.requestsTo(BULK_CREATE_PATH)).toHaveLength(0);
		expect(ls.requestsTo(BULK_UPDATE_PATH)).toHaveLength(0);
	});
});

describe("A leading ' before a formula (D17, D20)", () => {
	const ls = useLinkShortener();

	it("is removed once before a formula (or before the quotes of one), so that a defused formula is sent as it was; other leading ' stay", async () => {
		const rows = [
			{ 'Long URL': 'https://example.com/a', Title: "'=1+1" },
			{ 'Long URL': 'https://example.com/b', Title: "''=twice" },
			{ 'Long URL': 'https://example.com/c', Title: "'quoted" },
			{ 'Long URL': 'https://example.com/d', Title: "'-5", Tags: "'@team, b" },
		];

		const { error } = await ls.run(createMany({ mappingMode: 'autoMap' }), rows);

		expect(error).toBeUndefined();
		expect(ls.requestsTo(BULK_CREATE_PATH)[0].body).toEqual([
			{ longUrl: 'https://example.com/a', title: '=1+1' },
			{ longUrl: 'https://example.com/b', title: "'=twice" },
			{ longUrl: 'https://example.com/c', title: "'quoted" },
			{ longUrl: 'https://example.com/d', title: '-5', tags: [{ name: '@team' }, { name: 'b' }] },
		]);
	});
});
