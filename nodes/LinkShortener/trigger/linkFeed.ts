import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { listPages } from '../shared/pager';
import { apiRequest, LINK_PATHS, recordsOf, type ApiRequest } from '../shared/transport';
import { createdAtOf, PollCursor, type CatchUp } from './pollCursor';

const NEWEST_FIRST = { createdAt: 'desc' };
const OLDEST_FIRST = { createdAt: 'asc' };
const DAY_MS = 86_400_000;

/** Links read by one pass; `complete` is false when the deadline stopped it early. */
export interface LinkBatch {
	links: IDataObject[];
	complete: boolean;
}

function listRequest(body: IDataObject): ApiRequest {
	return { method: 'POST', url: LINK_PATHS.v1.list, body };
}

/** The most recently created link, for the editor's test event. */
export async function latestLink(context: IPollFunctions): Promise<IDataObject | undefined> {
	const response = await apiRequest.call(
		context,
		listRequest({ order: NEWEST_FIRST, page: 1, itemsPerPage: 1 }),
	);
	return recordsOf(response.body)[0];
}

/** The links that share the newest creation time: where a newly activated trigger starts. */
export async function linksAtNewestTime(context: IPollFunctions): Promise<IDataObject[]> {
	const found = new Map<string, IDataObject>();
	let newest: number | undefined;
	for await (const { records } of listPages(context, listRequest({ order: NEWEST_FIRST }))) {
		for (const link of records.filter((record) => !Number.isNaN(createdAtOf(record)))) {
			newest ??= createdAtOf(link);
			if (createdAtOf(link) < newest) return [...found.values()];
			found.set(String(link.id), link);
		}
	}
	return [...found.values()];
}

/**
 * The links new to the cursor, read newest first down to the first older link. Links created
 * meanwhile push the pages down, so a link can come twice (kept once) but none is skipped.
 */
export async function newLinksNewestFirst(
	context: IPollFunctions,
	cursor: PollCursor,
	deadline: number,
): Promise<LinkBatch> {
	const found = new Map<string, IDataObject>();
	for await (const { records } of listPages(context, listRequest({ order: NEWEST_FIRST }))) {
		for (const link of records) if (cursor.isNew(link)) found.set(String(link.id), link);
		if (records.some((link) => cursor.isOlder(link))) break;
		if (Date.now() >= deadline) return { links: [...found.values()], complete: false };
	}
	return { links: [...found.values()], complete: true };
}

/** Oldest-first links new to the cursor; `resumeAt` is set when the deadline stopped the read. */
export interface CatchUpBatch {
	links: IDataObject[];
	resumeAt?: CatchUp;
}

/**
 * The links new to the cursor, read oldest first, as many as the deadline allows: a backlog
 * too large for one poll is emitted in order over several polls, each resuming on the page
 * where the last one stopped. The day filter only narrows the listing; it starts two days
 * early because the API does not say whether `after` is inclusive or which time zone its
 * days are in.
 */
export async function newLinksOldestFirst(
	context: IPollFunctions,
	cursor: PollCursor,
	deadline: number,
	resume: CatchUp = cursor.catchUp ?? { after: dayFilterFor(cursor), page: 1 },
): Promise<CatchUpBatch> {
	const body: IDataObject = { order: OLDEST_FIRST };
	if (resume.after !== null) body.createdAt = { after: resume.after };

	const found = new Map<string, IDataObject>();
	const pager = listPages(context, listRequest(body), { firstPage: resume.page });
	for await (const { number: page, records } of pager) {
		// The page it stopped on starts with links already emitted, unless links were
		// deleted and the pages moved up: then read the listing from its start.
		if (page === resume.page && page > 1 && records.length > 0 && cursor.isNew(records[0])) {
			return await newLinksOldestFirst(context, cursor, deadline, { ...resume, page: 1 });
		}
		for (const link of records) if (cursor.isNew(link)) found.set(String(link.id), link);
		if (Date.now() >= deadline) return { links: [...found.values()], resumeAt: { ...resume, page } };
	}
	return { links: [...found.values()] };
}

function dayFilterFor(cursor: PollCursor): string | null {
	if (cursor.lastCreatedAt === null) return null;
	return new Date(cursor.lastCreatedAt - 2 * DAY_MS).toISOString().slice(0, 10);
}
