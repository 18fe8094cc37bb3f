import { useLinkShortener } from '../helpers/fixture';
import { SEEDED } from '../../dev/sandbox/server';
import { BULK_UPDATE_PATH, detailsOf, errorRows, pairedIndices, updateMany } from '../helpers/bulk';

const path = BULK_UPDATE_PATH;
const ownIds = SEEDED.ownLinks.map((link) => link.id);
const autoMap = updateMany({ mappingMode: 'autoMap' });

/** A 2xx that is not the expected answer is ambiguous, never success (D7); answers are matched by id (D4). */
describe('Bulk > Update Many: answers', () => {
	const ls = useLinkShortener();

	it.each(['html', 'empty', 'errorShaped'] as const)(
		'a one-row update answered 200 with %s is in doubt, not "updated"',
		async (kind) => {
			ls.sandbox.injectFault({ method: 'PATCH', path, fault: { kind } });

			const { items, error } = await ls.run(autoMap, [{ id: ownIds[0], title: 'Changed' }], {
				continueOnFail: true,
			});

			expect(error).toBeUndefined();
			expect(ls.sandbox.requests).toHaveLength(1);
			expect(items).toHaveLength(1);
			expect(items[0].json.error).toMatch(
				/^In doubt: The server answered 200 with a body that is not the expected answer: /,
			);
			expect(detailsOf(items[0])).toMatchObject({ inputItem: 0, outcome: 'inDoubt' });
		},
	);

	it('without Continue On Fail, a junk 200 stops the run naming the row in doubt', async () => {
		ls.sandbox.injectFault({ method: 'PATCH', path, fault: { kind: 'errorShaped' } });

		const { error } = await ls.run(autoMap, [{ id: ownIds[0], title: 'Changed' }]);

		expect(error?.message).toMatch(
			/^Bulk update stopped: input item 0 got no usable answer: The server answered 200 with a body that is not the expected answer: .*In doubt, not re-sent: input items 0\.$/,
		);
	});

	it('data: [null, 7, link] is no crash: the rows without a link are in doubt, the third is updated', async () => {
		ls.sandbox.injectFault({
			method: 'PATCH',
			path,
			fault: { kind: 'replaceElements', elements: { '0': null, '1': 7 } },
		});
		const input = ownIds.map((id, i) => ({ id, title: `Changed ${i}` }));

		const { items, error } = await ls.run(autoMap, input, { continueOnFail: true });

		expect(error).toBeUndefined();
		expect(pairedIndices(items)).toEqual([0, 1, 2]);
		expect(errorRows(items)).toEqual([0, 1]);
		expect(items[0].json.error).toMatch(
			/^In doubt: The server answered 200 without a usable link for this row/,
		);
		expect(JSON.stringify(items)).not.toMatch(/TypeError|Cannot read/);
		expect(items[2].json).toMatchObject({ id: ownIds[2], title: 'Changed 2' });
	});

	it.each([['reverse'], ['shuffle']] as const)(
		'an answer in another order (%s) is matched to rows by id',
		async (order) => {
			const links = ls.sandbox.addLinks(6);
			const input = links.map((link, i) => ({ id: link.id, title: `Renamed ${i}` }));
			ls.sandbox.injectFault({ method: 'PATCH', path, fault: { kind: 'reorder', order, seed: 7 } });

			const { items, error } = await ls.run(autoMap, input);

			expect(error).toBeUndefined();
			expect(items.map((item) => [item.json.id, item.json.title, item.pairedItem])).toEqual(
				input.map((row, i) => [row.id, row.title, { item: i }]),
			);
		},
	);

	it('an answer that leaves out a row: that row is in doubt, the others are matched by id', async () => {
		ls.sandbox.injectFault({ method: 'PATCH', path, fault: { kind: 'reorder', order: [2, 0] } });
		const input = ownIds.map((id, i) => ({ id, title: `Changed ${i}` }));

		const { items } = await ls.run(autoMap, input, { continueOnFail: true });

		expect(errorRows(items)).toEqual([1]);
		expect(items.map((item) => item.json.id ?? null)).toEqual([ownIds[0], null, ownIds[2]]);
	});
});
