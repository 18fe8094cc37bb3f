import { exportClicks, fileOf } from '../helpers/exportFiles';
import { useLinkShortener } from '../helpers/fixture';
import { hintsOf } from '../helpers/hints';

/** D21: a run giving more than 100,000 groups tells the user of Export Clicks. */
describe('Analytics > Get Clicks on a large account', () => {
	const ls = useLinkShortener({ logBodies: false });
	const byLink = { resource: 'analytics', operation: 'getClicks', groupBy: 'link' };

	it('adds a hint naming Export Clicks above 100,000 groups, and none at 100,000; Export Clicks writes them all in one item', async () => {
		for (const link of ls.sandbox.addLinks(100_000 - 3)) ls.sandbox.addClicks(link.id, 1);
		const atLimit = await ls.run(byLink);
		expect(atLimit.items).toHaveLength(100_000);
		expect(hintsOf(atLimit.run)).toEqual([]);

		const [one] = ls.sandbox.addLinks(1);
		ls.sandbox.addClicks(one.id, 1);
		const over = await ls.run(byLink);
		expect(over.items).toHaveLength(100_001);
		expect(over.items.at(-1)?.json).toMatchObject({ groupBy: 'link', clicks: 1 });
		expect(hintsOf(over.run)).toEqual([
			expect.stringMatching(
				/^Get Clicks gave 100,001 groups, one item each: .* about 500 MB here.*Analytics > Export Clicks to File/,
			),
		]);

		const exported = await ls.run(exportClicks({ groupBy: 'link', format: 'jsonl' }));
		expect(exported.items).toHaveLength(1);
		expect(exported.items[0].json).toMatchObject({ groups: 100_001, clicks: 36 + 100_000 - 3 + 1 });
		expect(fileOf(exported.items[0]).text.split('\n')).toHaveLength(100_002);
		expect(hintsOf(exported.run)).toEqual([]);
	}, 120_000);
});
