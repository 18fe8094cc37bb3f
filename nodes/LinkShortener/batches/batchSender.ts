import {
	NodeOperationError,
	type IDataObject,
	type IN8nHttpFullResponse,
	type INode,
} from 'n8n-workflow';

import type { NodeRun } from '../n8n/nodeRun';

import type { BatchOperation } from './operation';
import { LONGEST_WAIT_MS, retryDelayMs, RateLimitPacer } from '../http/rateLimit';
import { batchingPause } from '../n8n/requestOptions';
import type { RowError, PreparedRow } from './ledger';
import { ServerClock } from './serverClock';
import { apiError } from '../http/errors';
import { neverConnected, requestFailure } from '../n8n/requestFailure';
import { cancelSignalOf } from '../n8n/wait';
import type { Api, ApiRequest } from '../http/request';
import { isObject } from '../fields/jsonValues';

/** What became of a request's rows: the one outcome type of a bulk run. */
export type Outcome =
	| {
			kind: 'answered';
			/** Each row's link, in row order; undefined where the answer holds none (the row is in doubt). */
			links: Array<IDataObject | undefined>;
			/** Why a row without a link is in doubt. */
			doubt: RowError;
	  }
	/** One of the operation's refusedStatuses: nothing applied; `named` maps refused element positions to the server's reason. */
	| { kind: 'refused'; error: RowError; status?: number; named?: Map<number, string> }
	/** Nothing applied, for a reason that is not about one element (401, other 4xx, never sent). */
	| { kind: 'notDone'; error: RowError; stopsRun?: boolean }
	/**
	 * No usable answer (5xx, lost response, timeout, a 2xx that is not the answer): the rows may
	 * or may not be done; a look-up of their links reads back to `readBackTo` (the server's clock).
	 */
	| { kind: 'inDoubt'; error: RowError; readBackTo?: number };

/** Why rows were not done. */
export type Failure = Exclude<Outcome, { kind: 'answered' }>;

/** An answer, or why none came: a request that never reached the server changed nothing. */
type Answer = IN8nHttpFullResponse | { error: RowError; neverConnected: boolean };

/** Sends the requests of one bulk run: pacing (D7, n8n's Batching setting), 429 re-sends, and what each answer means. */
export class BatchSender {
	/** What the answers tell of the server's clock, for the look-ups of answers that were lost (D7). */
	readonly clock = new ServerClock();

	private readonly pacer: RateLimitPacer;

	private readonly takeBreak: (rows: number) => Promise<void>;

	constructor(
		private readonly api: Api<NodeRun>,
		private readonly operation: BatchOperation,
	) {
		this.pacer = new RateLimitPacer(api.context);
		this.takeBreak = batchingPause(api.settings, cancelSignalOf(api.context));
	}

	/**
	 * Sends rows as one request. Only a 429 is re-sent (it changed nothing), after the wait the
	 * server asks for, at most maxRetries times; anything that may have applied the request is not.
	 */
	async send(rows: readonly PreparedRow[]): Promise<Outcome & { sentAt: number }> {
		const { operation, pacer } = this;
		const { context } = this.api;
		const request = operation.request(rows.map((row) => row.element));
		for (let retry = 0; ; retry++) {
			await this.takeBreak(rows.length);
			if (operation.rateLimit) await pacer.waitForWindow();
			const sentAt = Date.now();
			const answer = await this.request(request);
			if ('error' in answer || answer.statusCode !== 429 || !operation.rateLimit)
				return { ...this.outcomeOf(answer, rows), sentAt };
			const wait = retryDelayMs(answer, retry);
			if (wait <= LONGEST_WAIT_MS && retry < operation.rateLimit.maxRetries) {
				pacer.holdFor(wait);
				continue;
			}
			const error =
				wait > LONGEST_WAIT_MS
					? tooLongWait(context, answer, wait)
					: rateLimitError(context, answer, retry);
			return { kind: 'notDone', error, stopsRun: true, sentAt };
		}
	}

