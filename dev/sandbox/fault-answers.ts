import { flatError, type ApiResponse } from './http';
import type { Fault, JunkBody } from './types';
import { isPlainObject } from './validation';

const HTML = { 'Content-Type': 'text/html; charset=utf-8' };

/** A portal / catch-all page, as proxies and single-page apps answer for any URL. */
export function htmlPage(
	status: number,
	options: { bytes?: number; apiKey?: string; title?: string } = {},
): ApiResponse {
	const echo = options.apiKey === undefined ? '' : `<pre>X-API-Key: ${options.apiKey}</pre>`;
	const title = options.title ?? 'Welcome';
	const head = `<!DOCTYPE html><html><head><title>${title}</title></head><body><h1>Sign in to continue</h1>${echo}`;
	const tail = '</body></html>';
	const padding = Math.max(0, (options.bytes ?? 0) - head.length - tail.length);
	return {
		status,
		body: `${head}${'<p>portal</p>'.repeat(Math.ceil(padding / 13))}${tail}`,
		headers: HTML,
	};
}

export function junkResponse(body: JunkBody, status = 200): ApiResponse {
	if (body === 'html') return htmlPage(status);
	if (body === 'empty')
		return { status, body: '', headers: { 'Content-Type': 'application/json; charset=utf-8' } };
	if (body === 'errorShaped')
		return { status, body: { success: false, message: 'Something went wrong' } };
	return {
		status,
		body: body.value,
		headers: body.contentType ? { 'Content-Type': body.contentType } : undefined,
	};
}

export function redirectResponse(
	fault: Extract<Fault, { kind: 'redirect' }>,
	requestUrl: URL,
): ApiResponse {
	const pathAndQuery = `${requestUrl.pathname}${requestUrl.search}`;
	const location =
		fault.location ??
		(fault.origin === undefined
			? requestUrl.href
			: `${fault.origin.replace(/\/+$/, '')}${pathAndQuery}`);
	return { status: fault.status ?? 307, body: '', headers: { Location: location } };
}

/** The array an answer carries: `data`, else `data.items`; with a setter for a changed copy. */
function answerArray(
	response: ApiResponse,
): { items: unknown[]; with: (items: unknown[]) => ApiResponse } | undefined {
	const body = response.body;
	if (!isPlainObject(body)) return undefined;
	const data = body.data;
	if (Array.isArray(data))
		return { items: data, with: (items) => ({ ...response, body: { ...body, data: items } }) };
	if (isPlainObject(data) && Array.isArray(data.items)) {
		return {
			items: data.items,
			with: (items) => ({ ...response, body: { ...body, data: { ...data, items } } }),
		};
	}
	return undefined;
}

/** A deterministic shuffle (mulberry32), so a failing test can be replayed. */
function shuffled<T>(items: T[], seed: number): T[] {
	let state = seed >>> 0;
	const next = () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
	const copy = [...items];
	for (let i = copy.length - 1; i > 0; i--) {
		const j = Math.floor(next() * (i + 1));
		[copy[i], copy[j]] = [copy[j], copy[i]];
	}
	return copy;
}

export function reorderAnswer(
	response: ApiResponse,
	fault: Extract<Fault, { kind: 'reorder' }>,
): ApiResponse {
	const found = answerArray(response);
	if (!found) return response;
	const { items } = found;
	if (fault.order === 'reverse') return found.with([...items].reverse());
	if (fault.order === 'shuffle') return found.with(shuffled(items, fault.seed ?? 1));
	return found.with(
		fault.order.filter((index) => index < items.length).map((index) => items[index]),
	);
}

export function replaceElements(
	response: ApiResponse,
	fault: Extract<Fault, { kind: 'replaceElements' }>,
): ApiResponse {
	const found = answerArray(response);
	if (!found) return response;
	const items = [...found.items];
	for (const [index, value] of Object.entries(fault.elements)) {
		if (Number(index) < items.length) items[Number(index)] = value;
	}
	return found.with(items);
}

/** `omitTotal` / `total` of a paging fault, on a list answer. */
export function rewriteTotal(
	response: ApiResponse,
	fault: Extract<Fault, { kind: 'paging' }>,
): ApiResponse {
	const body = response.body;
	if (!isPlainObject(body) || !isPlainObject(body.data)) return response;
	const data = { ...body.data };
	if (fault.total !== undefined) data.total = fault.total;
	if (fault.omitTotal) delete data.total;
	return { ...response, body: { ...body, data } };
}

/** The 422 of a refuseElements fault, or undefined when no element of the request is refused. */
export function refuseElementsResponse(
	fault: Extract<Fault, { kind: 'refuseElements' }>,
	body: unknown,
): ApiResponse | undefined {
	if (!Array.isArray(body)) return undefined;
	const errors: Array<{ index: number; field: string; message: string }> = [];
	body.forEach((element: unknown, index) => {
		const link = isPlainObject(element) ? element : {};
		if (fault.indexes?.includes(index))
			errors.push({ index, field: 'body', message: `Item ${index}: refused` });
		else if (typeof link.path === 'string' && fault.paths?.includes(link.path)) {
			errors.push({
				index,
				field: 'path',
				message: `Item ${index}: path: "${link.path}" is already taken`,
			});
		} else if (typeof link.longUrl === 'string' && fault.longUrls?.includes(link.longUrl)) {
			errors.push({
				index,
				field: 'longUrl',
				message: `Item ${index}: long_url: this destination is not allowed`,
			});
		}
	});
	if (errors.length === 0) return undefined;
	if (fault.withIndexes === false)
		return flatError(422, 'Validation failed: one or more links are invalid');
	return flatError(422, `Validation failed for ${errors.length} link(s)`, {
		indexes: errors.map((error) => error.index),
		errors,
	});
}

/** The sandbox's analytics rows ({ group_by, value, clicks }) in another server's shape. */
export function analyticsInShape(
	response: ApiResponse,
	shape: 'items' | 'bare' | 'dimension',
): ApiResponse {
	const body = response.body as { data?: unknown } | undefined;
	if (response.status !== 200 || !Array.isArray(body?.data)) return response;
	const rows = body.data as Array<{ group_by: string; value: string; clicks: number }>;
	if (shape === 'items')
		return {
			...response,
			body: { ...body, data: { items: rows.map((r) => ({ key: r.value, count: r.clicks })) } },
		};
	if (shape === 'bare')
		return { ...response, body: rows.map((r) => ({ name: r.value, total: r.clicks })) };
	return {
		...response,
		body: { ...body, data: rows.map((r) => ({ [r.group_by]: r.value, hits: r.clicks })) },
	};
}
