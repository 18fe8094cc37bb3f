import type {
	IDataObject,
	INodeExecutionData,
	NodeApiError,
	NodeOperationError,
} from 'n8n-workflow';

import type { RowValidator } from '../fields/validation';
import { detailsOfError, errorItem } from '../http/errorItems';

/** What became of one input row. */
type RowRecord =
	/** To be sent by the run. */
	| { state: 'pending'; element: IDataObject }
	/** Its output, settled without a request of the run (a look-up answered it). */
	| { state: 'output'; json: IDataObject }
	/** Sent on its own: its output items (none, one or several); `element` when a retry must not send it again. */
	| { state: 'sent'; items: INodeExecutionData[]; element?: unknown }
	/** Answered by an earlier row's request: that row's output, or `failure` when it has none. */
	| {
			state: 'follows';
			leader: number;
			change: (json: IDataObject) => IDataObject;
			failure: Failure;
	  }
	/** Sent: the server created or updated its link. */
	| { state: 'done'; json: IDataObject; element: IDataObject }
	/** Its error item; `readBackTo` (the server's clock) when it is in doubt (D7). */
	| {
			state: 'failed';
			message: string;
			details: IDataObject;
			element?: IDataObject;
			readBackTo?: number;
	  };

export type RowError = NodeOperationError | NodeApiError;

/** An error item's message and details. */
interface Failure {
	message: string;
	details: IDataObject;
}

/** The `outcome` of a row's error item. */
export type RowOutcome =
	| 'invalid'
	| 'notCreated'
	| 'inDoubt'
	| 'notUpdated'
	| 'notLookedUp'
	| 'notSent'
	| 'notSynced'
	/** Its link was created or read, its QR code could not be made (`qr/binaryOutput.ts`). */
	| 'noQrCode';

/** An input row that passed the checks, with what its check gave (a bulk operation: its request element). */
export interface PreparedRow<T = IDataObject> {
	index: number;
	element: T;
}

/** Builds one row's request element; throws (an InvalidInputError, an expression error...) when the row cannot be sent. */
export type ElementBuilder = (
	row: number,
	check: RowValidator,
) => IDataObject | Promise<IDataObject>;

/** What a retry of the run needs to know of a row it sent: its link, or how far back its look-up reads. */
export type Recall = { link: IDataObject } | { readBackTo: number };

interface FailureDetails {
	batch?: number;
	description?: string;
	/** The request's own error, for its HTTP status and description. */
	cause?: RowError;
	readBackTo?: number;
}

/**
 * One record per input row of a run. The output (one item per row, in input order), the
 * stop message, the retry memory and the ids of the links given to rows are all read from it.
 */
export class RowLedger {
	private readonly records: Array<RowRecord | undefined>;

	constructor(rowCount: number) {
		this.records = new Array<RowRecord | undefined>(rowCount).fill(undefined);
	}

	/** A row settled without a request of the run. */
	succeed(row: number, json: IDataObject): void {
		this.records[row] = { state: 'output', json };
	}

	/** The output items of a row sent on its own; with its `element` (a write), a retry of the run gives them again. */
	sent(row: number, items: INodeExecutionData[], element?: unknown): void {
		this.records[row] = { state: 'sent', items, element };
	}

	/**
	 * A row the plan leaves to an earlier row's request (Return Existing's repeats of a new long
	 * URL): its output is that row's, `change`d, read when the output is; else `failure`.
	 */
	follow(
		row: number,
		leader: number,
		change: (json: IDataObject) => IDataObject,
		failure: Failure,
	): void {
		this.records[row] = { state: 'follows', leader, change, failure };
	}

	/** A row's error item (`errorItem`). */
	fail(row: number, message: string, details: IDataObject): void {
		this.records[row] = { state: 'failed', message, details };
	}

	willSend(rows: readonly PreparedRow[]): void {
		for (const row of rows) this.records[row.index] = { state: 'pending', element: row.element };
	}

