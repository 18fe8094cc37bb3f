import {
	NodeApiError,
	NodeOperationError,
	type IDataObject,
	type IPollFunctions,
} from 'n8n-workflow';

import type { Api } from '../http/request';

import { PAGE_SIZE, type Page } from '../paging/pager';
import { asNodeError } from '../http/errors';
import { newEpoch } from './savedState';
import { pageStartingBefore, readNewestFirst, readOldestFirst } from './linkFeed';
import {
	FUTURE_DATE_ALLOWANCE_MS,
	createdAtOf,
	oldestFirst,
	PollCursor,
	type StoredCursor,
} from './pollCursor';

/** Shares of n8n's poll budget: reading newest first, then catching up oldest first. */
const NEWEST_FIRST_SHARE = 0.4;
const CATCH_UP_SHARE = 0.8;

export interface NewLinks {
	/** Oldest first. */
	links: IDataObject[];
	/** The same object as the cursor read when nothing changed. */
	next: PollCursor;
}

/**
 * Where a newly activated trigger starts: every link listed now is old. The newest links
 * dated no later than `now` set the watermark; they and any dated later are remembered by id.
 */
export async function startingCursor(api: Api<IPollFunctions>, now: number): Promise<PollCursor> {
	const read = await readNewestFirst(api, {
		boundary: () => {
			let newest: number | undefined;
			return (link) => {
				const time = createdAtOf(link);
				if (Number.isNaN(time) || time > now) return false;
				newest ??= time;
				return time < newest;
			};
		},
		deadline: Infinity,
	});
	if (read.outcome === 'unstable') {
		throw new NodeOperationError(
			api.context.getNode(),
			'Links kept disappearing while the trigger read the list; activate again',
		);
	}
	const dated = read.links.filter((link) => !Number.isNaN(createdAtOf(link)));
	return freshCursor(now, null, new Map(), read.total ?? null).after(dated, now);
}

function freshCursor(
	now: number,
	watermark: number | null,
	recent: Map<string, number>,
	total: number | null,
): PollCursor {
	return new PollCursor({
		epoch: newEpoch(now),
		generation: 0,
		watermark,
		recent,
		total,
		heldFrom: null,
	});
}

/**
 * The cursor a stored position stands for. A position saved by version 0.1 is carried over,
 * unless it points past n8n's clock (a link dated in the future moved it there): then it is
 * undefined and the trigger starts again from the newest link.
 */
export function cursorFrom(stored: StoredCursor, now: number): PollCursor | undefined {
	if (stored.kind === 'cursor') return stored.cursor;
	if (stored.kind === 'none') return undefined;
	if (stored.watermark !== null && stored.watermark > now + FUTURE_DATE_ALLOWANCE_MS)
		return undefined;
	const recent = new Map(stored.ids.map((id) => [id, stored.watermark ?? 0]));
	return freshCursor(now, stored.watermark, recent, null);
}

/** Nothing changed since the last full read: the same `total`, nothing new on page 1, nothing due. */
function isIdle(page: Page, cursor: PollCursor, horizon: number): boolean {
	if (cursor.total === null || page.total !== cursor.total) return false;
	if (cursor.heldFrom !== null && cursor.heldFrom <= horizon) return false;
	return !page.records.some((link) => cursor.isNew(link) && createdAtOf(link) <= horizon);
}

/**
 * What page 1's `total` proves: the list grew by exactly `firstTotal − cursor.total` links since
 * the last full read. Once that many new links are read and the read is down to the watermark's
 * time, nothing was added among the links sharing that time (a bulk import's thousands), and
 * they need no re-read. Deletions meanwhile would make the count fall short: the read then goes
 * on down to the watermark as before, pages 8 in flight.
 */
class AddedLinks {
	private expected: number | undefined;
	private disproved = false;

	constructor(private readonly cursor: PollCursor) {}

	allRead(links: Iterable<IDataObject>, page: Page, firstTotal: number | undefined): boolean {
		const { cursor } = this;
		if (cursor.total === null || firstTotal === undefined || cursor.watermark === null) {
			this.disproved = true;
			return false;
		}
		this.expected = firstTotal - cursor.total;
		const lastLink = page.records[page.records.length - 1];
		if (!lastLink || createdAtOf(lastLink) > cursor.watermark) return false;
		let count = 0;
		for (const link of links) if (cursor.isNew(link)) count++;
		if (count === this.expected) return true;
		this.disproved = true;
		return false;
	}

