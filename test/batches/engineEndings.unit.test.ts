import type { INodeExecutionData } from 'n8n-workflow';

import type { NodeRun } from '../../nodes/LinkShortener/n8n/nodeRun';
import { operationRun, type Operation } from '../../nodes/LinkShortener/batches/engine';
import { STUB_NODE } from '../helpers/stubNode';

/** A run of `rows` input items as the engine reads it, under On Error: Continue or not. */
function contextOf(rows: number, continueOnFail: boolean): NodeRun {
	return {
		getNode: () => STUB_NODE,
		getInputData: () => Array.from({ length: rows }, (_, row) => ({ json: { row } })),
		getNodeParameter: (_name: string, _index: number, fallback: unknown) => fallback,
		continueOnFail: () => continueOnFail,
	} as unknown as NodeRun;
}

const outcomes = (items: INodeExecutionData[]) =>
	items.map((item) =>
		item.json.error === undefined
			? 'sent'
			: String((item.json.details as { outcome?: string }).outcome),
	);

/** The run of `operation`, as the node runs it, over the rows of `context`. */
async function run<T>(context: NodeRun, operation: Operation<T>) {
	return await operationRun(() => operation).call(context);
}

/** Every row ends as one item or one error item, and a sent row is never called "not sent". */
describe('the engine: how a run that stops ends each row', () => {
	it('a send that stops after settling some rows: those keep their items, the others are in doubt', async () => {
		const [items] = await run(contextOf(4, true), {
			check: ({ index }) => index,
			send: async (rows, ledger) => {
				ledger.sent(rows[0].index, [{ json: { id: 'a' }, pairedItem: { item: 0 } }]);
				throw new Error('connection reset');
			},
		});

		expect(outcomes(items)).toEqual(['sent', 'inDoubt', 'inDoubt', 'inDoubt']);
		expect(String(items[1].json.error)).toMatch(/^In doubt: the run stopped .*connection reset/);
	});

	it('a send that leaves a row without an item: the row still gets one (in doubt); without Continue the run fails', async () => {
		const operation = {
			check: ({ index }: { index: number }) => index,
			send: async (
				rows: Array<{ index: number }>,
				ledger: import('../../nodes/LinkShortener/batches/ledger').RowLedger,
			) => {
				ledger.sent(rows[0].index, []);
			},
		};
		const [items] = await run(contextOf(2, true), operation);
		expect(outcomes(items)).toEqual(['inDoubt']);
		expect(items[0].pairedItem).toEqual({ item: 1 });

		await expect(run(contextOf(2, false), operation)).rejects.toThrow(
			'the run ended without its answer',
		);
	});

	it('a failure after the items were sent: a row with its error keeps it, the others are in doubt; one before any request is "not sent"', async () => {
		const after = operationRun(() => ({
			check: ({ index }) => index,
			send: async (rows, ledger) => {
				ledger.sent(0, [{ json: { id: 'a' }, pairedItem: { item: 0 } }]);
				ledger.fail(1, 'Not found', { outcome: 'invalid' });
				ledger.sent(2, [{ json: { id: 'c' }, pairedItem: { item: 2 } }]);
			},
			finish: () => {
				throw new Error('binary storage full');
			},
		}));
		const before = operationRun(() => {
			throw new Error('Invalid Batch Size');
		});

		const [afterItems] = await after.call(contextOf(3, true));
		const [beforeItems] = await before.call(contextOf(2, true));

		expect(outcomes(afterItems)).toEqual(['inDoubt', 'invalid', 'inDoubt']);
		expect(String(afterItems[0].json.error)).toMatch(
			/after its items were sent: binary storage full/,
		);
		expect(outcomes(beforeItems)).toEqual(['notSent', 'notSent']);
		await expect(after.call(contextOf(3, false))).rejects.toThrow('binary storage full');
	});
});
