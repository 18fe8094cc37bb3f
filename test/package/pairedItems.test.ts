import type { INodeExecutionData } from 'n8n-workflow';

import { casesOf } from '../helpers/everyOperation';
import { useLinkShortener } from '../helpers/fixture';
import { operations } from '../helpers/nodeOperations';

const pairedRow = (item: INodeExecutionData) => {
	const paired = Array.isArray(item.pairedItem) ? item.pairedItem[0] : item.pairedItem;
	return typeof paired === 'object' ? paired.item : paired;
};

/**
 * D9 for every operation the node has (found in the node, never a hand-kept list): run as a
 * workflow step over its rows, every output item is paired to an input row, every input row has
 * an item, and the items come in the order of their rows.
 */
describe('paired items, every operation (D9)', () => {
	const ls = useLinkShortener();

	it.each(
		operations().flatMap(({ name }) =>
			casesOf(name).cases.map((operation) => [operation.name, operation] as const),
		),
	)(
		'%s: each item paired to its row, every row answered, in row order',
		async (_name, operation) => {
			const { items, error } = await ls.run(operation.parameters, operation.input);

			expect(error).toBeUndefined();
			const rows = items.map(pairedRow);
			expect(rows.every((row) => Number.isInteger(row))).toBe(true);
			expect([...new Set(rows)]).toEqual(operation.input.map((_, row) => row));
			expect(rows).toEqual([...rows].sort((a, b) => a! - b!));
		},
	);
});
