import { FirstInOrder } from '../../nodes/LinkShortener/trigger/firstInOrder';

/** The bounded selection of the click events: the same as sorting everything and cutting. */
describe('FirstInOrder', () => {
	const before = (a: number[], b: number[]) => (a[0] !== b[0] ? a[0] < b[0] : a[1] > b[1]);
	const sorted = (items: number[][]) =>
		[...items].sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));

	it.each([0, 1, 2, 7, 50, 400])(
		'keeps the first %i (0: all) of 300 items with many ties, in order',
		(most) => {
			let seed = 17 + most;
			const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % 9;
			const items = Array.from({ length: 300 }, (_, i) => [next(), next(), i]);
			const selection = new FirstInOrder<number[]>(most, before);
			for (const item of items) selection.offer(item);

			const kept = selection.inOrder();
			const expected = sorted(items).slice(0, most === 0 ? items.length : most);
			// Ties (same first two numbers) may keep either item: compare what the order sees.
			expect(kept.map((item) => item.slice(0, 2))).toEqual(
				expected.map((item) => item.slice(0, 2)),
			);
			expect(new Set(kept.map((item) => item[2])).size).toBe(kept.length);
		},
	);
});
