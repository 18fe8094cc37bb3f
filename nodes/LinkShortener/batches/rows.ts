import { NodeOperationError, type IDataObject } from 'n8n-workflow';

import type { NodeRun } from '../n8n/nodeRun';

import type { RowLedger, ElementBuilder, PreparedRow } from './ledger';
import { asNodeError } from '../http/errors';
import { RowValidator } from '../fields/validation';

/**
 * Reads and checks every input row before anything is sent. Without "Continue On Fail" the
 * first bad row stops the run (nothing sent yet); with it, each bad row becomes its error item
 * and the others go on.
 */
export async function prepareRows(
	context: NodeRun,
	buildElement: ElementBuilder,
	ledger: RowLedger,
): Promise<PreparedRow[]> {
	const rowCount = context.getInputData().length;
	const node = context.getNode();
	const continueOnFail = context.continueOnFail();
	const prepared: PreparedRow[] = [];
	for (let row = 0; row < rowCount; row++) {
		try {
			const built = buildElement(row, new RowValidator(node, row));
			// Most builders answer at once: no await (a turn of microtasks) for each of 100,000 rows.
			prepared.push({ index: row, element: built instanceof Promise ? await built : built });
		} catch (error) {
			// An InvalidInputError, or an expression that could not be evaluated for this row.
			const rowError = asNodeError(node, error, row);
			if (!continueOnFail) throw rowError;
			const { message, description } = rowError;
			ledger.fail(
				row,
				message,
				description ? { outcome: 'invalid', description } : { outcome: 'invalid' },
			);
		}
	}
	return prepared;
}

/** Consecutive slices of at most `size` rows. */
export function batchesOf<T>(rows: readonly T[], size: number): T[][] {
	const batches: T[][] = [];
	for (let start = 0; start < rows.length; start += size)
		batches.push(rows.slice(start, start + size));
	return batches;
}

/** A whole-number option of a bulk run (read once, from item 0), refused before anything is sent. */
export function wholeNumberOption(
	context: NodeRun,
	value: unknown,
	fallback: number,
	label: string,
	minimum: number,
): number {
	if (value === undefined || value === null || value === '') return fallback;
	const number = Number(value);
	if (!Number.isInteger(number) || number < minimum) {
		throw new NodeOperationError(
			context.getNode(),
			`${label} must be a whole number of at least ${minimum}`,
			{
				description: `"${label}" is ${String(value)}. Nothing was sent.`,
			},
		);
	}
	return number;
}

/** The "options" collection of a bulk run; options apply to the whole run, not to each row. */
export function runOptions(context: NodeRun): IDataObject {
	return context.getNodeParameter('options', 0, {}) as IDataObject;
}
