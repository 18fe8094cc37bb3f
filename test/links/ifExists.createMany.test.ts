import type { IDataObject } from 'n8n-workflow';

import { SEEDED } from '../../dev/sandbox/server';
import { useLinkShortener } from '../helpers/fixture';
import { hintsOf } from '../helpers/hints';
import { BULK_CREATE_PATH, createMany, pairedIndices } from '../helpers/bulk';

const LIST_PATH = '/v1/links/list';
const VISIBLE_SEEDED_LINKS = SEEDED.ownLinks.length;

describe('If Link Exists: Return Existing (D11) in Bulk > Create Many', () => {
	const ls = useLinkShortener();
	const returnExisting = { ifExists: 'returnExisting' };
	const linkCount = () => ls.sandbox.links.size;

	describe('Bulk > Create Many', () => {
		const rows = (urls: string[]) => urls.map((longUrl, i) => ({ longUrl, title: `Row ${i}` }));
		const created = (items: Array<{ json: IDataObject }>) =>
			items.filter((item) => item.json.linkCreated === true).length;

		it('1,000 rows against an account of 801 links: one listing of ⌈801 / served page size⌉ pages, not 1,000 searches', async () => {
			const existing = ls.sandbox.addLinks(801 - VISIBLE_SEEDED_LINKS, {});
			const urls = [
				...existing.slice(0, 400).map((link) => link.longUrl),
				...Array.from({ length: 600 }, (_, i) => `https://example.com/fresh/${i}`),
			];

			const { items, error, run } = await ls.run(
				createMany({ mappingMode: 'autoMap', options: returnExisting }),
				rows(urls),
			);

			expect(error).toBeUndefined();
			const lists = ls.requestsTo(LIST_PATH);
			// The first page, then the others, at the size the server serves.
			expect(lists).toHaveLength(Math.ceil(801 / ls.sandbox.pageSizeCap));
			expect(lists.every((request) => (request.body as IDataObject).search === undefined)).toBe(
				true,
			);
			expect(ls.requestsTo(BULK_CREATE_PATH).map((request) => request.bodyItems)).toEqual([600]);
			expect(items).toHaveLength(1000);
			expect(pairedIndices(items)).toEqual(urls.map((_, i) => i));
			expect(items.slice(0, 400).map((item) => item.json.id)).toEqual(
				existing.slice(0, 400).map((link) => link.id),
			);
			expect(items.slice(0, 400).every((item) => item.json.linkCreated === false)).toBe(true);
			expect(created(items)).toBe(600);
			expect(hintsOf(run)).toEqual([
				'400 of 1000 items were not created: the account already had a link with the same long URL, or an earlier item had it (If Link Exists: Return Existing). Their items have "linkCreated": false.',
			]);
		});

		it('re-running a 10,000-row import that stopped after 6,000 creates exactly the 4,000 missing links', async () => {
			const urls = Array.from({ length: 10_000 }, (_, i) => `https://example.com/import/${i}`);
			for (let i = 0; i < 6000; i++) ls.sandbox.addLinks(1, { longUrl: urls[i] });
			const before = linkCount();
			const total = 6000 + VISIBLE_SEEDED_LINKS;

			const { items, error } = await ls.run(
				createMany({ mappingMode: 'autoMap', options: returnExisting }),
				rows(urls),
			);

			expect(error).toBeUndefined();
			expect(ls.requestsTo(LIST_PATH)).toHaveLength(Math.ceil(total / ls.sandbox.pageSizeCap));
			const bulk = ls.requestsTo(BULK_CREATE_PATH);
			expect(bulk.map((request) => request.bodyItems)).toEqual([4000]);
			expect((bulk[0].body as IDataObject[]).map((element) => element.longUrl)).toEqual(
				urls.slice(6000),
			);
			expect(linkCount() - before).toBe(4000);
			expect(items).toHaveLength(10_000);
			expect(created(items)).toBe(4000);
			expect(items.slice(0, 6000).every((item) => item.json.linkCreated === false)).toBe(true);

			ls.sandbox.clearRequests();
			const again = await ls.run(
				createMany({ mappingMode: 'autoMap', options: returnExisting }),
				rows(urls),
			);
			expect(again.error).toBeUndefined();
			expect(ls.requestsTo(BULK_CREATE_PATH)).toHaveLength(0);
			expect(created(again.items)).toBe(0);
			expect(linkCount() - before).toBe(4000);
		});

		it('a long URL repeated in the input is created once; the repeats get that link', async () => {
			const urls = ['https://example.com/a', 'https://example.com/a', 'https://example.com/b'];

			const { items, error } = await ls.run(
				createMany({ mappingMode: 'autoMap', options: returnExisting }),
				rows(urls),
			);

			expect(error).toBeUndefined();
			expect(ls.requestsTo(BULK_CREATE_PATH).map((request) => request.body)).toEqual([
				[
					{ longUrl: 'https://example.com/a', title: 'Row 0' },
					{ longUrl: 'https://example.com/b', title: 'Row 2' },
				],
			]);
			expect(items.map((item) => [item.json.linkCreated, item.pairedItem])).toEqual([
				[true, { item: 0 }],
				[false, { item: 1 }],
				[true, { item: 2 }],
			]);
			expect(items[1].json.id).toBe(items[0].json.id);
		});

		it('with the default, creates every row and adds no linkCreated', async () => {
			const { items } = await ls.run(
				createMany({ mappingMode: 'autoMap' }),
				rows([SEEDED.ownLinks[0].longUrl]),
			);

			expect(ls.requestsTo(LIST_PATH)).toHaveLength(0);
			expect(ls.requestsTo(BULK_CREATE_PATH)).toHaveLength(1);
			expect(items[0].json.linkCreated).toBeUndefined();
		});
	});
});