	/** What an answer (other than a 429 to wait for) means for the rows sent. */
	private outcomeOf(answer: Answer, rows: readonly PreparedRow[]): Outcome {
		const { operation } = this;
		const node = this.api.context.getNode();
		if ('error' in answer) {
			const { error, neverConnected } = answer;
			return neverConnected
				? { kind: 'notDone', error, stopsRun: true }
				: { kind: 'inDoubt', error };
		}
		const { statusCode, body } = answer;
		if (operation.rateLimit) this.pacer.observe(answer);
		if (statusCode >= 500) return { kind: 'inDoubt', error: apiError(node, answer) };
		if (statusCode >= 400) {
			const error = apiError(node, answer);
			// A refusal by the API comes as its JSON error body; an HTML "not found" page means a wrong URL, for every row.
			if (operation.refusedStatuses.has(statusCode) && isObject(body))
				return {
					kind: 'refused',
					error,
					status: statusCode,
					named: namedElements(body, rows.length),
				};
			const stopsRun = operation.stopStatuses.has(statusCode) || !isObject(body);
			return { kind: 'notDone', error, stopsRun };
		}
		const matched = operation.match(body, rows);
		if ('unusable' in matched) {
			const error = new NodeOperationError(
				node,
				`The server answered ${statusCode} with ${matched.unusable}`,
			);
			return { kind: 'inDoubt', error };
		}
		const doubt = new NodeOperationError(
			node,
			`The server answered ${statusCode} without a usable link for this row`,
		);
		this.clock.observe(Date.now(), undefined, matched.links);
		return { kind: 'answered', links: matched.links, doubt };
	}

	/** One request; never throws, so the caller can say which rows it concerned. */
	private async request(request: ApiRequest): Promise<Answer> {
		const { context } = this.api;
		try {
			const response = await this.api.response(request);
			this.clock.observe(Date.now(), response.headers);
			return response;
		} catch (error) {
			const rowError = requestFailure(context.getNode(), error);
			return { error: rowError, neverConnected: neverConnected(error) };
		}
	}
}

/**
 * The refused elements a 422 names (D3), by their position in the request: `details.index`,
 * `details.indexes`, or `details.errors[].index`, with each one's own message when given.
 * Positions that do not fit the request are not trusted: the caller then halves instead.
 */
function namedElements(body: IDataObject, sent: number): Map<number, string> | undefined {
	const details = isObject(body.details) ? body.details : {};
	const message = typeof body.message === 'string' ? body.message : '';
	const named = new Map<number, string>();
	if (Array.isArray(details.errors)) {
		for (const entry of details.errors) {
			if (isObject(entry) && entry.index !== undefined) {
				named.set(
					entry.index as number,
					typeof entry.message === 'string' ? entry.message : message,
				);
			}
		}
	}
	const indexes = Array.isArray(details.indexes)
		? details.indexes
		: details.index !== undefined
			? [details.index]
			: [];
	for (const index of indexes) if (!named.has(index as number)) named.set(index as number, message);
	if (named.size === 0) return undefined;
	const fits = [...named.keys()].every(
		(index) => Number.isInteger(index) && index >= 0 && index < sent,
	);
	return fits ? named : undefined;
}

function tooLongWait(
	context: NodeRun,
	response: IN8nHttpFullResponse,
	waitMs: number,
): NodeOperationError {
	const seconds = Math.ceil(waitMs / 1000);
	return new NodeOperationError(
		context.getNode(),
		`${response.statusCode} The server asked to wait ${seconds} s before sending again (Retry-After); the node waits at most ${LONGEST_WAIT_MS / 1000} s`,
		{
			description:
				'Nothing of this request was created. Run the items that were not created again later.',
		},
	);
}

function rateLimitError(
	context: NodeRun,
	response: IN8nHttpFullResponse,
	retries: number,
): NodeOperationError {
	const node = context.getNode();
	const refusal = `${apiError(node, response).message} (still refused after ${retries} ${retries === 1 ? 'retry' : 'retries'})`;
	return new NodeOperationError(node, refusal, {
		description: 'The account\'s rate limit was exceeded. Try again later, or raise "Max Retries".',
	});
}

/** The refusal of the element at position k: the server's own reason for it when the answer gives one. */
export function refusalOf(
	node: INode,
	refusal: Extract<Outcome, { kind: 'refused' }>,
	k: number,
): RowError {
	const reason = refusal.named?.get(k);
	if (!reason || refusal.status === undefined) return refusal.error;
	return apiError(node, { statusCode: refusal.status, body: { message: reason } });
}
