import type {
	IDataObject,
	INodeExecutionData,
	NodeApiError,
	NodeOperationError,
} from 'n8n-workflow';

import type { PreparedRow } from './preparedRow';

export type RowError = NodeOperationError | NodeApiError;

export type RowOutcome = 'invalid' | 'notCreated' | 'inDoubt' | 'notUpdated';

interface FailureDetails {
	batch?: number;
	description?: string;
	/** The request's own error, for its HTTP status and description. */
	cause?: RowError;
}

/**
 * One output slot per input row, so that every row ends as exactly one item (its link or its
 * error) and the output keeps the input order whatever order the batches finish in.
 */
export class RowResults {
	private readonly slots: Array<INodeExecutionData | undefined>;

	private failures = 0;

	constructor(rowCount: number) {
		this.slots = new Array<INodeExecutionData | undefined>(rowCount);
	}

	succeed(row: number, record: IDataObject): void {
		this.slots[row] = { json: record, pairedItem: { item: row } };
	}

	/**
	 * An error item. Its context goes under `details`, not beside `error`, and the item carries
	 * no `error` object: n8n replaces the json of an item that has one by `{ error: message }`,
	 * and routes an item to the error output only when its json has no keys but error, message
	 * and details.
	 */
	fail(row: number, message: string, details: IDataObject): void {
		this.failures++;
		this.slots[row] = {
			json: { error: message, details: { inputItem: row, ...details } },
			pairedItem: { item: row },
		};
	}

	/** With "Continue On Fail": one error item per row, naming its input item. */
	failRows(
		rows: readonly PreparedRow[],
		outcome: RowOutcome,
		message: string,
		failure: FailureDetails = {},
	): void {
		const details: IDataObject = { outcome };
		if (failure.batch !== undefined) details.batch = failure.batch;
		const httpCode =
			failure.cause && 'httpCode' in failure.cause ? failure.cause.httpCode : undefined;
		if (httpCode) details.httpCode = httpCode;
		const description = failure.description ?? failure.cause?.description;
		if (description) details.description = description;
		for (const row of rows) this.fail(row.index, message, { ...details, link: row.element });
	}

	/** Every row has its item, and none is an error item. */
	allSucceeded(): boolean {
		return this.failures === 0 && this.items().length === this.slots.length;
	}

	items(): INodeExecutionData[] {
		return this.slots.filter((item): item is INodeExecutionData => item !== undefined);
	}
}

/** An error's message, to be embedded in a longer sentence. */
export function withoutFinalStop(message: string): string {
	return message.trim().replace(/\.+$/, '');
}
