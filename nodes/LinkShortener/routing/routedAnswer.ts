import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
} from 'n8n-workflow';

import { baseUrlOf } from '../http/endpoints';
import { runCredentials } from '../http/runCredentials';
import { apiError } from '../http/errors';
import { recordsOf } from '../http/records';
import { followRedirects, isRedirect, refuseInNode } from '../http/redirects';
import { sendOnce, withoutApiKey } from '../http/request';

/** Requests that n8n's routing sends, kept until their answer comes (a redirect is followed from them). */
const routedRequests = new WeakMap<object, IHttpRequestOptions>();

/** preSend, last of a routed operation: keeps the request so that its answer can follow a redirect. */
export async function rememberRequest(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	routedRequests.set(this, requestOptions);
	return requestOptions;
}

/**
 * The answer to a request n8n's routing sent (requestDefaults turn its redirects off): a
 * redirect is followed as for every other request, the key is scrubbed from the answer.
 */
async function routedAnswer(
	context: IExecuteSingleFunctions,
	response: IN8nHttpFullResponse,
): Promise<IN8nHttpFullResponse> {
	const credentials = await runCredentials(context);
	const sent = routedRequests.get(context);
	if (!isRedirect(response.statusCode) || !sent)
		return withoutApiKey(response, credentials.data ?? {});
	const request = {
		method: sent.method ?? 'GET',
		url: new URL(`${sent.baseURL ?? baseUrlOf(credentials.data ?? {})}${sent.url}`).href,
		body: sent.body as IDataObject,
		qs: sent.qs,
	};
	const send = sendOnce(context, credentials, sent.timeout);
	return await followRedirects(
		{ request, response },
		send,
		refuseInNode(context.getNode(), context.getItemIndex()),
	);
}

/** postReceive: one output item per record of the response, each paired with its input item; an error status stops here with the server's message. */
export async function outputRecords(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	routed: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const response = await routedAnswer(this, routed);
	// A 2xx that is not JSON (a portal's page, a plain text) is not the API's answer either.
	const notJson = typeof response.body === 'string' && response.body !== '';
	if (response.statusCode >= 400 || isRedirect(response.statusCode) || notJson) {
		throw apiError(this.getNode(), response, this.getItemIndex());
	}
	return toItems(recordsOf(response.body), this.getItemIndex());
}

function toItems(records: IDataObject[], itemIndex: number): INodeExecutionData[] {
	return records.map((json) => ({ json, pairedItem: { item: itemIndex } }));
}
