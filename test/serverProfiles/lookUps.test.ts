import type { IDataObject } from 'n8n-workflow';

import { SEEDED } from '../../dev/sandbox/server';
import {
	BULK_CREATE_PATH,
	BULK_UPDATE_PATH,
	createMany,
	pairedIndices,
	updateMany,
} from '../helpers/bulk';
import { useLinkShortener } from '../helpers/fixture';
import { fullReadBound, SERVER_PROFILES, threePagesAndSome } from './profiles';

const LIST = '/v1/links/list';

/** Long URLs none of which contains another, so that a server's substring search matches one each. */
const urlOf = (prefix: string, i: number) => `https://example.com/${prefix}/${i}/`;

describe.each(SERVER_PROFILES)('link look-ups against a server with $name', ({ options }) => {
	const ls = useLinkShortener({ ...options, rateLimit: null });
	const served = () => Math.min(100, ls.sandbox.pageSizeCap);
	const hasTotal = !options.omitTotal;
	const visibleLinks = () =>
		[...ls.sandbox.links.values()].filter((link) => link.ownerId !== SEEDED.foreignUserId).length;

	it('If Link Exists (Return Existing): every existing row gets its link, the rest are created once', async () => {
		const count = threePagesAndSome(served());
		const existing = Array.from(
			{ length: count },
			(_, i) => ls.sandbox.addLinks(1, { longUrl: urlOf('exists', i) })[0],
		);
		const rows = [
			...existing.filter((_, i) => i % 2 === 0).map((link) => ({ longUrl: link.longUrl })),
			...Array.from({ length: 5 }, (_, i) => ({ longUrl: urlOf('fresh', i) })),
		];
		const total = visibleLinks();

		const { items, error } = await ls.run(
			createMany({ mappingMode: 'autoMap', options: { ifExists: 'returnExisting' } }),
			rows,
		);

		expect(error).toBeUndefined();
		expect(pairedIndices(items)).toEqual(rows.map((_, i) => i));
		const byUrl = new Map(existing.map((link) => [link.longUrl, link.id]));
		for (const [i, item] of items.entries()) {
			const known = byUrl.get(rows[i].longUrl);
			expect([item.json.linkCreated, known === undefined || item.json.id === known]).toEqual([
				known === undefined,
				true,
			]);
		}
		expect(
			ls
				.requestsTo(BULK_CREATE_PATH)
				.map((request) => (request.body as IDataObject[]).map((element) => element.longUrl)),
		).toEqual([rows.slice(-5).map((row) => row.longUrl)]);
		// the cheaper of the whole listing and one search per URL, each no more than a full read
		expect(ls.requestsTo(LIST).length).toBeLessThanOrEqual(
			Math.max(fullReadBound(total, served(), hasTotal), 1 + rows.length * (hasTotal ? 1 : 2)),
		);
	});

	it('Update Many by path: every row resolved before one PATCH, the listing read at the size served', async () => {
		const count = threePagesAndSome(served());
		const links = ls.sandbox.addLinks(count, {});
		const rows = links.map((link) => ({ path: link.path, title: `Synced ${link.path}` }));
		const total = visibleLinks();

		const { items, error } = await ls.run(updateMany({ mappingMode: 'autoMap' }), rows);

		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id)).toEqual(links.map((link) => link.id));
		expect(
			links.every((link) => ls.sandbox.links.get(link.id)?.title === `Synced ${link.path}`),
		).toBe(true);
		expect(ls.requestsTo(BULK_UPDATE_PATH)).toHaveLength(Math.ceil(count / 1_000));
		expect(ls.requestsTo(LIST).length).toBeLessThanOrEqual(
			fullReadBound(total, served(), hasTotal),
		);
	});

	it('a lost bulk answer after an earlier batch: the look-up reads past the run’s own links, every row created once', async () => {
		const rows = Array.from({ length: threePagesAndSome(served()) }, (_, i) => ({
			longUrl: urlOf('lost', i),
			title: `Row ${i}`,
		}));
		const batchSize = Math.ceil(rows.length / 2);
		ls.sandbox.addLinks(10, { createdAt: new Date(Date.now() - 3_600_000).toISOString() });
		// the first batch is answered, the second is created and its answer lost
		ls.sandbox.injectFault({
			method: 'POST',
			path: BULK_CREATE_PATH,
			times: 1,
			fault: { kind: 'delay', ms: 0 },
		});
		ls.sandbox.injectFault({
			method: 'POST',
			path: BULK_CREATE_PATH,
			times: 1,
			fault: { kind: 'dropAfterApply' },
		});

		const { items, error } = await ls.run(
			createMany({ mappingMode: 'autoMap', options: { batchSize } }),
			rows,
		);

		expect(error).toBeUndefined();
		expect(ls.requestsTo(BULK_CREATE_PATH).map((request) => request.bodyItems)).toEqual([
			batchSize,
			rows.length - batchSize,
		]);
		const created = [...ls.sandbox.links.values()].filter((link) =>
			link.longUrl.startsWith('https://example.com/lost/'),
		);
		expect(created).toHaveLength(rows.length);
		expect(new Set(created.map((link) => link.longUrl)).size).toBe(rows.length);
		expect(items.map((item) => item.json.longUrl)).toEqual(rows.map((row) => row.longUrl));
		expect(items.filter((item) => item.json.error !== undefined)).toEqual([]);
		// ⌈(rows of the batch + links of this run met on the way) / served⌉ + 1
		expect(ls.requestsTo(LIST).length).toBeLessThanOrEqual(Math.ceil(rows.length / served()) + 1);
	});

	it('Sync Many: creates the missing, updates what differs, the second run costs only the look-up', async () => {
		const count = threePagesAndSome(served());
		const links = ls.sandbox.addLinks(count, { title: 'Old' });
		const rows = [
			...links.map((link, i) => ({
				path: link.path,
				longUrl: link.longUrl,
				title: i % 2 === 0 ? 'Old' : 'New',
			})),
			{ path: 'profile-new', longUrl: urlOf('profile', 0) },
		];
		const sync = { resource: 'bulk', operation: 'syncMany', mappingMode: 'autoMap' };

		const first = await ls.run(sync, rows);
		expect(first.error).toBeUndefined();
		expect(first.items.map((item) => item.json.syncAction)).toEqual([
			...links.map((_, i) => (i % 2 === 0 ? 'unchanged' : 'updated')),
			'created',
		]);
		ls.sandbox.clearRequests();
		const total = visibleLinks();

		const second = await ls.run(sync, rows);
		expect(second.items.every((item) => item.json.syncAction === 'unchanged')).toBe(true);
		expect(ls.sandbox.requests.every((request) => request.path === LIST)).toBe(true);
		expect(ls.requestsTo(LIST).length).toBeLessThanOrEqual(
			fullReadBound(total, served(), hasTotal) + 1,
		);
	});
});
