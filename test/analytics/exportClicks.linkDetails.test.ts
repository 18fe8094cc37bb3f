import { SEEDED } from '../../dev/sandbox/server';
import { exportClicks, fileOf } from '../helpers/exportFiles';
import { parseCsv } from '../helpers/csv';
import { useLinkShortener } from '../helpers/fixture';
import { byId } from '../link/locatorValues';

const ANALYTICS = '/v1/analytics/clicks';
const LIST = '/v1/links/list';
const DETAILS_HEADER = 'groupBy,value,clicks,shortUrl,longUrl,title,linkFound';
const [spring, launch, docs] = SEEDED.ownLinks;

/** D21: Export Clicks by link with Link Details, joined from one listing of the account. */
describe('Analytics > Export Clicks, Link Details', () => {
	const ls = useLinkShortener();

	it('Link Details: links on every page, in creation order; a link the listing no longer has last; the account listed as Export lists it', async () => {
		const added = ls.sandbox.addLinks(250);
		const clicked = [0, 59, 60, 130, 249].map((i) => added[i]);
		clicked.forEach((link, i) => ls.sandbox.addClicks(link.id, i + 1));
		ls.sandbox.deleteLinks([added[59].id]);

		const { items, error } = await ls.run(
			exportClicks({ groupBy: 'link', options: { linkDetails: true } }),
		);

		expect(error).toBeUndefined();
		const rows = parseCsv(fileOf(items[0]).text);
		expect(rows.map((row) => [row.value, row.clicks, row.linkFound])).toEqual([
			[spring.id, '20', 'true'],
			[launch.id, '12', 'true'],
			[docs.id, '4', 'true'],
			[added[0].id, '1', 'true'],
			[added[60].id, '3', 'true'],
			[added[130].id, '4', 'true'],
			[added[249].id, '5', 'true'],
			[added[59].id, '2', 'false'],
		]);
		expect(rows[4]).toMatchObject({ shortUrl: added[60].shortUrl, title: added[60].title });
		expect(items[0].json).toMatchObject({ groups: 8, clicks: 51 });
		expect(ls.requestsTo(ANALYTICS)).toHaveLength(1);
		// 252 links at 60 a page: 5 pages, each asked oldest first.
		expect(ls.requestsTo(LIST).map((r) => r.body)).toEqual(
			[1, 2, 3, 4, 5].map((page) => ({
				order: { createdAt: 'asc' },
				page,
				itemsPerPage: 100,
			})),
		);
	});

	it('Link Details: the listing stops once every clicked link is written, and is skipped when there is no group', async () => {
		ls.sandbox.addLinks(300);

		const { items } = await ls.run(
			exportClicks({ groupBy: 'link', options: { linkDetails: true } }),
		);
		expect(items[0].json).toMatchObject({ groups: 3, clicks: 36 });
		expect(ls.requestsTo(LIST)).toHaveLength(1);

		ls.sandbox.clearRequests();
		const [quiet] = ls.sandbox.addLinks(1);
		const none = await ls.run(
			exportClicks({ groupBy: 'link', linkId: byId(quiet.id), options: { linkDetails: true } }),
		);
		expect(none.error).toBeUndefined();
		expect(fileOf(none.items[0]).text).toBe(`${DETAILS_HEADER}\r\n`);
		expect(none.items[0].json).toMatchObject({ groups: 0, clicks: 0 });
		expect(ls.sandbox.requests.map((r) => [r.path, r.query.link_id])).toEqual([
			[ANALYTICS, quiet.id],
		]);
	});

	it('Link Details with another Group By is ignored, as in Get Clicks: no listing, three columns', async () => {
		const { items } = await ls.run(
			exportClicks({ groupBy: 'country', options: { linkDetails: true } }),
		);

		expect(fileOf(items[0]).text.split('\r\n')[0]).toBe('groupBy,value,clicks');
		expect(ls.sandbox.requests.map((r) => r.path)).toEqual([ANALYTICS]);
	});

	it('a group named twice: two rows as served; one row with their sum when details are joined', async () => {
		ls.sandbox.injectFault({
			path: ANALYTICS,
			times: 2,
			fault: {
				kind: 'status',
				status: 200,
				body: {
					data: [
						{ value: spring.id, clicks: 2 },
						{ value: launch.id, clicks: 1 },
						{ value: spring.id, clicks: 3 },
					],
				},
			},
		});

		const plain = await ls.run(exportClicks({ groupBy: 'link' }));
		const joined = await ls.run(exportClicks({ groupBy: 'link', options: { linkDetails: true } }));

		const rows = (text: string) => parseCsv(text).map((row) => [row.value, row.clicks]);
		expect(rows(fileOf(plain.items[0]).text)).toEqual([
			[spring.id, '2'],
			[launch.id, '1'],
			[spring.id, '3'],
		]);
		expect(rows(fileOf(joined.items[0]).text)).toEqual([
			[spring.id, '5'],
			[launch.id, '1'],
		]);
		expect(joined.items[0].json).toMatchObject({ groups: 2, clicks: 6 });
	});
});
