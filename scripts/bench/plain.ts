/**
 * The same work as the node, written as a plain Node script with fetch: the floor that the
 * node's own overhead is measured against.
 */
export interface PlainTarget {
	baseUrl: string;
	apiKey: string;
}

type Json = Record<string, unknown>;

async function send(target: PlainTarget, method: string, path: string, body: unknown): Promise<Json> {
	const response = await fetch(`${target.baseUrl}${path}`, {
		method,
		headers: { 'X-API-Key': target.apiKey, 'Content-Type': 'application/json', Accept: 'application/json' },
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

export async function plainListAll(target: PlainTarget): Promise<Json[]> {
	const links: Json[] = [];
	for (let page = 1; ; page++) {
		const { data } = (await send(target, 'POST', '/v1/links/list', { page, itemsPerPage: 100 })) as { data: Json };
		const items = data.items as Json[];
		for (const link of items) links.push(link);
		if (items.length === 0 || links.length >= (data.total as number)) return links;
	}
}
