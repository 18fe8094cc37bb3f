import type {
	NodeApiError,
	ICredentialsDecrypted,
	IDataObject,
	IHttpRequestMethods,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	INode,
	IPollFunctions,
} from 'n8n-workflow';

import type { NodeRun } from '../n8n/nodeRun';
import { authenticatedRequest, decryptedCredential } from '../n8n/credentials';
import { requestSettingsOf, type RequestSettings } from '../n8n/requestOptions';

import { baseUrlOf, CREDENTIAL_TYPE } from './endpoints';
import { apiError, textOf } from './errors';
import { recordsOf } from './records';
import { followRedirects, refuseInNode, type SendOnce } from './redirects';
import { isObject } from '../fields/jsonValues';

export type ApiContext = NodeRun | ILoadOptionsFunctions | IPollFunctions;

/** One input row as an operation reads it, whichever way n8n runs the node. */
export interface Row {
	index: number;
	/** n8n's context, for requests and binary data. */
	context: NodeRun;
	/** The run's API: every request of the row goes through it. */
	api: Api;
	/** The row's value of a parameter. */
	parameter<T>(name: string, fallback: T): T;
}

export interface ApiRequest {
	method: IHttpRequestMethods;
	url: string;
	body?: IDataObject | IDataObject[];
	qs?: IDataObject;
	/** A 2xx answer's body as it arrives (see foldRecords); any other answer's is read whole. */
	stream?: boolean;
}

/**
 * The API as one run of the node, one poll or one editor list talks to it: every request the
 * package sends to the API goes through here (destination checks ask other sites, D19). The credential is read once, when the first request leaves:
 * n8n reads a credential from its database and decrypts it at every `getCredentials`, and
 * `httpRequestWithAuthentication` calls it for every request unless it is handed the decrypted
 * credential (about 2 ms a request in n8n 2.41.1, more than the node's own work for a page).
 * Authentication stays n8n's (the credential's `authenticate`).
 */
export class Api<Context extends ApiContext = ApiContext> {
	private credentials?: Promise<ICredentialsDecrypted>;

	constructor(
		readonly context: Context,
		/** The run's Request Options (read once): each request, look-ups included, bounded by its Timeout. */
		readonly settings?: RequestSettings,
	) {}

	/** The API of one run of an operation, with the run's Request Options. */
	static ofRun(context: NodeRun): Api<NodeRun> {
		return new Api(context, requestSettingsOf(context));
	}

	get node(): INode {
		return this.context.getNode();
	}

	/** Sends one request; an error status becomes a NodeApiError with the server's message (see apiError). */
	async request(request: ApiRequest, itemIndex?: number): Promise<IN8nHttpFullResponse> {
		const response = await this.response(request);
		if (response.statusCode >= 400) throw apiError(this.node, response, itemIndex);
		return response;
	}

	/**
	 * The records of one request's answer (see recordsOf). A 2xx that is not JSON (a portal's
	 * page, a plain text) is not the API's answer either: it becomes an error, described, not quoted.
	 */
	async records(request: ApiRequest, itemIndex?: number): Promise<IDataObject[]> {
		const response = await this.request(request, itemIndex);
		if (typeof response.body === 'string' && response.body !== '') {
			throw apiError(this.node, response, itemIndex);
		}
		return recordsOf(response.body);
	}

	/** The error of a 2xx answer read as a stream that turned out not to be the API's JSON (`text`: its start). */
	async notJson(response: IN8nHttpFullResponse, text: string): Promise<NodeApiError> {
		const credentials = await this.credentials;
		return apiError(this.node, withoutApiKey({ ...response, body: text }, credentials?.data ?? {}));
	}

	/**
	 * Sends one request and hands back whatever the server answered, error statuses included
	 * (status, headers, body), for callers that act on them (429 and its headers, a refused bulk
	 * batch). Throws only when no answer came back: a dropped connection, a timeout.
	 */
	async response(request: ApiRequest): Promise<IN8nHttpFullResponse> {
		this.credentials ??= decryptedCredential(this.context, CREDENTIAL_TYPE);
		const credentials = await this.credentials;
		const { stream, ...rest } = request;
		const first = { ...rest, url: `${baseUrlOf(credentials.data ?? {})}${request.url}` };
		const send = sendOnce(this.context, credentials, { timeout: this.settings?.timeout, stream });
		return await followRedirects(
			{ request: first, response: await send(first) },
			send,
			refuseInNode(this.node),
		);
	}
}

/** One authenticated request with redirects off (see followRedirects); the key is scrubbed from the answer. */
function sendOnce(
	context: ApiContext,
	credentials: ICredentialsDecrypted,
	{ timeout, stream }: { timeout?: number; stream?: boolean },
): SendOnce {
	return async (request) => {
		const response = (await authenticatedRequest(context, credentials, {
			...request,
			...(timeout !== undefined && { timeout }),
			...(stream && { encoding: 'stream' as const }),
			json: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			disableFollowRedirect: true,
		})) as IN8nHttpFullResponse;
		const ok = response.statusCode >= 200 && response.statusCode < 300;
		if (stream && ok) return response;
		if (stream) response.body = (await wholeAnswer(response.body)) as IN8nHttpFullResponse['body'];
		return withoutApiKey(response, credentials.data ?? {});
	};
}

/** Whether an answer's body is a stream (asked for with `stream`), not parsed JSON or text. */
export function isStream(body: unknown): body is AsyncIterable<Uint8Array> {
	return typeof (body as AsyncIterable<Uint8Array>)?.[Symbol.asyncIterator] === 'function';
}

/** A streamed answer read whole, as n8n reads a JSON answer: parsed when it is JSON, else its text. */
async function wholeAnswer(body: unknown): Promise<unknown> {
	if (!isStream(body)) return body;
	const decoder = new TextDecoder();
	let text = '';
	for await (const chunk of body) text += decoder.decode(chunk, { stream: true });
	text += decoder.decode();
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return text;
	}
}

/** An answer may quote the request (a debug page): the API key never goes into an error or an item. */
function withoutApiKey(
	response: IN8nHttpFullResponse,
	credentials: IDataObject,
): IN8nHttpFullResponse {
	const key = typeof credentials.apiKey === 'string' ? credentials.apiKey : '';
	const ok = response.statusCode >= 200 && response.statusCode < 300 && isObject(response.body);
	if (!key || ok) return response;
	const text = textOf(response.body);
	if (!text.includes(key)) return response;
	const scrubbed = text.split(key).join('[API key]');
	return {
		...response,
		body: typeof response.body === 'string' ? scrubbed : (JSON.parse(scrubbed) as IDataObject),
	};
}
