import { NodeOperationError, type IDataObject } from 'n8n-workflow';

import type { NodeRun } from '../n8n/nodeRun';

import type { Api } from '../http/request';
import { requestSettingsOf, type RequestSettings } from '../n8n/requestOptions';
import { BatchSender, refusalOf, type Outcome } from './batchSender';
import type { BatchOperation } from './operation';
import type { PreparedRow } from './preparedRow';
import { BulkProgress } from './progress';
import { lookUpRows } from './reconcile';
import type { RunMemory } from './retryMemory';
import { withoutFinalStop, type RowError, type RowResults } from './rowResults';
import { notDoneOf, stoppedError, type Failure, type LaterRows } from './stoppedRun';

/**
 * One bulk run's batches, each sent and every row settled: answers matched to rows, refused
 * rows isolated (D3, D4), answers in doubt looked up (D7), rows remembered across n8n's Retry
 * On Fail.
 */
export class BatchRun {
	readonly progress: BulkProgress;

	doneCount = 0;

	private readonly continueOnFail: boolean;

	private readonly settings: RequestSettings;

	private readonly sender: BatchSender;

	/** The ids of the links given to rows, so that a look-up never gives one to a second row. */
	private readonly claimed = new Set<string>();

	constructor(
		private readonly api: Api<NodeRun>,
		private readonly operation: BatchOperation,
		private readonly results: RowResults,
		private readonly memory: RunMemory | undefined,
	) {
		this.continueOnFail = api.context.continueOnFail();
		this.settings = requestSettingsOf(api.context);
		this.sender = new BatchSender(api, operation, this.settings);
		this.progress = new BulkProgress(operation.verb);
	}

	/**
	 * n8n's Retry On Fail runs the node again: rows an earlier attempt created are output as they
	 * were, rows it left in doubt are looked up first; only the others are sent.
	 */
	async recallEarlierAttempts(rows: PreparedRow[]): Promise<PreparedRow[]> {
		const { memory, operation } = this;
		if (!memory) return rows;
		const toSend: PreparedRow[] = [];
		const doubtful: PreparedRow[] = [];
		let oldest = Infinity;
		for (const row of rows) {
			const recall = memory.recall(row);
			if (recall && 'link' in recall) this.succeed([row], [recall.link]);
			else if (recall && operation.lookUp) {
				doubtful.push(row);
				oldest = Math.min(oldest, recall.readBackTo);
			} else toSend.push(row);
		}
		if (doubtful.length === 0) return toSend;
		const cause = new NodeOperationError(
			this.api.context.getNode(),
			'An earlier attempt of this run got no usable answer',
		);
		const looked = await this.lookUp(doubtful, oldest, cause, 0, () => toSend);
		if ('carryOn' in looked) return toSend;
		return [...toSend, ...looked.notFound].sort((a, b) => a.index - b.index);
	}

	/** Sends one batch and settles each of its rows; false when the run must stop (later rows then have their error item). */
	async settle(batch: PreparedRow[], number: number, later: LaterRows): Promise<boolean> {
		const before = this.doneCount;
		const carryOn = await this.settleRows(batch, number, later, true);
		if (this.doneCount - before === batch.length) this.progress.done([], number);
		return carryOn;
	}

	private async settleRows(
		rows: PreparedRow[],
		number: number,
		later: LaterRows,
		mayResend: boolean,
	): Promise<boolean> {
		const outcome = await this.sender.send(rows);
		if (outcome.kind === 'answered') {
			const doubtful = rows.filter((_, k) => !outcome.links[k]);
			const done = rows.filter((_, k) => outcome.links[k]);
			this.succeed(
				done,
				outcome.links.filter((link): link is IDataObject => link !== undefined),
			);
			if (doubtful.length === 0) return true;
			return await this.resolveDoubt(
				doubtful,
				outcome.sentAt,
				outcome.doubt,
				number,
				later,
				mayResend,
			);
		}
		if (outcome.kind === 'inDoubt')
			return await this.resolveDoubt(rows, outcome.sentAt, outcome.error, number, later, mayResend);
		if (outcome.kind === 'refused') return await this.isolate(rows, outcome, number, later);
		return this.fail(outcome, rows, number, later);
	}

