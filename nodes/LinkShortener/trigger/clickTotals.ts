import type { IPollFunctions } from 'n8n-workflow';

import { clicksOf, valueOf } from '../analytics/clickGroups';
import { recordsOf } from '../http/records';
import { CLICKS_PATH } from '../http/endpoints';
import type { Api } from '../http/request';

/** One analytics request: each group's total, by value (a link's id, a day). */
export async function clickTotals(
	api: Api<IPollFunctions>,
	groupBy: 'link' | 'day',
	linkId?: string,
): Promise<Map<string, number>> {
	const response = await api.request({
		method: 'GET',
		url: CLICKS_PATH,
		qs: { group_by: groupBy, ...(linkId ? { link_id: linkId } : {}) },
	});
	// Read as Get Clicks reads a group, without copying 100,000 elements into items.
	const totals = new Map<string, number>();
	const node = api.context.getNode();
	recordsOf(response.body).forEach((element, position) => {
		const clicks = clicksOf(element, position, node);
		const value = valueOf(element, groupBy) ?? '';
		const key = groupBy === 'day' ? value.slice(0, 10) : value;
		totals.set(key, (totals.get(key) ?? 0) + clicks);
	});
	return totals;
}
