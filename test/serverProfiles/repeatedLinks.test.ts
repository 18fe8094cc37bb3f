import type { IDataObject } from 'n8n-workflow';

import { SEEDED } from '../../dev/sandbox/server';
import { BULK_CREATE_PATH, BULK_UPDATE_PATH, createMany, syncMany } from '../helpers/bulk';
import { useLinkShortener } from '../helpers/fixture';
import { fullReadBound, SERVER_PROFILES, threePagesAndSome } from './profiles';

const LIST = '/v1/links/list';
const ONE_LINK = '/v1/links/';

const urlOf = (prefix: string, i: number) => `https://example.com/${prefix}/${i}/`;

/** Rows naming the same link several times: the plan looks each link up once and writes it at most once. */
describe.each(SERVER_PROFILES)(
	'rows repeating a link against a server with $name',
	({ options }) => {
		const ls = useLinkShortener({ ...options, rateLimit: null });
		const served = () => Math.min(100, ls.sandbox.pageSizeCap);
		const hasTotal = !options.omitTotal;
		const visibleLinks = () =>
			[...ls.sandbox.links.values()].filter((link) => link.ownerId !== SEEDED.foreignUserId).length;
		const writes = () =>
			ls.sandbox.requests.filter((request) => request.method !== 'GET' && request.path !== LIST);

		it('Link > Create, Return Existing: each long URL looked up once, a new one created once, the repeats get its link', async () => {
			ls.sandbox.addLinks(threePagesAndSome(served()), {});
			const existing = [0, 1].map(
				(i) => ls.sandbox.addLinks(1, { longUrl: urlOf('exists', i) })[0],
			);
			const fresh = [urlOf('fresh', 0), urlOf('fresh', 1)];
			const urls = [
				fresh[0],
				existing[0].longUrl,
				fresh[0],
				fresh[1],
				existing[0].longUrl,
				fresh[0],
				existing[1].longUrl,
				fresh[1],
			];
			const total = visibleLinks();

			const { items, error } = await ls.run(
				{
					resource: 'link',
					operation: 'create',
					longUrl: '={{ $json.url }}',
					options: { ifExists: 'returnExisting' },
				},
				urls.map((url) => ({ url })),
			);

			expect(error).toBeUndefined();
			expect(items.map((item) => [item.pairedItem, item.json.longUrl])).toEqual(
				urls.map((url, i) => [{ item: i }, url]),
			);
			expect(items.map((item) => item.json.linkCreated)).toEqual([
				true,
				false,
				false,
				true,
				false,
				false,
				false,
				false,
			]);
			const idOf = (url: string) => items[urls.indexOf(url)].json.id;
			for (const [i, url] of urls.entries()) expect(items[i].json.id).toBe(idOf(url));
			expect([idOf(existing[0].longUrl), idOf(existing[1].longUrl)]).toEqual(
				existing.map((link) => link.id),
			);
			// One POST per new long URL, nothing else written; a link that exists is the look-up's record.
			expect(
				writes().map((request) => [request.path, (request.body as IDataObject).longUrl]),
			).toEqual([
				[ONE_LINK, fresh[0]],
				[ONE_LINK, fresh[1]],
			]);
			expect(ls.sandbox.requests.filter((request) => request.method === 'GET')).toEqual([]);
			// the cheaper of the whole listing and one search per distinct URL
			expect(ls.requestsTo(LIST).length).toBeLessThanOrEqual(
				Math.max(fullReadBound(total, served(), hasTotal), 1 + 4 * (hasTotal ? 1 : 2)),
			);
		});

		it('Create Many, Return Existing: one bulk create holding each new long URL once, the repeats get its link', async () => {
			ls.sandbox.addLinks(threePagesAndSome(served()), {});
			const [existing] = ls.sandbox.addLinks(1, { longUrl: urlOf('exists', 0) });
			const fresh = [urlOf('fresh', 0), urlOf('fresh', 1)];
			const urls = [fresh[0], existing.longUrl, fresh[0], fresh[1], existing.longUrl, fresh[1]];
			const total = visibleLinks();

			const { items, error } = await ls.run(
				createMany({ mappingMode: 'autoMap', options: { ifExists: 'returnExisting' } }),
				urls.map((longUrl) => ({ longUrl })),
			);

			expect(error).toBeUndefined();
			expect(
				items.map((item) => [item.pairedItem, item.json.longUrl, item.json.linkCreated]),
			).toEqual(urls.map((url, i) => [{ item: i }, url, i === 0 || i === 3]));
			for (const [i, url] of urls.entries())
				expect(items[i].json.id).toBe(items[urls.indexOf(url)].json.id);
			expect(items[1].json.id).toBe(existing.id);
			expect(writes().map((request) => [request.path, request.body])).toEqual([
				[BULK_CREATE_PATH, fresh.map((longUrl) => ({ longUrl }))],
			]);
			expect(ls.requestsTo(LIST).length).toBeLessThanOrEqual(
				Math.max(fullReadBound(total, served(), hasTotal), 1 + 3 * (hasTotal ? 1 : 2)),
			);
		});

		it('Sync Many: a link named several times is written once, its repeats refused before any write (Continue)', async () => {
			const links = ls.sandbox.addLinks(threePagesAndSome(served()), { title: 'Old' });
			const [same, changed] = links;
			const rows = [
				{ path: changed.path, longUrl: changed.longUrl, title: 'New' },
				{ path: same.path, longUrl: same.longUrl, title: 'Old' },
				{ path: 'repeated-new', longUrl: urlOf('sync', 0) },
				{ path: changed.path, longUrl: changed.longUrl, title: 'Newer' },
				{ path: 'repeated-new', longUrl: urlOf('sync', 1) },
				{ path: same.path, longUrl: same.longUrl, title: 'Old' },
			];
			const total = visibleLinks();

			const { items, error } = await ls.run(syncMany(), rows, { continueOnFail: true });

			expect(error).toBeUndefined();
			expect(items.map((item) => item.pairedItem)).toEqual(rows.map((_, i) => ({ item: i })));
			expect(items.map((item) => item.json.syncAction ?? item.json.error)).toEqual([
				'updated',
				'unchanged',
				'created',
				'Not synced: input item 3: input item 0 names the same link; a sheet must name each link once',
				'Not synced: input item 4: input item 2 names the same link; a sheet must name each link once',
				'Not synced: input item 5: input item 1 names the same link; a sheet must name each link once',
			]);
			expect(items[0].json).toMatchObject({
				id: changed.id,
				title: 'New',
				changedFields: ['title'],
			});
			// One create of one element, then one update of one element, nothing else written.
			expect(writes().map((request) => [request.path, request.body])).toEqual([
				[BULK_CREATE_PATH, [{ path: 'repeated-new', longUrl: urlOf('sync', 0) }]],
				[BULK_UPDATE_PATH, [{ id: changed.id, title: 'New' }]],
			]);
			expect(ls.requestsTo(LIST).length).toBeLessThanOrEqual(
				fullReadBound(total, served(), hasTotal) + 1,
			);
		});
	},
);
