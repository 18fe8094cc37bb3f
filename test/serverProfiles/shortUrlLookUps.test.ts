import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { BULK_UPDATE_PATH, syncMany, updateMany } from '../helpers/bulk';
import { dayCompletedPoll } from '../helpers/dayCompleted';
import { useLinkShortener } from '../helpers/fixture';
import { byUrl } from '../link/locatorValues';
import { fullReadBound, SERVER_PROFILES } from './profiles';

const LIST = '/v1/links/list';
const CLICKS = '/v1/analytics/clicks';

/** The operations that take a short URL in the "Link" locator, run over every input item. */
const LOCATOR_OPERATIONS: Array<[string, (url: string) => INodeParameters, string]> = [
	['Link > Get', (url) => ({ resource: 'link', operation: 'get', linkId: byUrl(url) }), ''],
	[
		'Link > Update',
		(url) => ({
			resource: 'link',
			operation: 'update',
			linkId: byUrl(url),
			updateFields: { title: 'Updated' },
		}),
		BULK_UPDATE_PATH,
	],
	[
		'Analytics > Get Clicks',
		(url) => ({
			resource: 'analytics',
			operation: 'getClicks',
			groupBy: 'day',
			linkId: byUrl(url),
		}),
		CLICKS,
	],
	[
		'Analytics > Export Clicks',
		(url) => ({
			resource: 'analytics',
			operation: 'exportClicks',
			groupBy: 'day',
			linkId: byUrl(url),
		}),
		CLICKS,
	],
];

/** One look-up rule for a short URL (D14), whatever page size the server serves and whether it gives `total`. */
describe.each(SERVER_PROFILES)('short URLs against a server with $name', ({ options }) => {
	const ls = useLinkShortener({ ...options, rateLimit: null });
	const served = () => Math.min(100, ls.sandbox.pageSizeCap);
	const hasTotal = !options.omitTotal;

	/** Two links the short URL of `first` names: the second has its path and its short URL over http. */
	const twoLinksOneShortUrl = () => {
		const [first, second] = ls.sandbox.addLinks(2, {});
		Object.assign(second, {
			path: first.path,
			shortUrl: first.shortUrl.replace(/^https:/, 'http:'),
		});
		return { url: first.shortUrl, ids: [first.id, second.id] };
	};

	it.each(LOCATOR_OPERATIONS)(
		'%s: four rows naming one short URL cost one look-up (before: one search per row)',
		async (_name, parameters, sentTo) => {
			const [link] = ls.sandbox.addLinks(1, {});
			const rows = [{}, {}, {}, {}];

			const { items, error } = await ls.run(parameters(link.shortUrl), rows);

			expect(error).toBeUndefined();
			expect(items.filter((item) => item.json.error !== undefined)).toEqual([]);
			// one search whose answer is one link
			expect(ls.requestsTo(LIST).length).toBeLessThanOrEqual(fullReadBound(1, served(), hasTotal));
			if (sentTo === CLICKS)
				expect(ls.requestsTo(CLICKS).map((r) => r.query?.link_id)).toEqual(rows.map(() => link.id));
			if (sentTo === BULK_UPDATE_PATH)
				expect(ls.requestsTo(BULK_UPDATE_PATH).map((r) => r.body)).toEqual(
					rows.map(() => [{ id: link.id, title: 'Updated' }]),
				);
			if (sentTo === '') expect(items.map((item) => item.json.id)).toEqual(rows.map(() => link.id));
		},
	);

	it('Link > Get: three short URLs named twice each cost at most one listing page and one search each (before: six searches)', async () => {
		const links = ls.sandbox.addLinks(3, {});
		const rows = [...links, ...links].map((link) => ({ url: link.shortUrl }));

		const { items, error } = await ls.run(
			{ resource: 'link', operation: 'get', linkId: byUrl('={{ $json.url }}') },
			rows,
		);

		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id)).toEqual([...links, ...links].map((link) => link.id));
		// the cheaper of the listing and one search per distinct short URL, after one page
		expect(ls.requestsTo(LIST).length).toBeLessThanOrEqual(1 + links.length);
	});

	it.each(LOCATOR_OPERATIONS)(
		'%s: a short URL two links answer is refused, naming both, and nothing is sent for it',
		async (_name, parameters, sentTo) => {
			const { url, ids } = twoLinksOneShortUrl();

			const { items } = await ls.run(parameters(url), [{}], { continueOnFail: true });

			expect(items).toHaveLength(1);
			const message = String(items[0].json.error);
			expect(message).toMatch(/^Several links have the short URL /);
			for (const id of ids) expect(message).toContain(id);
			expect(ls.sandbox.requests.every((r) => r.path === LIST)).toBe(true);
			if (sentTo) expect(ls.requestsTo(sentTo)).toEqual([]);
		},
	);

	it('Link > Get without Continue: the run stops on the ambiguous short URL', async () => {
		const { url } = twoLinksOneShortUrl();

		const { error } = await ls.run({ resource: 'link', operation: 'get', linkId: byUrl(url) });

		expect(error?.message).toMatch(/^Several links have the short URL .*; give the link's ID$/);
	});

	it('Update Many and Sync Many refuse the row of a short URL two links answer', async () => {
		const { url, ids } = twoLinksOneShortUrl();
		const run = { continueOnFail: true };

		const updated = await ls.run(
			updateMany({ mappingMode: 'autoMap' }),
			[{ shortUrl: url, title: 'x' }],
			run,
		);
		const row = { shortUrl: url, longUrl: 'https://example.com/x', title: 'x' };
		const synced = await ls.run(syncMany(), [row], run);

		expect(String(updated.items[0].json.error)).toMatch(/^Several links have the short URL /);
		for (const id of ids) expect(String(updated.items[0].json.error)).toContain(id);
		expect((synced.items[0].json.details as IDataObject).outcome).toBe('notSynced');
		expect(String(synced.items[0].json.error)).toContain(`several links have the short URL`);
		for (const id of ids) expect(String(synced.items[0].json.error)).toContain(id);
		expect(ls.sandbox.requests.every((r) => r.path === LIST)).toBe(true);
	});

	it('Day Completed: a short URL two links answer is an error of the poll, no clicks asked for', async () => {
		const { url } = twoLinksOneShortUrl();
		const live = await dayCompletedPoll(ls, url);

		expect(live.errors.map((error) => error.message)).toEqual([
			expect.stringMatching(/^Several links have the short URL /),
		]);
		expect(ls.requestsTo(CLICKS)).toEqual([]);
	});
});
