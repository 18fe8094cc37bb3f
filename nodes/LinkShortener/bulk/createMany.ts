import type { IExecuteFunctions, INodeExecutionData, NodeOperationError } from 'n8n-workflow';

import { createBatch, type CreateOutcome } from './createBatch';
import { createElementBuilder } from './createElements';
import { createManyOptions, mappingModeOf } from './options';
import { BulkProgress } from './progress';
import { RateLimitPacer } from './rateLimit';
import { RowResults } from './results';
import { failRows, withoutFinalStop } from './rowErrors';
import { batchesOf, prepareRows, type PreparedRow } from './rows';

type Failure = Exclude<CreateOutcome, { kind: 'created' }>;

const IN_DOUBT_ADVICE =
	'A server error (5xx), a lost answer or a timeout does not tell whether the server created the links, so the node does not send them again: that could create duplicates. Check which of the in-doubt items exist (for example with Link > Get Many) before running them again.';
const NOT_CREATED_ADVICE =
	'The items that were not created can be run again. Turn on "Continue On Fail" (Settings > On Error) to get every created link as an item and every other input item as an error item.';

/** Bulk > Create Many: every input row becomes one element of as few bulk-create requests as the limits allow. */
export async function createMany(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const rowCount = this.getInputData().length;
	if (rowCount === 0) return [[]];
	const options = createManyOptions(this);
	const results = new RowResults(rowCount);
	const rows = prepareRows(this, rowCount, createElementBuilder(this, mappingModeOf(this)), results);
	const batches = batchesOf(rows, options.batchSize);
	const progress = new BulkProgress('created', batches.length);
	const pacer = new RateLimitPacer(this);

	for (const [position, batch] of batches.entries()) {
		const number = position + 1;
		const outcome = await createBatch(this, batch, options, pacer);
		if (outcome.kind === 'created') {
			batch.forEach((row, k) => results.succeed(row.index, outcome.links[k]));
			progress.done(indicesOf(batch), number);
			continue;
		}
		const later = batches.slice(number).flat();
		if (!this.continueOnFail()) throw stoppedError(this, progress, outcome, number, batch, later);
		reportBatchFailure(results, outcome, number, batch);
		if (outcome.kind === 'notCreated' && outcome.stopsRun) {
			const reason = withoutFinalStop(outcome.error.message);
			failRows(results, later, 'notCreated', `Not sent: the run stopped at batch ${number}: ${reason}`);
			break;
		}
	}
	return [results.items()];
}

function reportBatchFailure(results: RowResults, failure: Failure, batch: number, rows: readonly PreparedRow[]): void {
	const reason = withoutFinalStop(failure.error.message);
	if (failure.kind === 'inDoubt') {
		const message = `In doubt: ${reason}. The server may have created this link; it was not sent again, to avoid a duplicate`;
		failRows(results, rows, 'inDoubt', message, { batch, description: IN_DOUBT_ADVICE, cause: failure.error });
	} else {
		failRows(results, rows, 'notCreated', `Not created: ${reason}`, { batch, cause: failure.error });
	}
}

function stoppedError(
	context: IExecuteFunctions,
	progress: BulkProgress,
	failure: Failure,
	batch: number,
	rows: readonly PreparedRow[],
	later: readonly PreparedRow[],
): NodeOperationError {
	const batchName = progress.batchName(batch, indicesOf(rows));
	const reason = withoutFinalStop(failure.error.message);
	if (failure.kind === 'inDoubt') {
		return progress.stoppedError(context.getNode(), {
			headline: `Bulk create stopped: ${batchName} got no usable answer: ${reason}`,
			inDoubtRows: indicesOf(rows),
			notDoneRows: indicesOf(later),
			advice: IN_DOUBT_ADVICE,
		});
	}
	return progress.stoppedError(context.getNode(), {
		headline: `Bulk create stopped: ${batchName} was not created: ${reason}`,
		notDoneRows: [...indicesOf(rows), ...indicesOf(later)],
		advice: NOT_CREATED_ADVICE,
	});
}

function indicesOf(rows: readonly PreparedRow[]): number[] {
	return rows.map((row) => row.index);
}