	/**
	 * D3 / D4: a request refused because of some element applied nothing. The refused rows are
	 * found from the positions the answer names, else by sending halves, recursively: at most
	 * 2·k·⌈log2 n⌉ more requests for k refused rows among n.
	 */
	private async isolate(
		rows: PreparedRow[],
		refusal: Extract<Outcome, { kind: 'refused' }>,
		number: number,
		later: LaterRows,
	): Promise<boolean> {
		const { named } = refusal;
		const refusalAt = (k: number) => refusalOf(this.api.context.getNode(), refusal, k);
		if (rows.length === 1)
			return this.fail({ kind: 'refused', error: refusalAt(0) }, rows, number, later);
		if (!this.continueOnFail && this.operation.stopsAtRefusal) {
			const refusedRows = named ? rows.filter((_, k) => named.has(k)) : [];
			return this.fail({ kind: 'refused', error: refusal.error, refusedRows }, rows, number, later);
		}
		if (named) {
			const rest = rows.filter((_, k) => !named.has(k));
			for (const [k, row] of rows.entries()) {
				if (!named.has(k)) continue;
				const error = refusalAt(k);
				if (!this.fail({ kind: 'refused', error }, [row], number, () => [...rest, ...later()]))
					return false;
			}
			return rest.length === 0 || (await this.settleRows(rest, number, later, true));
		}
		const middle = Math.ceil(rows.length / 2);
		const [first, second] = [rows.slice(0, middle), rows.slice(middle)];
		if (!(await this.settleRows(first, number, () => [...second, ...later()], true))) return false;
		return await this.settleRows(second, number, later, true);
	}

	/**
	 * Rows a request may or may not have applied (D7). Without a look-up (update: idempotent) they
	 * are reported in doubt. With one, the rows found are done; the rest, once the look-up has
	 * read everything since the send, were not applied: re-sent once, else reported not done.
	 */
	private async resolveDoubt(
		rows: PreparedRow[],
		sentAt: number,
		cause: RowError,
		number: number,
		later: LaterRows,
		mayResend: boolean,
	): Promise<boolean> {
		const oldest = this.sender.clock.oldestFor(sentAt);
		if (!this.operation.lookUp)
			return this.fail({ kind: 'inDoubt', error: cause, oldest }, rows, number, later);
		const looked = await this.lookUp(rows, oldest, cause, number, later);
		if ('carryOn' in looked) return looked.carryOn;
		const { notFound } = looked;
		if (notFound.length === 0) return true;
		if (mayResend) return await this.settleRows(notFound, number, later, false);
		// Sent twice without a usable answer, and the complete look-up found neither: not created.
		return this.fail({ kind: 'notDone', error: cause }, notFound, number, later);
	}

	/** The rows the look-up did not find; when it could not tell, the rows not found are failed in doubt here. */
	private async lookUp(
		rows: PreparedRow[],
		/** The oldest createdAt (the server's clock) a link of the request can have. */
		oldest: number,
		cause: RowError,
		number: number,
		later: LaterRows,
	): Promise<{ notFound: PreparedRow[] } | { carryOn: boolean }> {
		const { found, notFound, problem } = await lookUpRows(
			this.operation.lookUp!,
			this.api,
			rows,
			oldest,
			this.claimed,
			this.settings.timeout,
		);
		this.succeed(
			found.map(([row]) => row),
			found.map(([, link]) => link),
		);
		if (!problem) return { notFound };
		const error = new NodeOperationError(
			this.api.context.getNode(),
			`${withoutFinalStop(cause.message)}, and ${problem}`,
		);
		return { carryOn: this.fail({ kind: 'inDoubt', error, oldest }, notFound, number, later) };
	}

	private succeed(rows: readonly PreparedRow[], links: readonly IDataObject[]): void {
		rows.forEach((row, k) => this.results.succeed(row.index, links[k]));
		for (const link of links) this.claimed.add(String(link.id));
		this.doneCount += rows.length;
		this.progress.done(rows.map((row) => row.index));
		this.memory?.done(rows, links);
	}

	/** Each row its error item (Continue On Fail), else the error that stops the run; false when later rows are not sent. */
	private fail(
		failure: Failure,
		rows: readonly PreparedRow[],
		number: number,
		later: LaterRows,
	): boolean {
		if (failure.kind === 'inDoubt') this.memory?.inDoubt(rows, failure.oldest);
		if (!this.continueOnFail) {
			throw stoppedError(this.api.context.getNode(), this.operation, this.progress, {
				failure,
				rows,
				number,
				later,
			});
		}
		const { results, operation } = this;
		const notDone = notDoneOf(operation.verb);
		const reason = withoutFinalStop(failure.error.message);
		if (failure.kind === 'inDoubt') {
			const message = `In doubt: ${reason}. ${operation.inDoubtNote}`;
			results.failRows(rows, 'inDoubt', message, {
				batch: number,
				description: operation.inDoubtAdvice,
				cause: failure.error,
			});
		} else {
			results.failRows(rows, notDone.outcome, `${notDone.words}: ${reason}`, {
				batch: number,
				cause: failure.error,
			});
		}
		if (failure.kind === 'notDone' && failure.stopsRun) {
			results.failRows(
				later(),
				notDone.outcome,
				`Not sent: the run stopped at batch ${number}: ${reason}`,
			);
			return false;
		}
		return true;
	}
}
