import type { IDataObject } from 'n8n-workflow';

import { CLICKS_PATH } from '../http/endpoints';
import { foldRecords } from '../http/streamedRecords';
import type { Api } from '../http/request';
import { clicksOf, valueOf } from './clickGroups';
import { IdTable } from './idTable';

/**
 * One analytics request: each group's total, by value (a link's id, a day), with any other
 * query parameters the server takes (`link_id`, a date range). Read as Get Clicks reads a
 * group, element by element as the answer arrives: a million links' groups are never held, and
 * their totals are a compact table (about 30 bytes a link).
 */
export async function clickTotals(
	api: Api,
	groupBy: string,
	query: IDataObject = {},
): Promise<IdTable> {
	const request = { method: 'GET' as const, url: CLICKS_PATH, qs: { ...query, group_by: groupBy } };
	return await foldRecords(
		api,
		request,
		() => new IdTable(),
		(totals, element, position) => {
			const clicks = clicksOf(element, position, api.node);
			const value = valueOf(element, groupBy) ?? '';
			const key = groupBy === 'day' ? value.slice(0, 10) : value;
			totals.add(key, clicks);
		},
	);
}