	/** Each row whose link is given (by position) is done; a row without one stays as it was. */
	done(rows: readonly PreparedRow[], links: ReadonlyArray<IDataObject | undefined>): void {
		rows.forEach((row, k) => {
			const json = links[k];
			if (json) this.records[row.index] = { state: 'done', json, element: row.element };
		});
	}

	/** One error item per row, naming its input item and its request element. */
	failRows(
		rows: readonly PreparedRow[],
		outcome: RowOutcome,
		message: string,
		failure: FailureDetails = {},
	): void {
		const details: IDataObject = { outcome, ...detailsOfError(failure.cause) };
		if (failure.batch !== undefined) details.batch = failure.batch;
		if (failure.description) details.description = failure.description;
		const { readBackTo } = failure;
		for (const { index, element } of rows) {
			const rowDetails = { ...details, link: element };
			this.records[index] = { state: 'failed', message, details: rowDetails, element, readBackTo };
		}
	}

	/**
	 * Every row that has no item yet gets this error item (the run could not go on); with
	 * `settledToo`, every row without an error item (what the run did once its rows were sent failed).
	 */
	failUnsettled(
		outcome: RowOutcome,
		message: string,
		cause?: RowError,
		{ settledToo = false } = {},
	): void {
		const details = { outcome, ...detailsOfError(cause) };
		this.records.forEach((record, row) => {
			const unsettled = record === undefined || record.state === 'pending';
			if (unsettled || (settledToo && record.state !== 'failed')) this.fail(row, message, details);
		});
	}

	/** How many rows have no item yet. */
	unsettled(): number {
		return this.records.filter((record) => record === undefined || record.state === 'pending')
			.length;
	}

	/** The rows still to send, in input order. */
	pending(): PreparedRow[] {
		return this.records.flatMap((record, index) =>
			record?.state === 'pending' ? [{ index, element: record.element }] : [],
		);
	}

	/** The rows whose link the run created or updated. */
	doneRows(): number[] {
		return this.records.flatMap((record, row) => (record?.state === 'done' ? [row] : []));
	}

	isDone(row: number): boolean {
		return this.records[row]?.state === 'done';
	}

	/** The ids of the links given to rows: a look-up never gives one to a second row. */
	claimedIds(): Set<string> {
		const ids = new Set<string>();
		for (const record of this.records)
			if (record?.state === 'done') ids.add(String(record.json.id));
		return ids;
	}

	/** What a retry needs of each row the run sent: the row, its element, its link or doubt. */
	*recalls(): Generator<[number, unknown, Recall]> {
		for (const [row, record] of this.records.entries()) {
			if (record?.state === 'done') yield [row, record.element, { link: record.json }];
			else if (record?.state === 'sent' && record.element && record.items.length === 1)
				yield [row, record.element, { link: record.items[0].json }];
			else if (record?.state === 'failed' && record.element && record.readBackTo !== undefined)
				yield [row, record.element, { readBackTo: record.readBackTo }];
		}
	}

	/** Every row has its item, and none is an error item. */
	allSucceeded(): boolean {
		return this.records.every(
			(record) => record !== undefined && record.state !== 'failed' && record.state !== 'pending',
		);
	}

	/** One item per settled row, in input order. */
	items(): INodeExecutionData[] {
		const items: INodeExecutionData[] = [];
		this.records.forEach((record, row) => {
			if (record?.state === 'follows') {
				const { leader, change, failure } = record;
				const led = this.records[leader];
				if (led?.state === 'sent')
					for (const item of led.items)
						items.push({ ...item, json: change(item.json), pairedItem: { item: row } });
				else if (led?.state === 'done' || led?.state === 'output')
					items.push({ json: change(led.json), pairedItem: { item: row } });
				else items.push(errorItem(row, failure.message, failure.details));
			} else if (record?.state === 'failed')
				items.push(errorItem(row, record.message, record.details));
			// One at a time: a row of Get Many may have more items than a call takes arguments.
			else if (record?.state === 'sent') for (const item of record.items) items.push(item);
			else if (record && record.state !== 'pending')
				items.push({ json: record.json, pairedItem: { item: row } });
		});
		return items;
	}
}
