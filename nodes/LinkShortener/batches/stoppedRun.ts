import { NodeOperationError, type INode } from 'n8n-workflow';

import type { NodeRun } from '../n8n/nodeRun';

import { asNodeError } from '../http/errors';
import { withoutFinalStop } from '../http/answerText';
import type { Failure } from './batchSender';
import type { RowLedger, RowOutcome, PreparedRow } from './ledger';
import type { BatchOperation } from './operation';
import { describeRows, plural } from './rowRanges';
import type { RowNoun } from '../fields/rowNoun';

/**
 * The error that stops a run without Continue On Fail, read from the ledger once the failed
 * rows are in it: which rows were done, refused, in doubt and not sent, with the advice for the
 * operation. Batch 0 holds the rows an earlier attempt of the run left in doubt.
 */
export function stoppedError(
	node: INode,
	operation: BatchOperation,
	ledger: RowLedger,
	{ failure, rows, number, batches, noun }: StoppedAt,
): NodeOperationError {
	const { verb } = operation;
	const wording = WORDING[verb];
	const indices = rows.map((row) => row.index);
	const inDoubt = failure.kind === 'inDoubt' ? indices : [];
	const notDone = [...(inDoubt.length ? [] : indices), ...ledger.pending().map((row) => row.index)];
	const named = failure.kind === 'refused' ? failure.named : undefined;
	const refused = named ? indices.filter((_, k) => named.has(k)) : [];
	const doneRows = ledger.doneRows();
	const doneBatches = batches.flatMap((batch, k) =>
		batch.every((row) => ledger.isDone(row.index)) ? [k + 1] : [],
	);
	const batch =
		number > 0
			? `batch ${number} of ${batches.length}`
			: 'the rows an earlier attempt left in doubt';
	const which =
		rows.length === 1
			? `${noun.one} ${indices[0]}`
			: `${batch} (${noun.many} ${describeRows(indices)})`;
	const what = failure.kind === 'inDoubt' ? 'got no usable answer' : wording.refused;
	const parts = [
		`${operation.runName ?? `Bulk ${operation.name}`} stopped: ${which} ${what}: ${withoutFinalStop(failure.error.message)}.`,
	];
	if (refused.length) parts.push(`Refused by the server: ${noun.many} ${describeRows(refused)}.`);
	if (doneRows.length) {
		const were = doneRows.length === 1 ? 'was' : 'were';
		const inBatches = doneBatches.length
			? `; ${doneBatches.length === 1 ? 'batch' : 'batches'} ${describeRows(doneBatches)}`
			: '';
		parts.push(
			`${plural(doneRows.length, 'link')} ${were} already ${verb} (${noun.many} ${describeRows(doneRows)}${inBatches}).`,
		);
	} else if (!inDoubt.length) parts.push(`No link was ${verb}.`);
	if (inDoubt.length) parts.push(`In doubt, not re-sent: ${noun.many} ${describeRows(inDoubt)}.`);
	if (notDone.length) parts.push(`Not ${verb}: ${noun.many} ${describeRows(notDone)}.`);
	const advice = inDoubt.length ? wording.inDoubtAdvice : wording.notDoneAdvice;
	const description = [failure.error.description, advice].filter(Boolean).join(' ');
	const error = new NodeOperationError(node, parts.join(' '), { description });
	Object.assign(error.context, {
		[`${verb}Count`]: doneRows.length,
		[`${verb}Items`]: describeRows(doneRows),
		inDoubtItems: describeRows(inDoubt),
		...(refused.length && { refusedItems: describeRows(refused) }),
		[`not${verb[0].toUpperCase()}${verb.slice(1)}Items`]: describeRows(notDone),
	});
	return error;
}

/** How the errors of a run read, by its verb. */
export const WORDING = {
	created: {
		notDone: { outcome: 'notCreated', words: 'Not created' },
		refused: 'was not created',
		inDoubtNote:
			'The server may have created this link; it was not sent again, to avoid a duplicate',
		inDoubtAdvice:
			'A server error (5xx), a lost answer or a timeout does not tell whether the server created the links, so the node does not send them again: that could create duplicates. Check which of the in-doubt items exist (for example with Link > Get Many) before running them again.',
		notDoneAdvice:
			'The items that were not created can be run again. Turn on "Continue On Fail" (Settings > On Error) to get every created link as an item and every other input item as an error item.',
	},
	updated: {
		notDone: { outcome: 'notUpdated', words: 'Not updated' },
		refused: 'was refused',
		inDoubtNote: 'The server may or may not have applied this update',
		inDoubtAdvice:
			'A server error (5xx), a lost answer or a timeout does not tell whether the server applied the updates. Updates are idempotent, so running the in-doubt items again is safe.',
		notDoneAdvice:
			'Fix or remove the refused item and run the items that were not updated again (updates are idempotent). Turn on "Continue On Fail" (Settings > On Error) to update every good item and get each refused one as an error item.',
	},
} as const;

export interface StoppedAt {
	failure: Failure;
	/** The rows that failed. */
	rows: readonly PreparedRow[];
	/** The batch they were sent in, counting from 1. */
	number: number;
	batches: readonly PreparedRow[][];
	/** What the rows are called: input items, or the rows of JSON lists. */
	noun: RowNoun;
}

/**
 * A run that cannot go on: without Continue On Fail the error stops the node; with it, every
 * row that has no item yet (`settledToo`: no error item yet) gets its own error item (`%s` in the message is the reason), so that
 * n8n never hands the input rows on as if they had been processed (what it does with the input
 * of a node that throws).
 */
export function failUnsettled(
	context: NodeRun,
	ledger: RowLedger,
	error: unknown,
	outcome: RowOutcome,
	message: string,
	{ settledToo = false }: { settledToo?: boolean } = {},
): void {
	if (!context.continueOnFail()) throw error;
	const cause = asNodeError(context.getNode(), error);
	const reason = withoutFinalStop(cause.message);
	ledger.failUnsettled(
		outcome,
		message.replace('%s', () => reason),
		cause,
		{ settledToo },
	);
}
