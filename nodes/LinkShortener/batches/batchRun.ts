import { NodeOperationError, type IDataObject } from 'n8n-workflow';

import type { NodeRun } from '../n8n/nodeRun';

import type { Api } from '../http/request';
import { withoutFinalStop } from '../http/answerText';
import { BatchSender, refusalOf, type Failure, type Outcome } from './batchSender';
import type { RunStart, Send } from './engine';
import type { RowLedger, RowError, PreparedRow } from './ledger';
import type { BatchOperation } from './operation';
import { RunMemory } from './retryMemory';
import { INPUT_ITEMS, type RowNoun } from '../fields/rowNoun';
import { batchesOf } from './rows';
import { failUnsettled, stoppedError, WORDING } from './stoppedRun';

/**
 * The send of rows in batches: each operation in turn (Sync Many: its creates, then its
 * updates) sends the rows it takes, in batches of its size, settling every row in the ledger.
 * What the run leaves undone or in doubt is remembered for n8n's Retry On Fail (D7).
 */
export function inBatches(
	{ api, rows: { noun = INPUT_ITEMS } }: RunStart,
	...operations: BatchOperation[]
): Send<IDataObject> {
	return async (rows, ledger) => {
		const memory = RunMemory.of(api.context);
		try {
			for (const operation of operations) {
				const { takes } = operation;
				await sendBatches(api, operation, ledger, takes ? rows.filter(takes) : rows, memory, noun);
			}
		} finally {
			if (ledger.allSucceeded()) memory?.forget();
			else memory?.keep(ledger);
		}
	};
}

/** One operation's rows, sent in batches; a run that cannot go on leaves each unsettled row in doubt. */
async function sendBatches(
	api: Api<NodeRun>,
	operation: BatchOperation,
	ledger: RowLedger,
	rows: PreparedRow[],
	memory: RunMemory | undefined,
	noun: RowNoun,
): Promise<void> {
	const run = new BatchRun(api, operation, ledger, noun);
	ledger.willSend(rows);
	try {
		run.batches = batchesOf(await run.recallEarlierAttempts(rows, memory), operation.batchSize);
		for (const [position, batch] of run.batches.entries())
			if (!(await run.settleRows(batch, position + 1, true))) break;
	} catch (error) {
		// A row without its item may have been sent: it is in doubt, never "not done".
		const { inDoubtNote } = WORDING[operation.verb];
		failUnsettled(
			api.context,
			ledger,
			error,
			'inDoubt',
			`In doubt: the run stopped: %s. ${inDoubtNote}`,
		);
	}
}

/**
 * One bulk run's batches, each sent and every row settled in the ledger: answers matched to
 * rows, refused rows isolated (D3, D4), answers in doubt looked up (D7).
 */
class BatchRun {
	batches: PreparedRow[][] = [];

	private readonly continueOnFail: boolean;

	private readonly sender: BatchSender;

	constructor(
		private readonly api: Api<NodeRun>,
		private readonly operation: BatchOperation,
		private readonly ledger: RowLedger,
		private readonly noun: RowNoun,
	) {
		this.continueOnFail = api.context.continueOnFail();
		this.sender = new BatchSender(api, operation);
	}

	/**
	 * n8n's Retry On Fail runs the node again: rows an earlier attempt created are output as they
	 * were, rows it left in doubt are looked up first; only the others are sent.
	 */
	async recallEarlierAttempts(
		rows: PreparedRow[],
		memory: RunMemory | undefined,
	): Promise<PreparedRow[]> {
		if (!memory) return rows;
		const toSend: PreparedRow[] = [];
		const doubtful: PreparedRow[] = [];
		let oldest = Infinity;
		for (const row of rows) {
			const recall = memory.recall(row);
			if (recall && 'link' in recall) this.ledger.done([row], [recall.link]);
			else if (recall && this.operation.lookUp) {
				doubtful.push(row);
				oldest = Math.min(oldest, recall.readBackTo);
			} else toSend.push(row);
		}
		if (doubtful.length === 0) return toSend;
		const cause = new NodeOperationError(
			this.api.context.getNode(),
			'An earlier attempt of this run got no usable answer',
		);
		const looked = await this.lookUp(doubtful, oldest, cause, 0);
		if ('carryOn' in looked) return toSend;
		return [...toSend, ...looked.notFound].sort((a, b) => a.index - b.index);
	}

