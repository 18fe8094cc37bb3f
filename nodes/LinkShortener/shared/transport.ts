import { clipped, contentTypeOf, describeBody, isMarkup } from './answerText';
import { followRedirects, isRedirect, refuseInNode, type SendOnce } from './redirects';
import {
	NodeApiError,
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type IExecuteSingleFunctions,
	type IHttpRequestMethods,
	type IHttpRequestOptions,
	type ILoadOptionsFunctions,
	type IN8nHttpFullResponse,
	type INode,
	type INodeExecutionData,
	type IPollFunctions,
	type JsonObject,
} from 'n8n-workflow';

export const CREDENTIAL_TYPE = 'linkShortenerApi';

export type ApiPaths = 'v1' | 'legacy';

/** Create, bulk create and list also answer under the legacy /public/links prefix. */
export const LINK_PATHS: Record<ApiPaths, { create: string; bulkCreate: string; list: string }> = {
	v1: { create: '/v1/links/', bulkCreate: '/v1/links/bulk', list: '/v1/links/list' },
	legacy: { create: '/public/links', bulkCreate: '/public/links/bulk', list: '/public/links/list' },
};

/** The most links one bulk create request may carry. */
export const MAX_BULK_CREATE_SIZE = 10_000;

/** Bulk update has a single path, whatever "API Paths" says. */
export const BULK_UPDATE_PATH = '/public/links/bulk';

export type ApiContext = IExecuteFunctions | IExecuteSingleFunctions | ILoadOptionsFunctions | IPollFunctions;

export interface ApiRequest {
	method: IHttpRequestMethods;
	url: string;
	body?: IDataObject | IDataObject[];
	qs?: IDataObject;
	/** Milliseconds to wait for the answer (n8n's Request Options > Timeout). */
	timeout?: number;
}

/**
 * The one rule for the Base URL (D1): surrounding spaces and trailing slashes dropped.
 * `baseUrlOf` applies it in code; BASE_URL_EXPRESSION is the same rule for requests that n8n's
 * routing sends (the node's requestDefaults).
 */
export function baseUrlOf(credentials: IDataObject): string {
	return String(credentials.baseUrl ?? '').trim().replace(/\/+$/, '');
}

export const BASE_URL_EXPRESSION = '={{ String($credentials.baseUrl ?? "").trim().replace(/\\/+$/, "") }}';

/**
 * Sends one authenticated request and returns the full response.
 * Error statuses become a NodeApiError carrying the server's message (see apiError).
 */
export async function apiRequest(
	this: ApiContext,
	request: ApiRequest,
	itemIndex?: number,
): Promise<IN8nHttpFullResponse> {
	const response = await apiResponse.call(this, request);
	if (response.statusCode >= 400) {
		throw apiError(this.getNode(), response, itemIndex);
	}
	return response;
}

/**
 * Sends one authenticated request and hands back whatever the server answered, error statuses
 * included (status, headers, body), for callers that act on them (429 and its headers, a
 * refused bulk batch). Throws only when no answer came back: a dropped connection, a timeout.
 */
export async function apiResponse(this: ApiContext, request: ApiRequest): Promise<IN8nHttpFullResponse> {
	const credentials = await this.getCredentials(CREDENTIAL_TYPE);
	const { timeout, ...rest } = request;
	const first = { ...rest, url: `${baseUrlOf(credentials)}${request.url}` };
	const send = sendOnce(this, credentials, timeout);
	return await followRedirects({ request: first, response: await send(first) }, send, refuseInNode(this.getNode()));
}

/** One authenticated request with redirects off (see followRedirects); the key is scrubbed from the answer. */
function sendOnce(context: ApiContext, credentials: IDataObject, timeout?: number): SendOnce {
	return async (request) => {
		const response = (await context.helpers.httpRequestWithAuthentication.call(context, CREDENTIAL_TYPE, {
			...request,
			...(timeout !== undefined && { timeout }),
			json: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			disableFollowRedirect: true,
		})) as IN8nHttpFullResponse;
		return withoutApiKey(response, credentials);
	};
}

/** Requests that n8n's routing sends, kept until their answer comes (a redirect is followed from them). */
const routedRequests = new WeakMap<object, IHttpRequestOptions>();

/** preSend, last of a routed operation: keeps the request so that its answer can follow a redirect. */
export async function rememberRequest(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	routedRequests.set(this, requestOptions);
	return requestOptions;
}

/**
 * The answer to a request n8n's routing sent (requestDefaults turn its redirects off): a
 * redirect is followed as for every other request, the key is scrubbed from the answer.
 */
