import { SEEDED } from '../../dev/sandbox/server';
import { exportClicks, fileOf } from '../helpers/exportFiles';
import { parseCsv } from '../helpers/csv';
import { useLinkShortener } from '../helpers/fixture';
import { fullReadBound, SERVER_PROFILES, threePagesAndSome } from './profiles';

const ANALYTICS = '/v1/analytics/clicks';
const LIST = '/v1/links/list';

/** D21: Export Clicks with Link Details reads the listing whatever page size the server serves and whether it gives `total`. */
describe.each(SERVER_PROFILES)('Export Clicks against a server with $name', ({ options }) => {
	const ls = useLinkShortener({ ...options, rateLimit: null });
	const served = () => Math.min(100, ls.sandbox.pageSizeCap);

	it('Link Details: every clicked link once, in creation order, the deleted one last, in the bound of list requests', async () => {
		const added = ls.sandbox.addLinks(threePagesAndSome(served()));
		const clicked = added.filter((_link, i) => i % 3 === 1);
		clicked.forEach((link, i) => ls.sandbox.addClicks(link.id, 1 + (i % 4)));
		const [gone] = ls.sandbox.deleteLinks([clicked[1].id]);
		const listed = SEEDED.ownLinks.length + added.length - 1;

		const { items, error } = await ls.run(
			exportClicks({ groupBy: 'link', options: { linkDetails: true } }),
		);

		expect(error).toBeUndefined();
		const rows = parseCsv(fileOf(items[0]).text);
		expect(rows.map((row) => [row.value, row.linkFound])).toEqual([
			...SEEDED.ownLinks.map((link) => [link.id, 'true']),
			...clicked.filter((link) => link !== gone).map((link) => [link.id, 'true']),
			[gone.id, 'false'],
		]);
		expect(rows.filter((row) => row.linkFound === 'true').every((row) => row.shortUrl)).toBe(true);
		expect(items[0].json.groups).toBe(SEEDED.ownLinks.length + clicked.length);
		expect(ls.requestsTo(ANALYTICS)).toHaveLength(1);
		const lists = ls.requestsTo(LIST);
		expect(lists.every((r) => JSON.stringify(r.body).includes('"order":{"createdAt":"asc"}'))).toBe(
			true,
		);
		expect(lists.length).toBeLessThanOrEqual(fullReadBound(listed, served(), !options.omitTotal));
	});
});
