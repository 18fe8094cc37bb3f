import type { IDataObject } from 'n8n-workflow';

import { SEEDED } from '../../dev/sandbox/server';
import { NODE_TYPE, TOOL_TYPE, useLinkShortener } from '../helpers/fixture';
import { byId, byUrl } from '../link/locatorValues';

const ANALYTICS = '/v1/analytics/clicks';
const [spring, launch, docs] = SEEDED.ownLinks;

/** D16: every group read the same whatever the server's shape, Top, Link and Link Details. */
describe('Analytics > Get Clicks: groups a sheet can take', () => {
	const ls = useLinkShortener();
	const getClicks = (parameters: object) => ({
		resource: 'analytics',
		operation: 'getClicks',
		...parameters,
	});
	const groups = (items: Array<{ json: IDataObject }>) =>
		items.map(({ json }) => [json.groupBy, json.value, json.clicks]);

	it.each([
		['data as an array of { value, clicks }', undefined],
		['data.items of { key, count }', 'items'],
		['a bare array of { name, total }', 'bare'],
		['elements keyed by the dimension, counted in their only number', 'dimension'],
	] as const)('reads %s', async (_name, shape) => {
		if (shape)
			ls.sandbox.injectFault({ path: ANALYTICS, fault: { kind: 'analyticsShape', shape } });

		const { items, error } = await ls.run(getClicks({ groupBy: 'link' }));

		expect(error).toBeUndefined();
		expect(groups(items)).toEqual([
			['link', spring.id, 20],
			['link', launch.id, 12],
			['link', docs.id, 4],
		]);
	});

	it('an element without a readable count is an error naming it, never a 0', async () => {
		ls.sandbox.injectFault({
			path: ANALYTICS,
			fault: { kind: 'replaceElements', elements: { '1': { value: 'FR', clicks: 'many' } } },
		});

		const { error } = await ls.run(getClicks({ groupBy: 'country' }));

		expect(error?.message).toBe(
			'The analytics answer\'s element 1 has no click count: {"value":"FR","clicks":"many"}',
		);
	});

	it('Top 2 of countries: the two most clicked; Top 3 of days: the three latest, oldest first', async () => {
		const countries = await ls.run(getClicks({ groupBy: 'country', options: { top: 2 } }));
		const all = await ls.run(getClicks({ groupBy: 'country' }));
		const days = await ls.run(getClicks({ groupBy: 'day', options: { top: 3 } }));
		const allDays = await ls.run(getClicks({ groupBy: 'day' }));

		const byClicks = [...all.items].sort(
			(a, b) =>
				Number(b.json.clicks) - Number(a.json.clicks) ||
				String(a.json.value).localeCompare(String(b.json.value)),
		);
		expect(groups(countries.items)).toEqual(groups(byClicks.slice(0, 2)));
		const latest = allDays.items
			.map((item) => String(item.json.value))
			.sort()
			.slice(-3);
		expect(days.items.map((item) => item.json.value)).toEqual(latest);
	});

	it('a Top that is not a whole number of at least 0 is refused before any request; "2" is Top 2', async () => {
		const { error } = await ls.run(getClicks({ groupBy: 'country', options: { top: 1.5 } }));
		expect(error?.message).toMatch(
			/^Invalid Top in item 0: give a whole number, 0 for every group/,
		);
		expect(ls.sandbox.requests).toHaveLength(0);

		const { items } = await ls.run(getClicks({ groupBy: 'country', options: { top: '2' } }));
		expect(items).toHaveLength(2);
	});

	it('Link by ID or by short URL is sent as link_id', async () => {
		await ls.run(getClicks({ groupBy: 'day', linkId: byId(launch.id) }));
		await ls.run(getClicks({ groupBy: 'day', linkId: byUrl(`https://sho.rt/${docs.path}`) }));

		const sent = ls.requestsTo(ANALYTICS).map((request) => request.query.link_id);
		expect(sent).toEqual([launch.id, docs.id]);
	});

	it('Link Details: short URL, long URL and title per link, one GET per link; a deleted link says linkFound: false', async () => {
		ls.sandbox.links.delete(docs.id);

		const { items, error } = await ls.run(
			getClicks({ groupBy: 'link', options: { linkDetails: true } }),
		);

		expect(error).toBeUndefined();
		expect(items.map(({ json }) => [json.value, json.title, json.linkFound])).toEqual([
			[spring.id, spring.title, true],
			[launch.id, launch.title, true],
			[docs.id, undefined, false],
		]);
		expect(items[0].json).toMatchObject({
			shortUrl: `https://sho.rt/${spring.path}`,
			longUrl: spring.longUrl,
		});
		// 3 links: 3 GETs, fewer than a listing's first page and the rest.
		expect(ls.sandbox.requests.filter((r) => r.path.startsWith('/v1/links/'))).toHaveLength(3);
	});

	it('Link Details for many links: one listing instead of a GET per link', async () => {
		const added = ls.sandbox.addLinks(40);
		for (const link of added) ls.sandbox.addClicks(link.id, 2);
		ls.sandbox.setPageSizeCap(50);

		const { items } = await ls.run(getClicks({ groupBy: 'link', options: { linkDetails: true } }));

		expect(items).toHaveLength(43);
		expect(items.every((item) => item.json.linkFound === true)).toBe(true);
		const lists = ls.requestsTo('/v1/links/list');
		expect(lists).toHaveLength(1);
		expect(ls.sandbox.requests.filter((r) => r.method === 'GET' && r.path !== ANALYTICS)).toEqual(
			[],
		);
	});

	it('as an AI tool: at most 50 groups', async () => {
		const added = ls.sandbox.addLinks(60);
		for (const link of added) ls.sandbox.addClicks(link.id, 1);

		const asTool = await ls.engine.runNode({
			type: TOOL_TYPE,
			parameters: getClicks({ groupBy: 'link' }),
			credentials: ls.credentials,
		});
		const asNode = await ls.engine.runNode({
			type: NODE_TYPE,
			parameters: getClicks({ groupBy: 'link' }),
			credentials: ls.credentials,
		});

		expect(asNode.items).toHaveLength(63);
		expect(asTool.items).toHaveLength(50);
	});
});