	/** While the proof may hold: the pages the added links can fill, and one; after, every page. */
	pagesWanted(servedPageSize: number): number {
		if (this.disproved || this.expected === undefined || this.expected < 0) return Infinity;
		return Math.ceil(this.expected / servedPageSize) + 1;
	}
}

/**
 * The links new to `cursor`. Newest first is cheap (page 1 tells whether anything changed) but
 * can only emit once it has reached the cursor; when n8n's poll budget runs short first, the
 * backlog is emitted oldest first, as much per poll as the budget allows.
 */
export async function readNewLinks(
	api: Api<IPollFunctions>,
	cursor: PollCursor,
	now: number,
	budgetMs: number,
): Promise<NewLinks> {
	const horizon = now + FUTURE_DATE_ALLOWANCE_MS;
	if (cursor.catchUp) return await catchUp(api, cursor, now, budgetMs);
	const added = new AddedLinks(cursor);
	const read = await readNewestFirst(api, {
		boundary: () => (link) => cursor.isOlder(link),
		idle: (page) => isIdle(page, cursor, horizon),
		enough: (links, page, firstTotal) => added.allRead(links, page, firstTotal),
		pagesWanted: (servedPageSize) => added.pagesWanted(servedPageSize),
		deadline: now + budgetMs * NEWEST_FIRST_SHARE,
	});
	if (read.outcome === 'idle' || read.outcome === 'unstable') return { links: [], next: cursor };
	if (read.outcome === 'deadline') return await catchUp(api, cursor, now, budgetMs);

	const unseen = read.links.filter((link) => cursor.isNew(link));
	const held = unseen.map(createdAtOf).filter((time) => time > horizon);
	const links = oldestFirst(
		unseen.filter((link) => createdAtOf(link) <= horizon),
		true,
	);
	const heldFrom = held.length > 0 ? Math.min(...held) : null;
	return { links, next: cursor.after(links, now, { total: read.total ?? null, heldFrom }) };
}

/** A refusal of the request itself (not of the key, not a rate limit): asking again will not help. */
function isRefusal(error: unknown): boolean {
	const status = error instanceof NodeApiError ? Number(error.httpCode) : NaN;
	return status >= 400 && status < 500 && ![401, 403, 429].includes(status);
}

async function catchUp(
	api: Api<IPollFunctions>,
	cursor: PollCursor,
	now: number,
	budgetMs: number,
): Promise<NewLinks> {
	const horizon = now + FUTURE_DATE_ALLOWANCE_MS;
	const pageSize = cursor.catchUp?.pageSize ?? PAGE_SIZE;
	const read = async (firstPage: number) =>
		await readOldestFirst(api, {
			firstPage,
			pageSize,
			isSettled: (link) => !cursor.isNew(link),
			wanted: (link) => cursor.isNew(link),
			isAhead: (link) => createdAtOf(link) > horizon,
			deadline: now + budgetMs * CATCH_UP_SHARE,
		});
	const locate = async () =>
		await pageStartingBefore(api, (link) => cursor.isOlder(link), pageSize);

	let result;
	try {
		result = await read(cursor.catchUp?.page ?? (await locate()));
	} catch (error) {
		// A stored resume point the server refuses is dropped: the next poll reads afresh.
		if (cursor.catchUp && isRefusal(error))
			return { links: [], next: cursor.with({ catchUp: undefined, total: null }) };
		throw asNodeError(api.context.getNode(), error);
	}
	if (result.misplaced) result = await read(await locate());
	if (result.misplaced)
		return { links: [], next: cursor.with({ catchUp: undefined, total: null }) };

	const links = oldestFirst(result.links, false);
	if (result.resumePage !== undefined) {
		const catchUp = { page: result.resumePage, pageSize };
		return { links, next: cursor.after(links, now, { total: null, heldFrom: null, catchUp }) };
	}
	const heldFrom = result.heldFrom ? createdAtOf(result.heldFrom) : null;
	return { links, next: cursor.after(links, now, { total: result.total ?? null, heldFrom }) };
}
