import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { asNodeError } from '../shared/transport';
import { RowValidator } from '../shared/validation';
import type { RowResults } from './results';

/** An input row that passed the checks, with the request element built from it. */
export interface PreparedRow {
	index: number;
	element: IDataObject;
}

/** Builds one row's request element; throws (an InvalidInputError, an expression error...) when the row cannot be sent. */
export type ElementBuilder = (row: number, check: RowValidator) => IDataObject;

/**
 * Reads and checks every input row before anything is sent. Without "Continue On Fail" the
 * first bad row stops the run (nothing sent yet); with it, each bad row becomes its error item
 * and the others go on.
 */
export function prepareRows(
	context: IExecuteFunctions,
	rowCount: number,
	buildElement: ElementBuilder,
	results: RowResults,
): PreparedRow[] {
	const node = context.getNode();
	const continueOnFail = context.continueOnFail();
	const prepared: PreparedRow[] = [];
	for (let row = 0; row < rowCount; row++) {
		try {
			prepared.push({ index: row, element: buildElement(row, new RowValidator(node, row)) });
		} catch (error) {
			// An InvalidInputError, or an expression that could not be evaluated for this row.
			const rowError = asNodeError(node, error, row);
			if (!continueOnFail) throw rowError;
			const { message, description } = rowError;
			results.fail(row, message, description ? { outcome: 'invalid', description } : { outcome: 'invalid' });
		}
	}
	return prepared;
}

/** Consecutive slices of at most `size` rows. */
export function batchesOf<T>(rows: readonly T[], size: number): T[][] {
	const batches: T[][] = [];
	for (let start = 0; start < rows.length; start += size) batches.push(rows.slice(start, start + size));
	return batches;
}
