import type {
	IDataObject,
	INodeExecutionData,
	NodeApiError,
	NodeOperationError,
} from 'n8n-workflow';

import type { PreparedRow } from './preparedRow';
import { detailsOfError, errorItem } from '../http/errorItems';

export type RowError = NodeOperationError | NodeApiError;

export type RowOutcome =
	| 'invalid'
	| 'notCreated'
	| 'inDoubt'
	| 'notUpdated'
	| 'notLookedUp'
	| 'notSent';

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

	private settled = 0;

	constructor(rowCount: number) {
		this.slots = new Array<INodeExecutionData | undefined>(rowCount);
	}

	succeed(row: number, record: IDataObject): void {
		this.settle(row, { json: record, pairedItem: { item: row } });
	}

	/** The error item of a row (`errorItem`). */
	fail(row: number, message: string, details: IDataObject): void {
		this.failures++;
		this.settle(row, errorItem(row, message, details));
	}

	private settle(row: number, item: INodeExecutionData): void {
		if (this.slots[row] === undefined) this.settled++;
		this.slots[row] = item;
	}

	/** Every row that has no item yet gets this error item (the run could not go on). */
	failUnsettled(outcome: RowOutcome, message: string, cause?: RowError): void {
		const details = { outcome, ...detailsOfError(cause) };
		for (let row = 0; row < this.slots.length; row++)
			if (this.slots[row] === undefined) this.fail(row, message, details);
	}

	/** With "Continue On Fail": one error item per row, naming its input item. */
	failRows(
		rows: readonly PreparedRow[],
		outcome: RowOutcome,
		message: string,
		failure: FailureDetails = {},
	): void {
		const details: IDataObject = { outcome, ...detailsOfError(failure.cause) };
		if (failure.batch !== undefined) details.batch = failure.batch;
		if (failure.description) details.description = failure.description;
		for (const row of rows) this.fail(row.index, message, { ...details, link: row.element });
	}

	/** Every row has its item, and none is an error item. */
	allSucceeded(): boolean {
		return this.failures === 0 && this.settled === this.slots.length;
	}

	items(): INodeExecutionData[] {
		// Every row settled is the usual end: a copy, without a test per row.
		if (this.settled === this.slots.length) return this.slots.slice() as INodeExecutionData[];
		return this.slots.filter((item): item is INodeExecutionData => item !== undefined);
	}
}

/** An error's message, to be embedded in a longer sentence. */
export function withoutFinalStop(message: string): string {
	return message.trim().replace(/\.+$/, '');
}
