import { NodeOperationError, type INode } from 'n8n-workflow';

import type { NodeRun } from '../n8n/nodeRun';
import type { OperationRun } from '../n8n/toolPath';

import { forErrorOutput } from '../n8n/errorOutput';
import { asNodeError } from '../http/errors';
import type { BatchOperation } from './operation';
import {
	RowLedger,
	withoutFinalStop,
	type RowError,
	type RowOutcome,
	type PreparedRow,
} from './ledger';
import { describeRows, plural } from './rowRanges';

/** Why rows were not done: refused, not sent, or without a usable answer. */
export type Failure =
	| {
			kind: 'refused' | 'notDone';
			error: RowError;
			stopsRun?: boolean;
			/** The rows the server named as refused. */
			refusedRows?: readonly PreparedRow[];
	  }
	| { kind: 'inDoubt'; error: RowError; oldest: number };

/** How a row that was not done reads, by the operation's verb ("Not created", "Not updated"). */
export function notDoneOf(verb: BatchOperation['verb']) {
	return {
		outcome: verb === 'created' ? ('notCreated' as const) : ('notUpdated' as const),
		words: `Not ${verb}`,
	};
}

/**
 * The error that stops a run without Continue On Fail, read from the ledger once the failed
 * rows are in it: which rows were done, refused, in doubt and not sent, with the advice for the
 * operation. Batch 0 holds the rows an earlier attempt of the run left in doubt.
 */
export function stoppedError(
	node: INode,
	operation: BatchOperation,
	ledger: RowLedger,
	{ failure, rows, number, batches }: StoppedAt,
): NodeOperationError {
	const { verb } = operation;
	const indices = rows.map((row) => row.index);
	const inDoubt = failure.kind === 'inDoubt' ? indices : [];
	const notDone = [...(inDoubt.length ? [] : indices), ...ledger.pending().map((row) => row.index)];
	const refused = failure.kind === 'inDoubt' ? [] : (failure.refusedRows ?? []);
	const doneRows = ledger.rowsWhere((record) => record.state === 'done');
	const doneBatches = batches.flatMap((batch, k) =>
		batch.every((row) => ledger.isDone(row.index)) ? [k + 1] : [],
	);
	const batch =
		number > 0
			? `batch ${number} of ${batches.length}`
			: 'the rows an earlier attempt left in doubt';
	const which =
		rows.length === 1
			? `input item ${indices[0]}`
			: `${batch} (input items ${describeRows(indices)})`;
	const what = failure.kind === 'inDoubt' ? 'got no usable answer' : operation.refusedWording;
	const parts = [
		`${operation.runName ?? `Bulk ${operation.name}`} stopped: ${which} ${what}: ${withoutFinalStop(failure.error.message)}.`,
	];
	if (refused.length)
		parts.push(
			`Refused by the server: input items ${describeRows(refused.map((row) => row.index))}.`,
		);
	if (doneRows.length) {
		const were = doneRows.length === 1 ? 'was' : 'were';
		const inBatches = doneBatches.length
			? `; ${doneBatches.length === 1 ? 'batch' : 'batches'} ${describeRows(doneBatches)}`
			: '';
		parts.push(
			`${plural(doneRows.length, 'link')} ${were} already ${verb} (input items ${describeRows(doneRows)}${inBatches}).`,
		);
	} else if (!inDoubt.length) parts.push(`No link was ${verb}.`);
	if (inDoubt.length) parts.push(`In doubt, not re-sent: input items ${describeRows(inDoubt)}.`);
	if (notDone.length) parts.push(`Not ${verb}: input items ${describeRows(notDone)}.`);
	const advice = inDoubt.length ? operation.inDoubtAdvice : operation.notDoneAdvice;
	const description = [failure.error.description, advice].filter(Boolean).join(' ');
	const error = new NodeOperationError(node, parts.join(' '), { description });
	Object.assign(error.context, {
		[`${verb}Count`]: doneRows.length,
		[`${verb}Items`]: describeRows(doneRows),
		inDoubtItems: describeRows(inDoubt),
		...(refused.length && { refusedItems: describeRows(refused.map((row) => row.index)) }),
		[`not${verb[0].toUpperCase()}${verb.slice(1)}Items`]: describeRows(notDone),
	});
	return error;
}

export interface StoppedAt {
	failure: Failure;
	/** The rows that failed. */
	rows: readonly PreparedRow[];
	/** The batch they were sent in, counting from 1. */
	number: number;
	batches: readonly PreparedRow[][];
}

/**
 * A run that cannot go on: without Continue On Fail the error stops the node; with it, every
 * row that has no item yet gets its own error item, so that n8n never hands the input rows on
 * as if they had been processed (what it does with the input of a node that throws).
 */
function failUnsettledRows(
	context: NodeRun,
	ledger: RowLedger,
	error: unknown,
	outcome: RowOutcome,
	message: (reason: string) => string,
): void {
	if (!context.continueOnFail()) throw error;
	const cause = asNodeError(context.getNode(), error);
	ledger.failUnsettled(outcome, message(withoutFinalStop(cause.message)), cause);
}

/**
 * The rows to send once the operation's look-up (D11, D14, D15) settled the others; undefined
 * when the look-up failed under Continue On Fail: nothing was sent, each row has its error item.
 */
export async function rowsAfterLookUp(
	context: NodeRun,
	operation: BatchOperation,
	prepared: PreparedRow[],
	ledger: RowLedger,
): Promise<PreparedRow[] | undefined> {
	if (!operation.rowsToSend) return prepared;
	try {
		return await operation.rowsToSend(prepared, ledger);
	} catch (error) {
		failUnsettledRows(
			context,
			ledger,
			error,
			'notLookedUp',
			(reason) =>
				`Not sent: the look-up of the account's links failed, so nothing was created or updated for this item: ${reason}`,
		);
		return undefined;
	}
}

/** An unforeseen stop while batches were sent: a row without its item may have been sent, so it is in doubt, never "not done". */
export function failUnsettledInDoubt(
	context: NodeRun,
	operation: BatchOperation,
	ledger: RowLedger,
	error: unknown,
): void {
	failUnsettledRows(
		context,
		ledger,
		error,
		'inDoubt',
		(reason) => `In doubt: the run stopped: ${reason}. ${operation.inDoubtNote}`,
	);
}

/**
 * A run that stops before its rows are settled (an option that cannot be right): with Continue
 * On Fail, each input row becomes its own error item instead of n8n handing the input on as the
 * node's output. Error items are shaped for the error output when it is on.
 */
export function settlingEveryRow(run: OperationRun): OperationRun {
	return async function (this: NodeRun) {
		try {
			return forErrorOutput(this, await run.call(this));
		} catch (error) {
			const ledger = new RowLedger(this.getInputData().length);
			failUnsettledRows(this, ledger, error, 'notSent', (reason) => `Not sent: ${reason}`);
			return forErrorOutput(this, [ledger.items()]);
		}
	};
}
