import { NodeOperationError, type IDataObject, type INodeExecutionData } from 'n8n-workflow';

import type { NodeRun } from '../n8n/nodeRun';
import type { OperationRun } from '../n8n/toolPath';
import { forErrorOutput } from '../n8n/errorOutput';

import type { RowValidator } from '../fields/validation';
import { Api, type Row } from '../http/request';
import { RowLedger, type PreparedRow } from './ledger';
import { refusalDetails, takeRows, type RowSource } from './rows';
import { RunMemory } from './retryMemory';
import { failUnsettled } from './stoppedRun';
import { asNodeError } from '../http/errors';

const IN_DOUBT =
	'In doubt: the run stopped while its items were being sent: %s. Check the account before running this item again';

const AFTER_SENDING =
	'In doubt: the run stopped after its items were sent: %s. Check the account before running this item again';

const NOT_LOOKED_UP =
	"Not sent: the look-up of the account's links failed, so nothing was created or updated for this item: %s";

/**
 * Every operation as the engine runs it, made afresh for each run by its `start` (which reads
 * the run's settings: a bad one fails the run before any row). A check of one row, an optional
 * plan over all checked rows, a send of the rows the plan left, and an optional finish.
 */
export interface Operation<T> {
	/** Reads and checks one row's parameters, sending nothing (D8); throws what is wrong with the row. */
	check(row: Row, validator: RowValidator): T | Promise<T>;
	/**
	 * Runs once every row is checked, before the first request: every look-up of the run
	 * happens here. Settles in the ledger the rows that need no request (D11, D14, D15) and
	 * returns the rows to send, each with what its send needs.
	 */
	plan?(rows: Array<PreparedRow<T>>, ledger: RowLedger): Promise<Array<PreparedRow<T>>>;
	/** Sends the rows and settles each in the ledger: one row at a time (`eachRow.ts`) or in batches (`batchRun.ts`). */
	send: Send<T>;
	/**
	 * What the run does with its items once every row is settled (QR codes, hints, input
	 * columns); `checkedOf` gives what a row's check gave.
	 */
	finish?(
		items: INodeExecutionData[],
		checkedOf: (row: number) => T | undefined,
	): INodeExecutionData[] | Promise<INodeExecutionData[]>;
}

/** A kind of send: settles every row it is given in the ledger, or throws what stops the node. */
export type Send<T> = (rows: Array<PreparedRow<T>>, ledger: RowLedger) => Promise<void>;

/** What an operation's `start` is given: n8n's context, the run's API, its rows and Options. */
export interface RunStart {
	context: NodeRun;
	api: Api<NodeRun>;
	rows: RowSource;
	/** The Options collection of the first item: the settings of the whole run (row operations also read a row's own). */
	options: IDataObject;
	/** Row `index` as an operation reads it. */
	row(index: number): Row;
}

/** Where a run's rows come from: the node's input items unless an operation reads them otherwise. */
export type RowsOf = (context: NodeRun) => RowSource;

const inputItems: RowsOf = (context) => ({ items: context.getInputData() });

/**
 * An operation's run, the same for every operation: its rows read (`rowsOf`), its `start`
 * (settings), then the engine. A run that cannot start (a bad setting, a bad JSON list) fails
 * before any request: without On Error: Continue the error stops the node; with it, each input
 * row becomes its own error item, `outcome: notSent`, instead of n8n handing the input on as
 * the node's output. Error items are shaped for the error output when it is on.
 */
export function operationRun<T>(
	start: (run: RunStart) => Operation<T>,
	rowsOf: RowsOf = inputItems,
): OperationRun {
	// Named `run`: the bench's CPU profile finds an operation's run by this name.
	return async function run(this: NodeRun) {
		let started: { run: RunStart; operation: Operation<T> };
		try {
			const rows = rowsOf(this);
			if (rows.items.length === 0) return [[]];
			const run = runStart(this, rows);
			started = { run, operation: start(run) };
		} catch (error) {
			const ledger = new RowLedger(this.getInputData().length);
			failUnsettled(this, ledger, error, 'notSent', 'Not sent: %s');
			return forErrorOutput(this, [ledger.items()]);
		}
		const items = await runOperation(started.run, started.operation);
		const { rows } = started.run;
		return forErrorOutput(this, [rows.pairedToHolders?.(items) ?? items]);
	};
}

function runStart(context: NodeRun, rows: RowSource): RunStart {
	const api = Api.ofRun(context);
	const parameter = (index: number) => (name: string, fallback: unknown) =>
		context.getNodeParameter(name, index, fallback) as never;
	return {
		context,
		api,
		rows,
		options: context.getNodeParameter('options', 0, {}) as IDataObject,
		row: (index) => ({ index, context, api, parameter: parameter(index) }),
	};
}

/**
 * The engine: intake (every row checked before any request, a bad row its error item under On
 * Error: Continue), the plan, the send, the finish, then one output per row, in row order, read
 * from the run's one ledger.
 */
async function runOperation<T>(
	run: RunStart,
	operation: Operation<T>,
): Promise<INodeExecutionData[]> {
	const { context } = run;
	const ledger = new RowLedger(run.rows.items.length);
	const checked: Array<PreparedRow<T>> = [];
	const check = (index: number, validator: RowValidator) =>
		operation.check(run.row(index), validator);
	for (const row of await takeRows(context, run.rows, check)) {
		if ('error' in row) ledger.fail(row.index, row.error.message, refusalDetails(row.error));
		else checked.push({ index: row.index, element: row.value });
	}
	let rows = checked;
	try {
		if (operation.plan) rows = await operation.plan(checked, ledger);
	} catch (error) {
		failUnsettled(context, ledger, error, 'notLookedUp', NOT_LOOKED_UP);
		return ledger.items();
	}
	// Without Continue, n8n's Retry On Fail may run the node again: it must not create these links again.
	const keepForRetry = () => {
		if (!context.continueOnFail()) RunMemory.of(context)?.keep(ledger);
	};
	try {
		await operation.send(rows, ledger);
	} catch (error) {
		keepForRetry();
		// Rows may have been sent: those without their item are in doubt, never "not sent".
		failUnsettled(context, ledger, error, 'inDoubt', IN_DOUBT);
	}
	// A send settles every row it is given; a row it left without an item still gets one.
	const unanswered = new NodeOperationError(context.getNode(), 'the run ended without its answer');
	if (ledger.unsettled() > 0) {
		keepForRetry();
		failUnsettled(context, ledger, unanswered, 'inDoubt', IN_DOUBT);
	}
	const items = ledger.items();
	if (!operation.finish) return items;
	try {
		let byRow: Map<number, T> | undefined;
		const checkedOf = (row: number) =>
			(byRow ??= new Map(checked.map(({ index, element }) => [index, element]))).get(row);
		return await operation.finish(items, checkedOf);
	} catch (error) {
		keepForRetry();
		// The rows were sent: each keeps its error, or is in doubt, never "not sent".
		const cause = asNodeError(context.getNode(), error);
		failUnsettled(context, ledger, cause, 'inDoubt', AFTER_SENDING, { settledToo: true });
		return ledger.items();
	}
}
