import { NodeOperationError, type IDataObject, type INode } from 'n8n-workflow';

import { clipped } from '../http/answerText';

/** An analytics element read the same way whatever the server's shape (D16). */
export interface ClickGroup extends IDataObject {
	groupBy: string;
	value: string;
	clicks: number;
}

const VALUE_FIELDS = ['value', 'key', 'name'];
const COUNT_FIELDS = ['clicks', 'count', 'total'];

function readableCount(element: IDataObject): number | undefined {
	for (const field of COUNT_FIELDS) {
		const count = Number(element[field]);
		if (element[field] !== undefined && element[field] !== null && Number.isFinite(count))
			return count;
	}
	const numeric = Object.values(element).filter(
		(value) => typeof value === 'number' && Number.isFinite(value),
	) as number[];
	return numeric.length === 1 ? numeric[0] : undefined;
}

export function valueOf(element: IDataObject, groupBy: string): string | undefined {
	for (const field of [...VALUE_FIELDS, groupBy]) {
		const value = element[field];
		if (value !== undefined && value !== null && typeof value !== 'object') return String(value);
	}
	return undefined;
}

/**
 * An element of an analytics answer (at `position`) with `groupBy`, `value` and `clicks` beside
 * the server's own fields: the value from `value`, `key`, `name` or the field named after the
 * dimension; the count from `clicks`, `count`, `total` or the element's only number. An element
 * whose count cannot be read is an error naming it, never a 0.
 */
export function clickGroupOf(
	element: IDataObject,
	position: number,
	groupBy: string,
	node: INode,
	itemIndex?: number,
): ClickGroup {
	const clicks = clicksOf(element, position, node, itemIndex);
	return { ...element, groupBy, value: valueOf(element, groupBy) ?? '', clicks };
}

/** An element's click count; an error naming the element when it has none that reads. */
export function clicksOf(
	element: IDataObject,
	position: number,
	node: INode,
	itemIndex?: number,
): number {
	const clicks =
		typeof element === 'object' && element !== null ? readableCount(element) : undefined;
	if (clicks === undefined) {
		throw new NodeOperationError(
			node,
			`The analytics answer's element ${position} has no click count: ${clipped(JSON.stringify(element))}`,
			{
				itemIndex,
				description:
					'The node reads the count from "clicks", "count", "total" or the only number of each element. Check that the Base URL points at the Link Shortening API.',
			},
		);
	}
	return clicks;
}

/** Dimensions whose values are periods: their "top" is the latest, oldest first. */
const PERIODS = new Set(['day', 'week', 'month']);

/** Whether a dimension's values are periods (day, week, month), which read oldest first. */
export function isPeriod(groupBy: string): boolean {
	return PERIODS.has(groupBy);
}

/**
 * The N groups with the most clicks (ties by value), or for day, week and month the N latest
 * periods, oldest first; every group when `top` is 0.
 */
export function topGroups(groups: ClickGroup[], top: number, groupBy: string): ClickGroup[] {
	const byValue = (a: ClickGroup, b: ClickGroup) =>
		a.value < b.value ? -1 : a.value > b.value ? 1 : 0;
	if (top <= 0) return groups;
	if (isPeriod(groupBy)) return [...groups].sort(byValue).slice(-top);
	return [...groups].sort((a, b) => b.clicks - a.clicks || byValue(a, b)).slice(0, top);
}
