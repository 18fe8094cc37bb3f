import { NodeOperationError, type INodeExecutionData } from 'n8n-workflow';

import type { NodeRun } from '../n8n/nodeRun';

import type { RowValidator } from '../fields/validation';
import { RowLedger, type PreparedRow } from './ledger';
import { refusalDetails, takeRows, type RowSource } from './rows';
import { failUnsettled } from './stoppedRun';

const IN_DOUBT =
	'In doubt: the run stopped while its items were being sent: %s. Check the account before running this item again';

const NOT_LOOKED_UP =
	"Not sent: the look-up of the account's links failed, so nothing was created or updated for this item: %s";

/**
 * Every operation as the engine runs it: a check of one row, an optional plan over all checked
 * rows, and a send of the rows the plan left.
 */
export interface Operation<T> {
	/** Reads and checks one row's parameters, sending nothing (D8); throws what is wrong with the row. */
	check(index: number, validator: RowValidator): T | Promise<T>;
	/**
	 * Runs once every row is checked, before the first request: every look-up of the run
	 * happens here. Settles in the ledger the rows that need no request (D11, D14, D15) and
	 * returns the rows to send, each with what its send needs.
	 */
	plan?(rows: Array<PreparedRow<T>>, ledger: RowLedger): Promise<Array<PreparedRow<T>>>;
	/** Sends the rows and settles each in the ledger: one row at a time (`eachRow.ts`) or in batches (`batchRun.ts`). */
	send: Send<T>;
}

/** A kind of send: settles every row it is given in the ledger, or throws what stops the node. */
export type Send<T> = (rows: Array<PreparedRow<T>>, ledger: RowLedger) => Promise<void>;

/**
 * Runs an operation over its rows (the node's input items unless given): intake (every row
 * checked before any request, a bad row its error item under On Error: Continue), the plan, the
 * send, then one output per row, in row order, read from the run's one ledger.
 */
export async function runOperation<T>(
	context: NodeRun,
	operation: Operation<T>,
	source: RowSource = { items: context.getInputData() },
): Promise<INodeExecutionData[][]> {
	const rowCount = source.items.length;
	if (rowCount === 0) return [[]];
	const ledger = new RowLedger(rowCount);
	const checked: Array<PreparedRow<T>> = [];
	for (const row of await takeRows(context, source, operation.check)) {
		if ('error' in row) ledger.fail(row.index, row.error.message, refusalDetails(row.error));
		else checked.push({ index: row.index, element: row.value });
	}
	let rows = checked;
	try {
		if (operation.plan) rows = await operation.plan(checked, ledger);
	} catch (error) {
		failUnsettled(context, ledger, error, 'notLookedUp', NOT_LOOKED_UP);
		return [ledger.items()];
	}
	try {
		await operation.send(rows, ledger);
	} catch (error) {
		// Rows may have been sent: those without their item are in doubt, never "not sent".
		failUnsettled(context, ledger, error, 'inDoubt', IN_DOUBT);
	}
	// A send settles every row it is given; a row it left without an item still gets one.
	const unanswered = new NodeOperationError(context.getNode(), 'the run ended without its answer');
	if (ledger.unsettled() > 0) failUnsettled(context, ledger, unanswered, 'inDoubt', IN_DOUBT);
	return [ledger.items()];
}
