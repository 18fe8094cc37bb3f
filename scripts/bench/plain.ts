/**
 * The same work as the node, written as a plain Node script with fetch: the floor that the
 * node's own overhead is measured against.
 */
export interface PlainTarget {
	baseUrl: string;
	apiKey: string;
}

type Json = Record<string, unknown>;

async function send(
	target: PlainTarget,
	method: string,
	path: string,
	body: unknown,
): Promise<Json> {
	const response = await fetch(`${target.baseUrl}${path}`, {
		method,
		headers: {
			'X-API-Key': target.apiKey,
			'Content-Type': 'application/json',
			Accept: 'application/json',
		},
		body: JSON.stringify(body),
	});
	if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status}`);
	return (await response.json()) as Json;
}

/** One output record per row, in order, sent in batches. */
async function inBatches(
	target: PlainTarget,
	method: string,
	path: string,
	elements: Json[],
	batchSize: number,
): Promise<Json[]> {
	const records: Json[] = [];
	for (let start = 0; start < elements.length; start += batchSize) {
		const answer = await send(target, method, path, elements.slice(start, start + batchSize));
		for (const record of answer.data as Json[]) records.push(record);
	}
	return records;
}

export async function plainBulkCreate(target: PlainTarget, rows: Json[]): Promise<Json[]> {
	const elements = rows.map(({ longUrl, title }) => (title ? { longUrl, title } : { longUrl }));
	return await inBatches(target, 'POST', '/v1/links/bulk', elements, 10_000);
}

export async function plainBulkUpdate(target: PlainTarget, rows: Json[]): Promise<Json[]> {
	const elements = rows.map(({ id, title }) => ({ id, title }));
	return await inBatches(target, 'PATCH', '/public/links/bulk', elements, 1_000);
}

type ListPage = { items: Json[]; total: number };

export async function listPage(
	target: PlainTarget,
	page: number,
	itemsPerPage: number,
): Promise<ListPage> {
	const { data } = (await send(target, 'POST', '/v1/links/list', { page, itemsPerPage })) as {
		data: ListPage;
	};
	return data;
}

/** Page after page until `total` is reached or a page comes back empty. */
export async function plainListAll(target: PlainTarget, pageSize = 100): Promise<Json[]> {
	const links: Json[] = [];
	for (let page = 1; ; page++) {
		const { items, total } = await listPage(target, page, pageSize);
		for (const link of items) links.push(link);
		if (items.length === 0 || links.length >= total) return links;
	}
}

/** Page 1 for `total`, then the remaining pages `concurrency` at a time, kept in page order. */
export async function plainListConcurrent(
	target: PlainTarget,
	pageSize: number,
	concurrency: number,
): Promise<Json[]> {
	const first = await listPage(target, 1, pageSize);
	const pageCount = Math.ceil(first.total / pageSize);
	const pages: Json[][] = [first.items];
	let next = 2;
	const fetcher = async () => {
		for (let page = next++; page <= pageCount; page = next++)
			pages[page - 1] = (await listPage(target, page, pageSize)).items;
	};
	await Promise.all(Array.from({ length: concurrency }, fetcher));
	return pages.flat();
}
