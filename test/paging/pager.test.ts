/* eslint-disable @n8n/community-nodes/no-restricted-globals -- tests, not loaded by n8n */
import type { IDataObject } from 'n8n-workflow';

import { pages, type PagerOptions } from '../../nodes/LinkShortener/paging/pager';
import { STUB_NODE } from '../helpers/stubNode';

const node = STUB_NODE;
const source = { node, request: 'POST /v1/links/list' };

/** A server over `count` records that serves at most `cap` a page; records what it was asked. */
function server(
	count: number,
	cap: number,
	options: { total?: boolean; ignorePage?: boolean; latencyMs?: number } = {},
) {
	const records = Array.from({ length: count }, (_, i) => ({ id: `r${i}` }));
	const asked: Array<[number, number]> = [];
	let inFlight = 0;
	let maxInFlight = 0;
	// A request started in the same task of the event loop as the one before it.
	let startedThisTurn = false;
	let sameTurnStarts = 0;
	const fetchPage = async (page: number, itemsPerPage: number) => {
		asked.push([page, itemsPerPage]);
		maxInFlight = Math.max(maxInFlight, ++inFlight);
		if (startedThisTurn) sameTurnStarts++;
		startedThisTurn = true;
		queueMicrotask(() => (startedThisTurn = false));
		await new Promise((resolve) =>
			options.latencyMs ? setTimeout(resolve, options.latencyMs) : setImmediate(resolve),
		);
		inFlight--;
		const size = Math.min(cap, itemsPerPage);
		const start = ((options.ignorePage ? 1 : page) - 1) * size;
		const items = records.slice(start, start + size);
		return { data: options.total === false ? { items } : { items, total: count } };
	};
	return {
		fetchPage,
		asked,
		maxInFlight: () => maxInFlight,
		sameTurnStarts: () => sameTurnStarts,
	};
}

async function readAll(fetchPage: Parameters<typeof pages>[0], options: PagerOptions = {}) {
	const ids: string[] = [];
	for await (const page of pages(fetchPage, source, options))
		ids.push(...page.records.map((record: IDataObject) => String(record.id)));
	return ids;
}

describe('the pager, unit by unit', () => {
	it.each([1, 7, 50, 100, 1000])(
		'reads every record once at a page cap of %s, asking 100 a page',
		async (cap) => {
			const api = server(253, cap);
			const ids = await readAll(api.fetchPage);
			expect(ids).toEqual(Array.from({ length: 253 }, (_, i) => `r${i}`));
			expect(api.asked).toHaveLength(Math.ceil(253 / Math.min(cap, 100)));
			expect(api.asked.every(([, size]) => size === 100)).toBe(true);
		},
	);

	it('without total, ends on the first page shorter than the full ones, or on an empty one', async () => {
		const short = server(130, 50, { total: false });
		expect(await readAll(short.fetchPage)).toHaveLength(130);
		expect(short.asked.map(([page]) => page)).toEqual([1, 2, 3]);
		const exact = server(100, 50, { total: false });
		expect(await readAll(exact.fetchPage)).toHaveLength(100);
		expect(exact.asked.map(([page]) => page)).toEqual([1, 2, 3]);
	});

	it('has at most 8 pages in flight, and never more than asked for by concurrency', async () => {
		const api = server(2_000, 50, { latencyMs: 30 });
		await readAll(api.fetchPage);
		expect(api.maxInFlight()).toBe(8);
		const one = server(2_000, 50);
		await readAll(one.fetchPage, { concurrency: 1 });
		expect(one.maxInFlight()).toBe(1);
	});

	it('starts no two requests in one task of the event loop, so their answers do not all come at once', async () => {
		const api = server(2_000, 50, { latencyMs: 30 });
		expect(await readAll(api.fetchPage)).toHaveLength(2_000);
		expect(api.maxInFlight()).toBe(8);
		expect(api.sameTurnStarts()).toBe(0);
	});

	it('starts a page asked alone at once, without waiting for a timer', async () => {
		jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
		try {
			const api = server(10_000, 50, { total: false });
			expect(await readAll(api.fetchPage)).toHaveLength(10_000);
			expect(api.asked).toHaveLength(201);
		} finally {
			jest.useRealTimers();
		}
	}, 5_000);

	it('asks no page ahead past a reader’s own bound', async () => {
		const api = server(2_000, 50);
		let read = 0;
		for await (const page of pages(api.fetchPage, source, {
			pagesWanted: (served) => Math.ceil(120 / served) + 1,
		})) {
			read += page.records.length;
			if (read >= 200) break;
		}
		expect(Math.max(...api.asked.map(([page]) => page))).toBeLessThanOrEqual(
			Math.ceil(120 / 50) + 1,
		);
	});

	it('stops at a limit without asking for pages past it', async () => {
		const api = server(2_000, 50);
		expect(await readAll(api.fetchPage, { limit: 120 })).toHaveLength(120);
		expect(api.asked.map(([page]) => page).sort((a, b) => a - b)).toEqual([1, 2, 3]);
	});

	it('ends with a clear error when the server ignores the page asked for', async () => {
		const api = server(500, 50, { ignorePage: true, total: false });
		await expect(readAll(api.fetchPage)).rejects.toThrow(
			/Page 2 of POST \/v1\/links\/list repeats only records of earlier pages/,
		);
		expect(api.asked).toHaveLength(2);
	});

	it('with pagesKept, looks for repeats in exactly that many pages before', async () => {
		// Pages of one record each: page 5 repeats the record of page 5 - back.
		const pageOf = (back: number) => async (page: number) => ({
			data: { items: [{ id: `r${page === 5 ? 5 - back : page}` }], total: 6 },
		});
		const options = { pagesKept: 3, concurrency: 1 };
		for (const back of [1, 2, 3]) {
			await expect(readAll(pageOf(back), options)).rejects.toThrow(
				/Page 5 of POST \/v1\/links\/list repeats only records of earlier pages/,
			);
		}
		expect(await readAll(pageOf(4), options)).toEqual(['r1', 'r2', 'r3', 'r4', 'r1', 'r6']);
		await expect(readAll(pageOf(4))).rejects.toThrow(/Page 5 of/);
	});

	it('ends with a clear error when a page is not the list the API gives', async () => {
		await expect(readAll(async () => '<html><title>Maintenance</title></html>')).rejects.toThrow(
			'Page 1 of POST /v1/links/list is not a page of the list the API gives (text/html "Maintenance")',
		);
	});
});