async function routedAnswer(context: IExecuteSingleFunctions, response: IN8nHttpFullResponse): Promise<IN8nHttpFullResponse> {
	const credentials = await context.getCredentials(CREDENTIAL_TYPE);
	const sent = routedRequests.get(context);
	if (!isRedirect(response.statusCode) || !sent) return withoutApiKey(response, credentials);
	const request = {
		method: sent.method ?? 'GET',
		url: new URL(`${sent.baseURL ?? baseUrlOf(credentials)}${sent.url}`).href,
		body: sent.body as IDataObject,
		qs: sent.qs,
	};
	const send = sendOnce(context, credentials, sent.timeout);
	return await followRedirects({ request, response }, send, refuseInNode(context.getNode(), context.getItemIndex()));
}

/** An answer as an error is made from: its status, its body, and its headers when known. */
export interface ErrorAnswer {
	statusCode: number;
	body: unknown;
	headers?: IDataObject;
}

const WEB_PAGE_ADVICE =
	"The server answered with a web page, not the API's JSON. Check that the credential's Base URL is the API root (ending in /api); if it is, the service may be down or under maintenance: try again later.";

/**
 * Turns an error response into an error whose message is the server's own text, prefixed
 * by the status. Reads the flat error object ({ code, message, details }) and the
 * bulk-update bodies ({ success: false, error | errors, message }). A web page is described
 * (`502 text/html "Bad Gateway"`), never quoted.
 */
export function apiError(node: INode, answer: ErrorAnswer, itemIndex?: number): NodeApiError {
	const { statusCode, body } = answer;
	const contentType = contentTypeOf(answer.headers);
	const page = isMarkup(body, contentType);
	const shown = typeof body === 'string' && body !== '' ? describeBody(body, contentType) : clipped(textOf(body));
	const error = (isObject(body) ? body : { message: shown }) as JsonObject;
	const serverMessage = clipped(messageOf(error)) || `the server answered ${statusCode}`;
	const message =
		statusCode === 401
			? `401 Unauthorized: the API key is missing, invalid or expired (${serverMessage})`
			: `${statusCode} ${serverMessage}`;
	const context = Object.fromEntries(
		['code', 'error', 'details', 'errors'].filter((key) => error[key] !== undefined).map((key) => [key, error[key]]),
	);
	const details = Object.keys(context).length ? clipped(JSON.stringify(context), 2 * MAX_SHOWN_TEXT) : undefined;
	return new NodeApiError(node, { ...context, message: serverMessage } as JsonObject, {
		message,
		description: page ? WEB_PAGE_ADVICE : details,
		httpCode: String(statusCode),
		itemIndex,
	});
}

/** Errors n8n shows well pass through; anything else thrown becomes a NodeOperationError. */
export function asNodeError(node: INode, error: unknown, itemIndex?: number): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	const cause = error instanceof Error ? error : new Error(String(error));
	return new NodeOperationError(node, cause, { itemIndex });
}

/** How long the error details may be: twice the text of a message. */
const MAX_SHOWN_TEXT = 300;

function textOf(body: unknown): string {
	if (body === undefined || body === null || body === '') return '';
	return typeof body === 'string' ? body : JSON.stringify(body);
}

/** An answer may quote the request (a debug page): the API key never goes into an error or an item. */
function withoutApiKey(response: IN8nHttpFullResponse, credentials: IDataObject): IN8nHttpFullResponse {
	const key = typeof credentials.apiKey === 'string' ? credentials.apiKey : '';
	const ok = response.statusCode >= 200 && response.statusCode < 300 && isObject(response.body);
	if (!key || ok) return response;
	const text = textOf(response.body);
	if (!text.includes(key)) return response;
	const scrubbed = text.split(key).join('[API key]');
	return { ...response, body: typeof response.body === 'string' ? scrubbed : (JSON.parse(scrubbed) as IDataObject) };
}

function messageOf(error: JsonObject): string {
	if (typeof error.message === 'string' && error.message) return error.message;
	if (Array.isArray(error.errors)) {
		return error.errors
			.flatMap((entry) => (isObject(entry) ? Object.entries(entry) : []))
			.map(([field, detail]) => `${field}: ${isObject(detail) ? String(detail.message) : String(detail)}`)
			.join('; ');
	}
	return typeof error.error === 'string' ? error.error : '';
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

/**
 * The records of a response: `data` when it is an array, else `data.items` or `data.links`
 * when one of them is, else `data` itself as the only record.
 */
export function recordsOf(body: unknown): IDataObject[] {
	const data = isObject(body) && 'data' in body ? body.data : body;
	if (Array.isArray(data)) return data as IDataObject[];
	if (isObject(data)) {
		for (const key of ['items', 'links']) {
			if (Array.isArray(data[key])) return data[key] as IDataObject[];
		}
		return [data];
	}
	return data === undefined || data === null ? [] : [{ value: data } as IDataObject];
}

export function totalOf(body: unknown): number | undefined {
	const data = isObject(body) ? body.data : undefined;
	return isObject(data) && typeof data.total === 'number' ? data.total : undefined;
}

export function toItems(records: IDataObject[], itemIndex: number): INodeExecutionData[] {
	return records.map((json) => ({ json, pairedItem: { item: itemIndex } }));
}

function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}
