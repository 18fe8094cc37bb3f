import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type IN8nHttpFullResponse,
	type INodeExecutionData,
} from 'n8n-workflow';

import { BulkProgress, type Verb } from './bulkProgress';
import { sendBulkRequest } from './bulkSend';
import { retryDelayMs, RateLimitPacer } from './rateLimit';
import { RowResults, withoutFinalStop, type RowError } from './rowResults';
import { batchesOf, prepareRows, type ElementBuilder, type PreparedRow } from './rows';
import { apiError, type ApiRequest } from './transport';

/**
 * What one bulk operation passes to the batch runner. Bulk create, bulk update and Link >
 * Update differ only by these; splitting, pacing, sending, matching and the one item per row
 * are the runner's.
 */
export interface BatchOperation {
	name: 'create' | 'update';
	verb: Verb;
	/** How each input row becomes one element of the request body. */
	buildElement: ElementBuilder;
	batchSize: number;
	request(elements: IDataObject[]): ApiRequest;
	/** The answer's link for each row, in row order, or why the answer cannot be matched to the rows. */
	match(response: IN8nHttpFullResponse, rows: readonly PreparedRow[]): { links: IDataObject[] } | { error: RowError };
	/**
	 * Runs once every row is checked, before the first request: settles the rows that need no
	 * request (their item set in results) and returns the rows to send (D11, D14).
	 */
	rowsToSend?(rows: PreparedRow[], results: RowResults): Promise<PreparedRow[]>;
	/** Statuses that refuse a whole request because of some element: the runner isolates the refused rows. */
	refusedStatuses: ReadonlySet<number>;
	/** Statuses that would refuse every later batch too: the run stops there. */
	stopStatuses: ReadonlySet<number>;
	/** Set when a 429 changed nothing and the batch may be re-sent, paced by the rate-limit headers (D7). */
	rateLimit?: { maxRetries: number };
	/** How the error of a refused request reads: "was not created", "was refused". */
	refusedWording: string;
	/** What an in-doubt row's error adds after the reason. */
	inDoubtNote: string;
	inDoubtAdvice: string;
	notDoneAdvice: string;
}

type Outcome =
	| { kind: 'done'; links: IDataObject[] }
	/** One of the operation's refusedStatuses: nothing applied; some element is wrong. */
	| { kind: 'refused'; error: RowError }
	/** Nothing applied, for a reason that is not about one element (401, other 4xx, never sent). */
	| { kind: 'notDone'; error: RowError; stopsRun: boolean }
	/** No usable answer (5xx, lost response, timeout): the rows may or may not be done. */
	| { kind: 'inDoubt'; error: RowError };

type Failure = Exclude<Outcome, { kind: 'done' }>;
type LaterRows = () => PreparedRow[];

/** Runs a bulk operation over the node's input: every input row ends as exactly one output or error item. */
export async function runBatches(context: IExecuteFunctions, operation: BatchOperation): Promise<INodeExecutionData[][]> {
	const rowCount = context.getInputData().length;
	if (rowCount === 0) return [[]];
	const results = new RowResults(rowCount);
	const prepared = await prepareRows(context, rowCount, operation.buildElement, results);
	const rows = operation.rowsToSend ? await operation.rowsToSend(prepared, results) : prepared;
	const batches = batchesOf(rows, operation.batchSize);
	const run = new BatchRun(context, operation, results, new BulkProgress(operation.verb, batches.length));
	for (const [position, batch] of batches.entries()) {
		const carryOn = await run.settle(batch, position + 1, () => batches.slice(position + 1).flat());
		if (!carryOn) break;
	}
	return [results.items()];
}

class BatchRun {
	private readonly continueOnFail: boolean;

	private readonly pacer: RateLimitPacer;

	constructor(
		private readonly context: IExecuteFunctions,
		private readonly operation: BatchOperation,
		private readonly results: RowResults,
		private readonly progress: BulkProgress,
	) {
		this.continueOnFail = context.continueOnFail();
		this.pacer = new RateLimitPacer(context);
	}

	/** Sends one batch and settles each of its rows; false when the run must stop (later rows then have their error item). */
	async settle(batch: PreparedRow[], number: number, later: LaterRows): Promise<boolean> {
		const outcome = await this.send(batch);
		if (outcome.kind === 'done') {
			this.succeed(batch, outcome.links, number);
			return true;
		}
		if (outcome.kind === 'refused' && batch.length > 1) return await this.settleOneByOne(batch, number, later);
		return this.fail(outcome, batch, number, later);
	}

	/** The request refused some element without saying which: each row is sent alone. */
	private async settleOneByOne(batch: PreparedRow[], number: number, later: LaterRows): Promise<boolean> {
		for (const [position, row] of batch.entries()) {
			const outcome = await this.send([row]);
			if (outcome.kind === 'done') {
				this.succeed([row], outcome.links);
				continue;
			}
			const rest = batch.slice(position + 1);
			if (!this.fail(outcome, [row], number, () => [...rest, ...later()])) return false;
		}
		return true;
	}

