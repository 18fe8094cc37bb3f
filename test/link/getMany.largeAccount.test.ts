import { useLinkShortener } from '../helpers/fixture';
import { hintsOf } from '../helpers/hints';

/** D20: Return All over more than 100,000 links tells the user of Export. */
describe('Link > Get Many on a large account', () => {
	const ls = useLinkShortener({ pageSizeCap: 1_000, logBodies: false });

	it('adds a hint naming Export above 100,000 links, and none at 100,000', async () => {
		ls.sandbox.addLinks(100_000 - 3);
		const atLimit = await ls.run({ resource: 'link', operation: 'getMany', returnAll: true });
		expect(atLimit.items).toHaveLength(100_000);
		expect(hintsOf(atLimit.run)).toEqual([]);

		ls.sandbox.addLinks(1);
		const over = await ls.run({ resource: 'link', operation: 'getMany', returnAll: true });
		expect(over.items).toHaveLength(100_001);
		expect(hintsOf(over.run)).toEqual([
			expect.stringMatching(
				/^Get Many gave 100,001 links, one item each: .* about 500 MB here.*Link > Export to File/,
			),
		]);
	}, 60_000);
});
