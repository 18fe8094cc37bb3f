import {
	NodeApiError,
	NodeOperationError,
	type DeclarativeRestApiSettings,
	type IDataObject,
	type IExecuteFunctions,
	type IExecutePaginationFunctions,
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

/** Bulk update has a single path, whatever "API Paths" says. */
export const BULK_UPDATE_PATH = '/public/links/bulk';

/** The page size asked for when paging; servers may answer with fewer. */
export const PAGE_SIZE = 100;

type ApiContext = IExecuteFunctions | IExecuteSingleFunctions | ILoadOptionsFunctions | IPollFunctions;

export interface ApiRequest {
	method: IHttpRequestMethods;
	url: string;
	body?: IDataObject | IDataObject[];
	qs?: IDataObject;
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

/**
 * Pagination for list endpoints: `page` / `itemsPerPage` go in the body of a POST and in the
 * query of a GET. Stops at the limit, at `total`, or at an empty page. The page size stays
 * the same on every page so that page numbers keep meaning the same records, even when the
 * server answers with fewer records per page than asked.
 */
export async function paginate(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const returnAll = this.getNodeParameter('returnAll', false) as boolean;
	const limit = returnAll ? Infinity : (this.getNodeParameter('limit', 50) as number);
	const where = requestData.options.method === 'GET' ? 'qs' : 'body';
	const itemsPerPage = Math.min(PAGE_SIZE, limit);
	const records: IDataObject[] = [];
	for (let page = 1; records.length < limit; page++) {
		const options = {
			...requestData.options,
			[where]: { ...(requestData.options[where] as IDataObject), page, itemsPerPage },
		};
		const [response] = await this.makeRoutingRequest({ ...requestData, options });
		const pageRecords = recordsOf(response?.json);
		records.push(...pageRecords);
		if (isLastPage(pageRecords, records.length, response?.json)) break;
	}
	return toItems(records.slice(0, limit), this.getItemIndex());
}

/**
 * Pages through a list endpoint outside declarative routing (locators, dropdowns, triggers),
 * yielding each page's records; stops at `total` or at an empty page.
 */
export async function* listPages(
	context: ApiContext,
	request: ApiRequest,
	itemsPerPage = PAGE_SIZE,
): AsyncGenerator<IDataObject[]> {
	const where = request.method === 'GET' ? 'qs' : 'body';
	let seen = 0;
	for (let page = 1; ; page++) {
		const paged = { ...request, [where]: { ...(request[where] as IDataObject), page, itemsPerPage } };
		const response = await apiRequest.call(context, paged);
		const records = recordsOf(response.body);
		seen += records.length;
		yield records;
		if (isLastPage(records, seen, response.body)) return;
	}
}

/** D6: paging ends at an empty page or once `total` records have been seen. */
function isLastPage(page: IDataObject[], seen: number, body: unknown): boolean {
	const total = totalOf(body);
	return page.length === 0 || (total !== undefined && seen >= total);
}

function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}
