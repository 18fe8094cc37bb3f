import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { NodeRun } from '../n8n/nodeRun';

import type { RowError, RowLedger } from './ledger';
import { asNodeError } from '../http/errors';
import { detailsOfError } from '../http/errorItems';
import { RowValidator } from '../fields/validation';
import type { RowNoun } from '../fields/rowNoun';

/**
 * The rows an operation runs over: the node's input items (the default), or rows read from them
 * (Bulk's "From a JSON List", `resources/bulk/jsonRows.ts`: each row an element of a list).
 */
export interface RowSource {
	/** Each row as an item: its `json` holds the row's columns. */
	readonly items: readonly INodeExecutionData[];
	/** What a message calls the rows ("rows" of JSON lists, counted across them); "input items" unless given. */
	readonly noun?: RowNoun;
	/** Where a row sits in what it was read from ("rows[3]"), for its errors; none for an input item. */
	placeOf?(index: number): string;
	/** The run's output, each row's items paired back to the input item that held it; none for input items. */
	pairedToHolders?(items: INodeExecutionData[]): INodeExecutionData[];
}

/** An input row as the intake hands it on: checked, or refused (only under "On Error: Continue"). */
export type TakenRow<T> = { index: number; value: T } | { index: number; error: RowError };

/**
 * The one row intake of every operation (D8): every row is read and checked before anything is
 * sent. Without "On Error: Continue" the first bad row stops the run, nothing sent; with it, a
 * bad row is handed on with its error, for its error item (`refusalDetails`).
 */
export async function takeRows<T>(
	context: NodeRun,
	rows: RowSource,
	check: (index: number, validator: RowValidator) => T | Promise<T>,
): Promise<Array<TakenRow<T>>> {
	const node = context.getNode();
	const continueOnFail = context.continueOnFail();
	const taken: Array<TakenRow<T>> = [];
	for (let index = 0; index < rows.items.length; index++) {
		try {
			const validator = new RowValidator(node, index, undefined, rows.placeOf?.(index));
			const value = check(index, validator);
			// Most checks answer at once: no await (a turn of microtasks) for each of 100,000 rows.
			taken.push({ index, value: value instanceof Promise ? await value : value });
		} catch (error) {
			// An InvalidInputError, or an expression that could not be evaluated for this row.
			const rowError = asNodeError(node, error, index);
			if (!continueOnFail) throw rowError;
			taken.push({ index, error: rowError });
		}
	}
	return taken;
}

/** The details of a refused row's error item: `outcome` (`invalid` unless given) and the error's own. */
export function refusalDetails(error: RowError, details: IDataObject = { outcome: 'invalid' }) {
	return { ...details, ...detailsOfError(error) };
}

/**
 * A row refused once the run's look-ups are in, before anything is sent (D8, D14): without
 * "On Error: Continue" its error stops the run; with it, its error item.
 */
export function refuseRow(
	context: NodeRun,
	ledger: RowLedger,
	index: number,
	error: RowError,
	details: IDataObject,
): void {
	if (!context.continueOnFail()) throw error;
	ledger.fail(index, error.message, refusalDetails(error, details));
}

/** Consecutive slices of at most `size` rows. */
export function batchesOf<T>(rows: readonly T[], size: number): T[][] {
	const batches: T[][] = [];
	for (let start = 0; start < rows.length; start += size)
		batches.push(rows.slice(start, start + size));
	return batches;
}
