import type { IDataObject } from 'n8n-workflow';

import type { ApiRequest } from '../http/request';
import type { Matched } from './bulkAnswers';
import type { PreparedRow } from './ledger';
import type { LookUp } from './reconcile';

/**
 * What one bulk request kind passes to the batch send. Create Many, Update Many, Sync Many's
 * creates and updates, and Link > Update differ only by these; splitting, pacing, sending,
 * matching, isolating refused rows, resolving doubt and the one item per row are the send's.
 */
export interface BatchOperation {
	name: 'create' | 'update';
	/** How a stopped run names itself, "Bulk create" unless given. */
	runName?: string;
	verb: 'created' | 'updated';
	batchSize: number;
	/** Which of the run's rows this operation sends, every row when not given (Sync Many: creates, then updates). */
	takes?(row: PreparedRow): boolean;
	request(elements: IDataObject[]): ApiRequest;
	/** Pairs a 2xx answer's links with the rows sent (by position, by id). */
	match(body: unknown, rows: readonly PreparedRow[]): Matched;
	/** Statuses that refuse a whole request because of some element: the runner isolates the refused rows (D3, D4). */
	refusedStatuses: ReadonlySet<number>;
	/** Without Continue On Fail, a refusal stops the run at once, naming the refused rows, instead of isolating them. */
	stopsAtRefusal: boolean;
	/** Statuses that would refuse every later batch too: the run stops there. */
	stopStatuses: ReadonlySet<number>;
	/** Set when a 429 changed nothing and the batch may be re-sent, paced by the rate-limit headers (D7). */
	rateLimit?: { maxRetries: number };
	/** Set when a request that may have applied must not be re-sent blindly: the rows it applied are looked up (D7). */
	lookUp?: LookUp;
}
