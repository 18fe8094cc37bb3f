import type { INode, NodeOperationError } from 'n8n-workflow';

import type { BatchOperation } from './operation';
import type { PreparedRow } from './preparedRow';
import type { BulkProgress } from './progress';
import { withoutFinalStop, type RowError } from './rowResults';

/** Why a batch's rows were not done: refused, not sent, or without a usable answer. */
export type Failure =
	| {
			kind: 'refused' | 'notDone';
			error: RowError;
			stopsRun?: boolean;
			refusedRows?: readonly PreparedRow[];
	  }
	| { kind: 'inDoubt'; error: RowError; since: number };

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
