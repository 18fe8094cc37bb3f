import { NodeOperationError, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import { apiError, LINK_PATHS } from '../shared/transport';
import type { CreateManyOptions } from './options';
import { retryDelayMs, type RateLimitPacer } from './rateLimit';
import type { RowError } from './rowErrors';
import type { PreparedRow } from './rows';
import { linksPerElement, sendBulkRequest } from './send';

export type CreateOutcome =
	| { kind: 'created'; links: IDataObject[] }
	/** Nothing of the batch was created: refused (4xx), still rate-limited, or never sent. */
	| { kind: 'notCreated'; error: RowError; stopsRun: boolean }
	/** No usable answer (5xx, lost response, timeout): the batch may have been created. */
	| { kind: 'inDoubt'; error: RowError };

/**
 * Sends one batch to the bulk-create endpoint. A 429 created nothing, so the same batch is
 * re-sent after the wait the server asks for, up to `maxRetries` times. Anything that may
 * have created the links (a 5xx, no answer) is never re-sent: that could create duplicates.
 */
export async function createBatch(
	context: IExecuteFunctions,
	rows: readonly PreparedRow[],
	options: CreateManyOptions,
	pacer: RateLimitPacer,
): Promise<CreateOutcome> {
	const node = context.getNode();
	const request = {
		method: 'POST' as const,
		url: LINK_PATHS[options.apiPaths].bulkCreate,
		body: rows.map((row) => row.element),
	};
	for (let retry = 0; ; retry++) {
		await pacer.waitForWindow();
		const answer = await sendBulkRequest(context, request);
		if (answer.kind === 'noAnswer') {
			return answer.neverConnected
				? { kind: 'notCreated', error: answer.error, stopsRun: true }
				: { kind: 'inDoubt', error: answer.error };
		}
		const { statusCode, body } = answer.response;
		if (statusCode === 429) {
			if (retry < options.maxRetries) {
				pacer.holdFor(retryDelayMs(answer.response, retry));
				continue;
			}
			const refusal = `${apiError(node, statusCode, body).message} (still refused after ${retry} ${retry === 1 ? 'retry' : 'retries'})`;
			const error = new NodeOperationError(node, refusal, {
				description: 'The account\'s rate limit was exceeded. Try again later, or raise "Max Retries".',
			});
			return { kind: 'notCreated', error, stopsRun: true };
		}
		pacer.observe(answer.response);
		if (statusCode >= 500) return { kind: 'inDoubt', error: apiError(node, statusCode, body) };
		if (statusCode >= 400) {
			// Authentication and permission failures would refuse every later batch too.
			const stopsRun = statusCode === 401 || statusCode === 403;
			return { kind: 'notCreated', error: apiError(node, statusCode, body), stopsRun };
		}
		const matched = linksPerElement(node, answer.response, rows.length);
		return 'links' in matched ? { kind: 'created', links: matched.links } : { kind: 'inDoubt', error: matched.error };
	}
}
