import type { IExecuteSingleFunctions, IHttpRequestMethods, IHttpRequestOptions, INodeRequestOutput, INodeRequestSend, IRequestOptionsSimplified } from 'n8n-workflow';

import { validateBeforeSending } from '../requests/rowGuard';
import { paginate } from '../shared/pager';
import { checkResponse, outputRecords } from '../shared/transport';

type BuildRequest = (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) => Promise<IHttpRequestOptions>;

interface Routing {
	request: Partial<IRequestOptionsSimplified> & { method: IHttpRequestMethods; url: string };
	send?: INodeRequestSend;
	output: INodeRequestOutput;
	operations?: { pagination: typeof paginate };
}

/** One request per input item; each record of the answer becomes an output item. */
export function recordsRouting(method: IHttpRequestMethods, url: string, buildRequest?: BuildRequest): Routing {
	return {
		request: { method, url },
		...(buildRequest && { send: { preSend: validateBeforeSending(buildRequest) } }),
		output: { postReceive: [outputRecords] },
	};
}

/** A list endpoint paged by `paginate` (Return All / Limit). */
export function pagedRouting(method: IHttpRequestMethods, url: string, buildRequest?: BuildRequest): Routing {
	return {
		request: { method, url },
		send: { paginate: true, ...(buildRequest && { preSend: validateBeforeSending(buildRequest) }) },
		operations: { pagination: paginate },
		output: { postReceive: [checkResponse] },
	};
}
