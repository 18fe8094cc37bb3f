import type { IPollFunctions } from 'n8n-workflow';

import { clickGroupsOf } from '../analytics/clickGroups';
import { recordsOf } from '../http/records';
import { apiRequest } from '../http/request';

/** One analytics request: each group's total, by value (a link's id, a day). */
export async function clickTotals(
	context: IPollFunctions,
	groupBy: 'link' | 'day',
	linkId?: string,
): Promise<Map<string, number>> {
	const response = await apiRequest.call(context, {
		method: 'GET',
		url: '/v1/analytics/clicks',
		qs: { group_by: groupBy, ...(linkId ? { link_id: linkId } : {}) },
	});
	const totals = new Map<string, number>();
	for (const group of clickGroupsOf(recordsOf(response.body), groupBy, context.getNode())) {
		const value = groupBy === 'day' ? group.value.slice(0, 10) : group.value;
		totals.set(value, (totals.get(value) ?? 0) + group.clicks);
	}
	return totals;
}
