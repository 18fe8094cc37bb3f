import {
	NodeApiError,
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type IExecuteSingleFunctions,
	type IHttpRequestMethods,
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

export function baseUrlOf(credentials: IDataObject): string {
	return String(credentials.baseUrl ?? '').trim().replace(/\/+$/, '');
}

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
		throw apiError(this.getNode(), response.statusCode, response.body, itemIndex);
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
	return (await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, {
		...request,
		baseURL: baseUrlOf(credentials),
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
	})) as IN8nHttpFullResponse;
}

/**
 * Turns an error response into an error whose message is the server's own text, prefixed
 * by the status. Reads the flat error object ({ code, message, details }) and the
 * bulk-update bodies ({ success: false, error | errors, message }).
 */
export function apiError(
	node: INode,
	statusCode: number,
	body: unknown,
	itemIndex?: number,
): NodeApiError {
	const error = (isObject(body) ? body : { message: String(body ?? '') }) as JsonObject;
	const serverMessage = messageOf(error) || `the server answered ${statusCode}`;
	const message =
		statusCode === 401
			? `401 Unauthorized: the API key is missing, invalid or expired (${serverMessage})`
			: `${statusCode} ${serverMessage}`;
	const context = Object.fromEntries(
		['code', 'error', 'details', 'errors'].filter((key) => error[key] !== undefined).map((key) => [key, error[key]]),
	);
	return new NodeApiError(node, error, {
		message,
		description: Object.keys(context).length ? JSON.stringify(context) : undefined,
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

/** postReceive: an error status stops here with the server's message. */
export async function checkResponse(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	if (response.statusCode >= 400) {
		throw apiError(this.getNode(), response.statusCode, response.body, this.getItemIndex());
	}
	return items;
}

/** postReceive: one output item per record of the response, each paired with its input item. */
export async function outputRecords(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	await checkResponse.call(this, items, response);
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
