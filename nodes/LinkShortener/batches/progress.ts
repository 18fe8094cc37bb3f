import { NodeOperationError, type INode } from 'n8n-workflow';

import { plural, describeRows } from './rowRanges';

export type Verb = 'created' | 'updated';

/** What a bulk run has done so far, for the message of an error that stops it. */
export class BulkProgress {
	readonly doneRows: number[] = [];
	private readonly doneBatches: number[] = [];

	constructor(
		readonly verb: Verb,
		public batchCount = 0,
	) {}

	/** `batch` (counting from 1) when the whole batch was done at once. */
	done(rows: readonly number[], batch?: number): void {
		for (const row of rows) this.doneRows.push(row);
		if (batch !== undefined) this.doneBatches.push(batch);
	}

	/** "Batch 2 of 3 (input items 10000–19999)"; batch 0 holds the rows an earlier attempt of the run left in doubt. */
	batchName(batch: number, rows: readonly number[]): string {
		const which =
			batch > 0
				? `batch ${batch} of ${this.batchCount}`
				: 'the rows an earlier attempt left in doubt';
		return `${which} (input items ${describeRows(rows)})`;
	}

	stoppedError(node: INode, stop: Stop): NodeOperationError {
		const { verb, doneRows } = this;
		const notDone = stop.notDoneRows ?? [];
		const inDoubt = stop.inDoubtRows ?? [];
		const refused = stop.refusedRows ?? [];
		const done = doneRows.length
			? `${plural(doneRows.length, 'link')} ${doneRows.length === 1 ? 'was' : 'were'} already ${verb} (input items ${describeRows(doneRows)}${this.batchesDone()}).`
			: inDoubt.length
				? ''
				: `No link was ${verb}.`;
		const parts = [`${stop.headline}.`];
		if (refused.length) parts.push(`Refused by the server: input items ${describeRows(refused)}.`);
		if (done) parts.push(done);
		if (inDoubt.length) parts.push(`In doubt, not re-sent: input items ${describeRows(inDoubt)}.`);
		if (notDone.length) parts.push(`Not ${verb}: input items ${describeRows(notDone)}.`);
		const description = [stop.cause?.description, stop.advice].filter(Boolean).join(' ');
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

	private batchesDone(): string {
		const batches = this.doneBatches;
		if (batches.length === 0) return '';
		return `; ${batches.length === 1 ? 'batch' : 'batches'} ${describeRows(batches)}`;
	}
}

export interface Stop {
	/** What went wrong, naming the batch or row. */
	headline: string;
	inDoubtRows?: readonly number[];
	/** Rows the server named as refused (they are among the rows not done). */
	refusedRows?: readonly number[];
	notDoneRows?: readonly number[];
	/** What the user can do about it. */
	advice: string;
	/** The error of the request that stopped the run, whose description (the server's code and details) is kept. */
	cause?: { description?: string | null };
}
