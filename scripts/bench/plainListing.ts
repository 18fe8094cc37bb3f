/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development tooling, not loaded by n8n */
/** What a plain script does to read a whole account: page 1 for `total`, then 8 pages in flight, oldest first. */
import { createWriteStream } from 'node:fs';
import type { IDataObject } from 'n8n-workflow';

import { PAGE_CAP } from './largeAccount';

export const IN_FLIGHT = 8;

export type Target = { baseUrl: string; apiKey: string };

async function listPage(target: Target, page: number) {
	const response = await fetch(`${target.baseUrl}/v1/links/list`, {
		method: 'POST',
		headers: { 'X-API-Key': target.apiKey, 'Content-Type': 'application/json' },
		body: JSON.stringify({ page, itemsPerPage: PAGE_CAP, order: { createdAt: 'asc' } }),
	});
	if (!response.ok) throw new Error(`page ${page}: HTTP ${response.status}`);
	return ((await response.json()) as { data: { items: IDataObject[]; total: number } }).data;
}

/** Every page of the account in order, each handed to `onPage` (awaited) before the next. */
export async function plainListing(
	target: Target,
	onPage: (items: IDataObject[]) => Promise<void>,
): Promise<void> {
	const first = await listPage(target, 1);
	const pages = Math.ceil(first.total / PAGE_CAP);
	await onPage(first.items);
	const inFlight = new Map<number, ReturnType<typeof listPage>>();
	let asked = 1;
	for (let page = 2; page <= pages; page++) {
		while (asked < pages && asked < page + IN_FLIGHT - 1) {
			asked++;
			const answer = listPage(target, asked);
			answer.catch(() => undefined);
			inFlight.set(asked, answer);
		}
		const { items } = await inFlight.get(page)!;
		inFlight.delete(page);
		await onPage(items);
	}
}

/** A file written chunk by chunk, each write awaited. */
export function fileWriter(file: string) {
	const out = createWriteStream(file);
	return {
		write: async (text: string) =>
			await new Promise<void>((resolve, reject) =>
				out.write(text, (error) => (error ? reject(error) : resolve())),
			),
		end: async () => await new Promise((resolve) => out.end(resolve)),
	};
}
