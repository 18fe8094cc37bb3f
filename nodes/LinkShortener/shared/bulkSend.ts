import {
	NodeApiError,
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type IN8nHttpFullResponse,
	type INode,
} from 'n8n-workflow';

import { apiResponse, recordsOf, type ApiRequest } from './transport';
import type { RowError } from './rowResults';
import { countOf } from './rowRanges';

export type Answer =
	| { kind: 'answered'; response: IN8nHttpFullResponse }
	/** No answer: a dropped connection, a lost response, a timeout. */
	| { kind: 'noAnswer'; error: RowError; neverConnected: boolean };

/** Codes of a request that never reached the server, so it cannot have changed anything. */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

/** Sends one bulk request; never throws, so the caller can say which rows it concerned. */
export async function sendBulkRequest(context: IExecuteFunctions, request: ApiRequest): Promise<Answer> {
	try {
		return { kind: 'answered', response: await apiResponse.call(context, request) };
	} catch (error) {
		const rowError =
			error instanceof NodeApiError || error instanceof NodeOperationError
				? error
				: new NodeApiError(context.getNode(), { message: String(error?.message ?? error) });
		return { kind: 'noAnswer', error: rowError, neverConnected: NEVER_CONNECTED.has(errorCodeOf(error)) };
	}
}

function errorCodeOf(error: unknown): string {
	for (let cause = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; cause && depth < 5; depth++) {
		if (typeof cause.code === 'string' && NEVER_CONNECTED.has(cause.code)) return cause.code;
		cause = cause.cause as typeof cause;
	}
	return '';
}

/**
 * The links of a successful bulk answer, one per element sent, in order. Any other count cannot
 * be matched to the input items: the caller reports those rows in doubt.
 */
export function linksPerElement(
	node: INode,
	response: IN8nHttpFullResponse,
	sent: number,
	sentNoun?: string,
): { links: IDataObject[] } | { error: RowError } {
	const links = recordsOf(response.body);
	if (links.length === sent) return { links };
	const message = `The server answered ${response.statusCode} with ${countOf(links.length, 'link')} for the ${sent}${sentNoun ? ` ${sentNoun}` : ''} sent, so they cannot be matched to the input items`;
	return { error: new NodeOperationError(node, message) };
}
