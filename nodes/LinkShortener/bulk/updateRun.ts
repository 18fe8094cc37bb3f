import type { IExecuteFunctions } from 'n8n-workflow';

import type { BulkProgress } from './progress';
import type { RowResults } from './results';
import { failRows, withoutFinalStop } from './rowErrors';
import type { PreparedRow } from './rows';
import { updateBatch, type UpdateOutcome } from './updateBatch';

type Failure = Exclude<UpdateOutcome, { kind: 'updated' }>;
type LaterRows = () => PreparedRow[];

const IN_DOUBT_ADVICE =
	'A server error (5xx), a lost answer or a timeout does not tell whether the server applied the updates. Updates are idempotent, so running the in-doubt items again is safe.';
const NOT_UPDATED_ADVICE =
	'Fix or remove the refused item and run the items that were not updated again (updates are idempotent). Turn on "Continue On Fail" (Settings > On Error) to update every good item and get each refused one as an error item.';

/**
 * The batches of one Bulk > Update Many run (decision D4). Updates are idempotent, so a batch
 * refused because of some element (400/403/404) is sent again one row at a time: every good
 * row is updated, and the bad ones are found and reported with their own input item.
 */
export class UpdateRun {
	private readonly continueOnFail: boolean;

	constructor(
		private readonly context: IExecuteFunctions,
		private readonly results: RowResults,
		private readonly progress: BulkProgress,
	) {
		this.continueOnFail = context.continueOnFail();
	}

	/** False when the run must stop (every later row then has its error item). */
	async updateBatch(batch: PreparedRow[], number: number, later: LaterRows): Promise<boolean> {
		const outcome = await updateBatch(this.context, batch);
		if (outcome.kind === 'updated') {
			this.succeed(batch, outcome);
			return true;
		}
		if (outcome.kind === 'refused' && batch.length > 1) return await this.updateOneByOne(batch, number, later);
		return this.fail(outcome, batch, number, later);
	}

	private async updateOneByOne(batch: PreparedRow[], number: number, later: LaterRows): Promise<boolean> {
		for (const [position, row] of batch.entries()) {
			const outcome = await updateBatch(this.context, [row]);
			if (outcome.kind === 'updated') {
				this.succeed([row], outcome);
				continue;
			}
			const rest = batch.slice(position + 1);
			if (!this.fail(outcome, [row], number, () => [...rest, ...later()])) return false;
		}
		return true;
	}

	private succeed(rows: readonly PreparedRow[], outcome: Extract<UpdateOutcome, { kind: 'updated' }>): void {
		rows.forEach((row, k) => this.results.succeed(row.index, outcome.links[k]));
		this.progress.done(rows.map((row) => row.index));
	}

	private fail(failure: Failure, rows: readonly PreparedRow[], number: number, later: LaterRows): boolean {
		if (!this.continueOnFail) throw this.stoppedError(failure, rows, number, later);
		const { results } = this;
		const reason = withoutFinalStop(failure.error.message);
		if (failure.kind === 'inDoubt') {
			const message = `In doubt: ${reason}. The server may or may not have applied this update`;
			failRows(results, rows, 'inDoubt', message, { batch: number, description: IN_DOUBT_ADVICE, cause: failure.error });
		} else {
			failRows(results, rows, 'notUpdated', `Not updated: ${reason}`, { batch: number, cause: failure.error });
		}
		if (failure.kind === 'notUpdated' && failure.stopsRun) {
			failRows(results, later(), 'notUpdated', `Not sent: the run stopped at batch ${number}: ${reason}`);
			return false;
		}
		return true;
	}

	private stoppedError(failure: Failure, rows: readonly PreparedRow[], number: number, later: LaterRows) {
		const indices = rows.map((row) => row.index);
		const laterIndices = later().map((row) => row.index);
		const node = this.context.getNode();
		const which = rows.length === 1 ? `input item ${indices[0]}` : this.progress.batchName(number, indices);
		const what = failure.kind === 'inDoubt' ? 'got no usable answer' : 'was refused';
		const headline = `Bulk update stopped: ${which} ${what}: ${withoutFinalStop(failure.error.message)}`;
		if (failure.kind === 'inDoubt') {
			return this.progress.stoppedError(node, { headline, inDoubtRows: indices, notDoneRows: laterIndices, advice: IN_DOUBT_ADVICE });
		}
		return this.progress.stoppedError(node, {
			headline,
			notDoneRows: [...indices, ...laterIndices],
			advice: NOT_UPDATED_ADVICE,
		});
	}
}
