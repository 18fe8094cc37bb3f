import type { INode, NodeOperationError } from 'n8n-workflow';

import type { NodeRun } from '../n8n/nodeRun';
import type { OperationRun } from '../n8n/toolPath';

import { forErrorOutput } from '../n8n/errorOutput';
import { asNodeError } from '../http/errors';
import type { BatchOperation } from './operation';
import type { PreparedRow } from './preparedRow';
import type { BulkProgress } from './progress';
import { RowResults, withoutFinalStop, type RowError, type RowOutcome } from './rowResults';

/** Why a batch's rows were not done: refused, not sent, or without a usable answer. */
export type Failure =
	| {
			kind: 'refused' | 'notDone';
			error: RowError;
			stopsRun?: boolean;
			refusedRows?: readonly PreparedRow[];
	  }
	| { kind: 'inDoubt'; error: RowError; oldest: number };

/** The rows after a batch, asked for only when a run stops. */
export type LaterRows = () => PreparedRow[];

/** How a row that was not done reads, by the operation's verb ("Not created", "Not updated"). */
export function notDoneOf(verb: BatchOperation['verb']) {
	return {
		outcome: verb === 'created' ? ('notCreated' as const) : ('notUpdated' as const),
		words: `Not ${verb}`,
	};
}

/**
 * The error that stops a run without Continue On Fail: which rows were done, refused, in doubt
 * and not sent, with the advice for the operation.
 */
export function stoppedError(
	node: INode,
	operation: BatchOperation,
	progress: BulkProgress,
	{
		failure,
		rows,
		number,
		later,
	}: { failure: Failure; rows: readonly PreparedRow[]; number: number; later: LaterRows },
): NodeOperationError {
	const indices = rows.map((row) => row.index);
	const laterIndices = later().map((row) => row.index);
	const which =
		rows.length === 1 ? `input item ${indices[0]}` : progress.batchName(number, indices);
	const what = failure.kind === 'inDoubt' ? 'got no usable answer' : operation.refusedWording;
	const headline = `${operation.runName ?? `Bulk ${operation.name}`} stopped: ${which} ${what}: ${withoutFinalStop(failure.error.message)}`;
	if (failure.kind === 'inDoubt') {
		const advice = operation.inDoubtAdvice;
		return progress.stoppedError(node, {
			headline,
			inDoubtRows: indices,
			notDoneRows: laterIndices,
			advice,
			cause: failure.error,
		});
	}
	return progress.stoppedError(node, {
		headline,
		refusedRows: failure.refusedRows?.map((row) => row.index),
		notDoneRows: [...indices, ...laterIndices],
		advice: operation.notDoneAdvice,
		cause: failure.error,
	});
}

/**
 * A run that cannot go on: without Continue On Fail the error stops the node; with it, every
 * row that has no item yet gets its own error item, so that n8n never hands the input rows on
 * as if they had been processed (what it does with the input of a node that throws).
 */
function failUnsettledRows(
	context: NodeRun,
	results: RowResults,
	error: unknown,
	outcome: RowOutcome,
	message: (reason: string) => string,
): void {
	if (!context.continueOnFail()) throw error;
	const cause = asNodeError(context.getNode(), error);
	results.failUnsettled(outcome, message(withoutFinalStop(cause.message)), cause);
}

/**
 * The rows to send once the operation's look-up (D11, D14, D15) settled the others; undefined
 * when the look-up failed under Continue On Fail: nothing was sent, each row has its error item.
 */
export async function rowsAfterLookUp(
	context: NodeRun,
	operation: BatchOperation,
	prepared: PreparedRow[],
	results: RowResults,
): Promise<PreparedRow[] | undefined> {
	if (!operation.rowsToSend) return prepared;
	try {
		return await operation.rowsToSend(prepared, results);
	} catch (error) {
		failUnsettledRows(
			context,
			results,
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
	results: RowResults,
	error: unknown,
): void {
	failUnsettledRows(
		context,
		results,
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
			const results = new RowResults(this.getInputData().length);
			failUnsettledRows(this, results, error, 'notSent', (reason) => `Not sent: ${reason}`);
			return forErrorOutput(this, [results.items()]);
		}
	};
}
