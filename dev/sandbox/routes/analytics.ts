import { flatError, success, type ApiResponse } from '../http';
import type { ClickEvent } from '../types';
import { isDateOnly, isUuid, utcDay } from '../validation';
import { queryValue, type RouteContext } from './context';

export const GROUP_BY_VALUES = [
	'day',
	'week',
	'month',
	'country',
	'city',
	'referrer',
	'browser',
	'os',
	'device',
	'link',
] as const;
type GroupBy = (typeof GROUP_BY_VALUES)[number];

/** ISO 8601 week of a UTC day, e.g. '2024-W09'. */
function isoWeek(day: string): string {
	const date = new Date(`${day}T00:00:00Z`);
	const weekday = date.getUTCDay() || 7;
	date.setUTCDate(date.getUTCDate() + 4 - weekday); // the Thursday of that week decides its year
	const year = date.getUTCFullYear();
	const week = Math.ceil(((date.getTime() - Date.UTC(year, 0, 1)) / 86_400_000 + 1) / 7);
	return `${year}-W${String(week).padStart(2, '0')}`;
}

function groupValue(click: ClickEvent, groupBy: GroupBy): string {
	switch (groupBy) {
		case 'day':
			return utcDay(click.at);
		case 'week':
			return isoWeek(utcDay(click.at));
		case 'month':
			return utcDay(click.at).slice(0, 7);
		case 'link':
			return click.linkId;
		default:
			return click[groupBy];
	}
}

/** GET /v1/analytics/clicks?group_by=...&link_id=...&from=YYYY-MM-DD&to=YYYY-MM-DD */
export function clickAnalytics({ state, query }: RouteContext): ApiResponse {
	const groupBy = queryValue(query, 'group_by');
	if (groupBy === undefined || groupBy === '') return flatError(400, 'group_by is required');
	if (!(GROUP_BY_VALUES as readonly string[]).includes(groupBy)) {
		return flatError(400, `group_by must be one of: ${GROUP_BY_VALUES.join(', ')}`, {
			field: 'group_by',
			allowed: [...GROUP_BY_VALUES],
		});
	}
	const linkId = queryValue(query, 'link_id');
	if (linkId !== undefined && !isUuid(linkId))
		return flatError(400, 'link_id must be a UUID', { field: 'link_id' });
	const from = queryValue(query, 'from');
	const to = queryValue(query, 'to');
	for (const [name, value] of [
		['from', from],
		['to', to],
	] as const) {
		if (value !== undefined && !isDateOnly(value))
			return flatError(400, `${name} must be a date YYYY-MM-DD`, { field: name });
	}

	const counts = new Map<string, number>();
	for (const click of state.clicks) {
		// A deleted link's clicks still count, as on a server that keeps its analytics.
		const link = state.links.get(click.linkId);
		if (link && !state.isVisibleToKeyUser(link)) continue;
		if (linkId !== undefined && click.linkId !== linkId.toLowerCase()) continue;
		const day = utcDay(click.at);
		if ((from !== undefined && day < from) || (to !== undefined && day > to)) continue;
		const value = groupValue(click, groupBy as GroupBy);
		counts.set(value, (counts.get(value) ?? 0) + 1);
	}
	const rows = [...counts]
		.map(([value, clicks]) => ({ group_by: groupBy, value, clicks }))
		.sort((a, b) => b.clicks - a.clicks || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
	return success(rows);
}