	/** Sends rows as one request and settles each; false when the run must stop (the rows not sent then have their error item). */
	async settleRows(rows: PreparedRow[], number: number, mayResend: boolean): Promise<boolean> {
		const outcome = await this.sender.send(rows);
		if (outcome.kind === 'answered') {
			this.ledger.done(rows, outcome.links);
			const doubtful = rows.filter((_, k) => !outcome.links[k]);
			if (doubtful.length === 0) return true;
			return await this.resolveDoubt(doubtful, outcome.sentAt, outcome.doubt, number, mayResend);
		}
		if (outcome.kind === 'inDoubt')
			return await this.resolveDoubt(rows, outcome.sentAt, outcome.error, number, mayResend);
		if (outcome.kind === 'refused') return await this.isolate(rows, outcome, number);
		return this.fail(outcome, rows, number);
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
	): Promise<boolean> {
		const { named } = refusal;
		const refusalAt = (k: number) => refusalOf(this.api.context.getNode(), refusal, k);
		if (rows.length === 1) return this.fail({ kind: 'refused', error: refusalAt(0) }, rows, number);
		// The refusal, with the positions it names, stops the run.
		if (!this.continueOnFail && this.operation.stopsAtRefusal)
			return this.fail(refusal, rows, number);
		if (named) {
			const rest = rows.filter((_, k) => !named.has(k));
			for (const [k, row] of rows.entries())
				if (named.has(k) && !this.fail({ kind: 'refused', error: refusalAt(k) }, [row], number))
					return false;
			return rest.length === 0 || (await this.settleRows(rest, number, true));
		}
		const middle = Math.ceil(rows.length / 2);
		if (!(await this.settleRows(rows.slice(0, middle), number, true))) return false;
		return await this.settleRows(rows.slice(middle), number, true);
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
		mayResend: boolean,
	): Promise<boolean> {
		const oldest = this.sender.clock.oldestFor(sentAt);
		if (!this.operation.lookUp)
			return this.fail({ kind: 'inDoubt', error: cause, readBackTo: oldest }, rows, number);
		const looked = await this.lookUp(rows, oldest, cause, number);
		if ('carryOn' in looked) return looked.carryOn;
		const { notFound } = looked;
		if (notFound.length === 0) return true;
		if (mayResend) return await this.settleRows(notFound, number, false);
		// Sent twice without a usable answer, and the complete look-up found neither: not created.
		return this.fail({ kind: 'notDone', error: cause }, notFound, number);
	}

	/** The rows the look-up did not find; when it could not tell, the rows not found are failed in doubt here. */
	private async lookUp(
		rows: PreparedRow[],
		/** The oldest createdAt (the server's clock) a link of the request can have. */
		oldest: number,
		cause: RowError,
		number: number,
	): Promise<{ notFound: PreparedRow[] } | { carryOn: boolean }> {
		const { api, ledger } = this;
		let problem = 'the look-up of the links created since then did not reach back to the send time';
		let found = new Map<number, IDataObject>();
		try {
			const claimed = ledger.claimedIds();
			const result = await this.operation.lookUp!(api, rows, oldest, claimed);
			found = result.found;
			if (result.complete) problem = '';
		} catch (error) {
			problem = `the look-up of the links created since then failed too: ${withoutFinalStop((error as Error).message)}`;
		}
		ledger.done(
			rows,
			rows.map((row) => found.get(row.index)),
		);
		const notFound = rows.filter((row) => !found.has(row.index));
		if (!problem || notFound.length === 0) return { notFound };
		const error = new NodeOperationError(
			api.context.getNode(),
			`${withoutFinalStop(cause.message)}, and ${problem}`,
		);
		return { carryOn: this.fail({ kind: 'inDoubt', error, readBackTo: oldest }, notFound, number) };
	}

	/** Each row its error item; without Continue On Fail, the error that stops the run. False when the rows not sent stay so. */
	private fail(failure: Failure, rows: readonly PreparedRow[], number: number): boolean {
		const { ledger, operation } = this;
		const { notDone, inDoubtNote, inDoubtAdvice } = WORDING[operation.verb];
		const reason = withoutFinalStop(failure.error.message);
		if (failure.kind === 'inDoubt') {
			ledger.failRows(rows, 'inDoubt', `In doubt: ${reason}. ${inDoubtNote}`, {
				batch: number,
				description: inDoubtAdvice,
				cause: failure.error,
				readBackTo: failure.readBackTo,
			});
		} else {
			ledger.failRows(rows, notDone.outcome, `${notDone.words}: ${reason}`, {
				batch: number,
				cause: failure.error,
			});
		}
		if (!this.continueOnFail) {
			const { batches } = this;
			const at = { failure, rows, number, batches, noun: this.noun };
			throw stoppedError(this.api.context.getNode(), operation, ledger, at);
		}
		if (failure.kind !== 'notDone' || !failure.stopsRun) return true;
		const message = `Not sent: the run stopped at batch ${number}: ${reason}`;
		ledger.failRows(ledger.pending(), notDone.outcome, message);
		return false;
	}
}
