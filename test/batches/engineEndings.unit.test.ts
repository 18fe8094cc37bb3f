import type { INodeExecutionData } from 'n8n-workflow';

import type { NodeRun } from '../../nodes/LinkShortener/n8n/nodeRun';
import { runOperation } from '../../nodes/LinkShortener/batches/engine';
import { afterSending, settlingEveryRow } from '../../nodes/LinkShortener/batches/stoppedRun';
import { STUB_NODE } from '../helpers/stubNode';

/** A run of `rows` input items as the engine reads it, under On Error: Continue or not. */
function runOf(rows: number, continueOnFail: boolean): NodeRun {
	return {
		getNode: () => STUB_NODE,
		getInputData: () => Array.from({ length: rows }, (_, row) => ({ json: { row } })),
		continueOnFail: () => continueOnFail,
	} as unknown as NodeRun;
}

const outcomes = (items: INodeExecutionData[]) =>
	items.map((item) =>
		item.json.error === undefined
			? 'sent'
			: String((item.json.details as { outcome?: string }).outcome),
	);

/** Every row ends as one item or one error item, and a sent row is never called "not sent". */
describe('the engine: how a run that stops ends each row', () => {
	it('a send that stops after settling some rows: those keep their items, the others are in doubt', async () => {
		const [items] = await runOperation<number>(runOf(4, true), {
			check: (index) => index,
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
			check: (index: number) => index,
			send: async (
				rows: Array<{ index: number }>,
				ledger: import('../../nodes/LinkShortener/batches/ledger').RowLedger,
			) => {
				ledger.sent(rows[0].index, []);
			},
		};
		const [items] = await runOperation<number>(runOf(2, true), operation);
		expect(outcomes(items)).toEqual(['inDoubt']);
		expect(items[0].pairedItem).toEqual({ item: 1 });

		await expect(runOperation<number>(runOf(2, false), operation)).rejects.toThrow(
			'the run ended without its answer',
		);
	});

	it('a failure after the items were sent is "in doubt" for every row; one before any request is "not sent"', async () => {
		const after = settlingEveryRow(async function (this: NodeRun) {
			return await afterSending(this, () => {
				throw new Error('binary storage full');
			});
		});
		const before = settlingEveryRow(async () => {
			throw new Error('Invalid Batch Size');
		});

		const [afterItems] = await after.call(runOf(2, true));
		const [beforeItems] = await before.call(runOf(2, true));

		expect(outcomes(afterItems)).toEqual(['inDoubt', 'inDoubt']);
		expect(String(afterItems[0].json.error)).toMatch(
			/after its items were sent: binary storage full/,
		);
		expect(outcomes(beforeItems)).toEqual(['notSent', 'notSent']);
		await expect(after.call(runOf(2, false))).rejects.toThrow('binary storage full');
	});
});