	/**
	 * Sends rows as one request. Only a 429 is re-sent (it changed nothing), after the wait the
	 * server asks for, at most maxRetries times; anything that may have applied the request is not.
	 */
	private async send(rows: readonly PreparedRow[]): Promise<Outcome> {
		const { context, operation, pacer } = this;
		const node = context.getNode();
		const request = operation.request(rows.map((row) => row.element));
		for (let retry = 0; ; retry++) {
			if (operation.rateLimit) await pacer.waitForWindow();
			const answer = await sendBulkRequest(context, request);
			if (answer.kind === 'noAnswer') {
				return answer.neverConnected
					? { kind: 'notDone', error: answer.error, stopsRun: true }
					: { kind: 'inDoubt', error: answer.error };
			}
			const { response } = answer;
			const { statusCode, body } = response;
			if (statusCode === 429 && operation.rateLimit) {
				if (retry < operation.rateLimit.maxRetries) {
					pacer.holdFor(retryDelayMs(response, retry));
					continue;
				}
				return { kind: 'notDone', error: rateLimitError(this.context, response, retry), stopsRun: true };
			}
			if (operation.rateLimit) pacer.observe(response);
			if (statusCode >= 500) return { kind: 'inDoubt', error: apiError(node, statusCode, body) };
			if (operation.refusedStatuses.has(statusCode)) return { kind: 'refused', error: apiError(node, statusCode, body) };
			if (statusCode >= 400) {
				const stopsRun = operation.stopStatuses.has(statusCode);
				return { kind: 'notDone', error: apiError(node, statusCode, body), stopsRun };
			}
			const matched = operation.match(response, rows);
			return 'links' in matched ? { kind: 'done', links: matched.links } : { kind: 'inDoubt', error: matched.error };
		}
	}

	private succeed(rows: readonly PreparedRow[], links: IDataObject[], wholeBatch?: number): void {
		rows.forEach((row, k) => this.results.succeed(row.index, links[k]));
		this.progress.done(
			rows.map((row) => row.index),
			wholeBatch,
		);
	}

	private get notDone() {
		const { verb } = this.operation;
		return { outcome: verb === 'created' ? ('notCreated' as const) : ('notUpdated' as const), words: `Not ${verb}` };
	}

	private fail(failure: Failure, rows: readonly PreparedRow[], number: number, later: LaterRows): boolean {
		if (!this.continueOnFail) throw this.stoppedError(failure, rows, number, later);
		const { results, operation, notDone } = this;
		const reason = withoutFinalStop(failure.error.message);
		if (failure.kind === 'inDoubt') {
			const message = `In doubt: ${reason}. ${operation.inDoubtNote}`;
			results.failRows(rows, 'inDoubt', message, { batch: number, description: operation.inDoubtAdvice, cause: failure.error });
		} else {
			results.failRows(rows, notDone.outcome, `${notDone.words}: ${reason}`, { batch: number, cause: failure.error });
		}
		if (failure.kind === 'notDone' && failure.stopsRun) {
			results.failRows(later(), notDone.outcome, `Not sent: the run stopped at batch ${number}: ${reason}`);
			return false;
		}
		return true;
	}

	private stoppedError(failure: Failure, rows: readonly PreparedRow[], number: number, later: LaterRows) {
		const { operation, progress } = this;
		const indices = rows.map((row) => row.index);
		const laterIndices = later().map((row) => row.index);
		const which = rows.length === 1 ? `input item ${indices[0]}` : progress.batchName(number, indices);
		const what = failure.kind === 'inDoubt' ? 'got no usable answer' : operation.refusedWording;
		const headline = `Bulk ${operation.name} stopped: ${which} ${what}: ${withoutFinalStop(failure.error.message)}`;
		const node = this.context.getNode();
		if (failure.kind === 'inDoubt') {
			return progress.stoppedError(node, {
				headline,
				inDoubtRows: indices,
				notDoneRows: laterIndices,
				advice: operation.inDoubtAdvice,
			});
		}
		return progress.stoppedError(node, {
			headline,
			notDoneRows: [...indices, ...laterIndices],
			advice: operation.notDoneAdvice,
		});
	}
}

function rateLimitError(context: IExecuteFunctions, response: IN8nHttpFullResponse, retries: number): NodeOperationError {
	const node = context.getNode();
	const refusal = `${apiError(node, response.statusCode, response.body).message} (still refused after ${retries} ${retries === 1 ? 'retry' : 'retries'})`;
	return new NodeOperationError(node, refusal, {
		description: 'The account\'s rate limit was exceeded. Try again later, or raise "Max Retries".',
	});
}
