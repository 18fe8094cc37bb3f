import { NodeOperationError, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import type { RowError, RowResults } from './results';
import type { PreparedRow } from './rows';

export type RowOutcome = 'invalid' | 'notCreated' | 'inDoubt' | 'notUpdated';

interface FailureDetails {
	batch?: number;
	description?: string;
	/** The request's own error, for its HTTP status. */
	cause?: RowError;
}

/** With "Continue On Fail": one error item per row, each with its own error naming its input item. */
export function failRows(
	context: IExecuteFunctions,
	results: RowResults,
	rows: readonly PreparedRow[],
	outcome: RowOutcome,
	message: string,
	details: FailureDetails = {},
): void {
	const node = context.getNode();
	const description = details.description ?? details.cause?.description ?? undefined;
	const json: IDataObject = { outcome };
	if (details.batch !== undefined) json.batch = details.batch;
	const httpCode = details.cause && 'httpCode' in details.cause ? details.cause.httpCode : undefined;
	if (httpCode) json.httpCode = httpCode;
	for (const row of rows) {
		const error = new NodeOperationError(node, message, { itemIndex: row.index, description });
		results.fail(row.index, error, { ...json, link: row.element });
	}
}
