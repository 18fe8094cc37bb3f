import type { IDataObject, NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { RowResults } from './results';
import type { PreparedRow } from './rows';

export type RowError = NodeOperationError | NodeApiError;

export type RowOutcome = 'invalid' | 'notCreated' | 'inDoubt' | 'notUpdated';

interface FailureDetails {
	batch?: number;
	description?: string;
	/** The request's own error, for its HTTP status and description. */
	cause?: RowError;
}

/** With "Continue On Fail": one error item per row, naming its input item. */
export function failRows(
	results: RowResults,
	rows: readonly PreparedRow[],
	outcome: RowOutcome,
	message: string,
	failure: FailureDetails = {},
): void {
	const details: IDataObject = { outcome };
	if (failure.batch !== undefined) details.batch = failure.batch;
	const httpCode = failure.cause && 'httpCode' in failure.cause ? failure.cause.httpCode : undefined;
	if (httpCode) details.httpCode = httpCode;
	const description = failure.description ?? failure.cause?.description;
	if (description) details.description = description;
	for (const row of rows) results.fail(row.index, message, { ...details, link: row.element });
}

/** An error's message, to be embedded in a longer sentence. */
export function withoutFinalStop(message: string): string {
	return message.trim().replace(/\.+$/, '');
}
