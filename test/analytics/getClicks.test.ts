import { SEEDED, SEEDED_CLICKS } from '../../dev/sandbox/server';
import { useLinkShortener } from '../helpers/fixture';
import { byId, byUrl } from '../link/locatorValues';

describe('Analytics > Get Clicks', () => {
	const ls = useLinkShortener();
	const getClicks = (parameters: object) => ({
		resource: 'analytics',
		operation: 'getClicks',
		...parameters,
	});

	it('asks for clicks grouped by country and outputs one item per group', async () => {
		const { items, error } = await ls.run(getClicks({ groupBy: 'country' }));

		expect(error).toBeUndefined();
		expect(ls.sandbox.requests[0]).toMatchObject({
			method: 'GET',
			path: '/v1/analytics/clicks',
			query: { group_by: 'country' },
		});
		const ownLinkIds = new Set<string>(SEEDED.ownLinks.map((link) => link.id));
		const ownClicks = SEEDED_CLICKS.filter((click) => ownLinkIds.has(click.linkId));
		expect(items).toHaveLength(new Set(ownClicks.map((click) => click.country)).size);
		expect(items.reduce((sum, item) => sum + Number(item.json.clicks), 0)).toBe(ownClicks.length);
		expect(items[0].pairedItem).toEqual({ item: 0 });
	});

	it('adds the extra query parameters', async () => {
		await ls.run(
			getClicks({
				groupBy: 'day',
				queryParameters: {
					parameter: [
						{ name: 'from', value: '2024-01-01' },
						{ name: 'to', value: '2024-12-31' },
					],
				},
			}),
		);

		expect(ls.sandbox.requests[0].query).toEqual({
			group_by: 'day',
			from: '2024-01-01',
			to: '2024-12-31',
		});
	});

	it('passes on a group the server refuses, with its 400 message', async () => {
		const { error } = await ls.run(getClicks({ groupBy: '={{ "planet" }}' }));

		expect(ls.sandbox.requests[0]).toMatchObject({ status: 400, query: { group_by: 'planet' } });
		expect(error?.message).toMatch(/^400 /);
		expect(error?.description).toContain('BAD_REQUEST');
	});

	it('refuses an empty group before any request', async () => {
		const { error } = await ls.run(getClicks({ groupBy: '={{ "" }}' }));

		expect(error?.message).toMatch(/^Invalid Group By in item 0/);
		expect(ls.sandbox.requests).toHaveLength(0);
	});
	it.each(['getClicks', 'exportClicks'])(
		'%s: a query parameter may repeat Group By or the Link, never contradict them, before any request',
		async (operation) => {
			const [spring, launch] = SEEDED.ownLinks;
			const run = (parameter: Array<{ name: string; value: string }>, more: object = {}) =>
				ls.run({
					...getClicks({ groupBy: 'day', ...more }),
					operation,
					queryParameters: { parameter },
				});

			const same = await run([{ name: 'group_by', value: 'day' }], { linkId: byId(spring.id) });
			expect(same.error).toBeUndefined();
			const unlinked = await run([{ name: 'link_id', value: launch.id }]);
			expect(unlinked.error).toBeUndefined();
			expect(ls.sandbox.requests.map((r) => r.query)).toEqual([
				{ group_by: 'day', link_id: spring.id },
				{ group_by: 'day', link_id: launch.id },
			]);
			ls.sandbox.clearRequests();

			const byGroup = await run([{ name: 'group_by', value: 'country' }]);
			expect(byGroup.error?.message).toMatch(
				/^Invalid Query Parameters in item 0: "group_by" differs from the Group By field/,
			);
			const byLink = await run([{ name: 'link_id', value: launch.id }], {
				linkId: byId(spring.id),
			});
			expect(byLink.error?.message).toMatch(/"link_id" differs from the Link field/);
			const byShortUrl = await run([{ name: 'link_id', value: spring.id }], {
				linkId: byUrl(`https://sho.rt/${spring.path}`),
			});
			expect(byShortUrl.error?.description).toContain('(queryParameters)');
			expect(ls.sandbox.requests).toHaveLength(0);
		},
	);
});
