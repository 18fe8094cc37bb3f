import type { IDataObject } from 'n8n-workflow';

import { LINK_PATHS, OLDEST_FIRST } from '../http/endpoints';
import { foldRecords } from '../http/streamedRecords';
import type { Api, ApiRequest } from '../http/request';
import { listPages, RECENT_PAGES } from '../paging/pager';
import { clicksOf, isPeriod, valueOf } from './clickGroups';
import { IdTable } from './idTable';

/** The columns of a row of Export Clicks (D21), in this order. */
export const CLICK_COLUMNS = ['groupBy', 'value', 'clicks'];
/** The columns Link Details adds (Group By: link). */
export const LINK_DETAIL_COLUMNS = ['shortUrl', 'longUrl', 'title', 'linkFound'];

/** The column of a link's totals that marks it written (1) once the listing reached it. */
const WRITTEN = 1;

/** Rows handed to the file at once from what the node holds. */
const BATCH = 1000;

/** One analytics answer read for a file: its rows (read once) and their clicks. */
export interface ClickRows {
	clicks: number;
	batches: AsyncGenerator<IDataObject[]>;
}

interface Place {
	api: Api;
	groupBy: string;
	itemIndex: number;
}

/**
 * The groups of one analytics request, as the rows of a file (D21), read as the answer arrives
 * (each element as D16 reads a group, then dropped). Without `linkDetails`, the server's order
 * (periods oldest first), each group kept as its value and count. With it, one count per link (a link named twice is
 * summed), joined to the account's listing while the file is written.
 */
export async function clickRowsOf(
	place: Place,
	request: ApiRequest,
	linkDetails: boolean,
): Promise<ClickRows> {
	const { api, groupBy, itemIndex } = place;
	const read = (element: IDataObject, position: number) => ({
		value: valueOf(element, groupBy) ?? '',
		clicks: clicksOf(element, position, api.node, itemIndex),
	});
	if (linkDetails) {
		const totals = await foldRecords(
			api,
			request,
			() => new IdTable(WRITTEN + 1),
			(table, element, position) => {
				const { value, clicks } = read(element, position);
				table.add(value, clicks);
			},
		);
		let clicks = 0;
		for (let entry = 0; entry < totals.size; entry++) clicks += totals.get(entry);
		return {
			clicks,
			batches: detailedBatches(place, totals),
		};
	}
	const groups = await foldRecords(
		api,
		request,
		() => ({ values: [] as string[], clicks: [] as number[] }),
		(kept, element, position) => {
			const { value, clicks } = read(element, position);
			kept.values.push(value);
			kept.clicks.push(clicks);
		},
	);
	return {
		clicks: groups.clicks.reduce((sum, count) => sum + count, 0),
		batches: inServerOrder(groupBy, groups),
	};
}

/** The rows in the server's order; periods (day, week, month) oldest first. */
async function* inServerOrder(
	groupBy: string,
	{ values, clicks }: { values: string[]; clicks: number[] },
): AsyncGenerator<IDataObject[]> {
	const order = values.map((_value, i) => i);
	if (isPeriod(groupBy)) {
		order.sort((a, b) => (values[a] < values[b] ? -1 : values[a] > values[b] ? 1 : a - b));
	}
	for (let start = 0; start < order.length; start += BATCH) {
		yield order
			.slice(start, start + BATCH)
			.map((i) => ({ groupBy, value: values[i], clicks: clicks[i] }));
	}
}

/**
 * The rows in the links' creation order, oldest first: the account listed as Link > Export
 * lists it (the last few pages' ids kept, a page that fails fails the file), each link with
 * clicks written once and marked so in `totals`; the listing ends early once every link is
 * written. Then the links the listing no longer has, in the server's order, `linkFound: false`.
 */
async function* detailedBatches(
	{ api, groupBy, itemIndex }: Place,
	totals: IdTable,
): AsyncGenerator<IDataObject[]> {
	let left = totals.size;
	if (left > 0) {
		const request = {
			method: 'POST' as const,
			url: LINK_PATHS.v1.list,
			body: { order: OLDEST_FIRST },
		};
		for await (const page of listPages(api, request, { pagesKept: RECENT_PAGES }, itemIndex)) {
			const rows: IDataObject[] = [];
			for (const link of page.records) {
				const value = String(link.id);
				const entry = totals.find(value);
				if (entry < 0 || totals.get(entry, WRITTEN) === 1) continue;
				totals.set(entry, 1, WRITTEN);
				left--;
				const clicks = totals.get(entry);
				const { shortUrl, longUrl, title } = link;
				rows.push({ groupBy, value, clicks, shortUrl, longUrl, title, linkFound: true });
			}
			yield rows;
			if (left === 0) break;
		}
	}
	let rows: IDataObject[] = [];
	for (let entry = 0; entry < totals.size; entry++) {
		if (totals.get(entry, WRITTEN) === 1) continue;
		rows.push({
			groupBy,
			value: totals.keyAt(entry),
			clicks: totals.get(entry),
			shortUrl: null,
			longUrl: null,
			title: null,
			linkFound: false,
		});
		if (rows.length === BATCH) {
			yield rows;
			rows = [];
		}
	}
	if (rows.length) yield rows;
}
