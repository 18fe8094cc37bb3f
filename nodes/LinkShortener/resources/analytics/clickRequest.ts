import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../fields/commonFields';
import type { RowValidator } from '../../fields/validation';
import { CLICKS_PATH } from '../../http/endpoints';
import { linkLocator, linkLocatorOf, locatorRefOf } from '../../links/linkLocator';
import { resolvedId, type RowLink } from '../../links/linkResolver';
import type { LinkRef } from '../../links/linkRefs';
import type { ApiRequest, Row } from '../../http/request';

/** The dimensions the editor lists for Group By. */
const GROUP_BY_VALUES = [
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
];

const GROUP_BY = { label: 'Group By', parameter: 'groupBy' };

const QUERY_PARAMETERS = { label: 'Query Parameters', parameter: 'queryParameters' };

const settledBy = (name: string, field: string) =>
	`"${name}" differs from the ${field} field, which sets it: remove it from Query Parameters`;

/** What Get Clicks and Export Clicks send: Group By, the optional Link and the Query Parameters. */
export interface ClickRequest {
	groupBy: string;
	qs: IDataObject;
	link?: LinkRef;
}

/**
 * A row's analytics request, checked before any request: Group By is required (with
 * `listedOnly`, one of the dimensions the editor lists); the Link, when given, is read as
 * Link > Get reads it.
 */
export function clickRequestOf(
	row: Row,
	check: RowValidator,
	{ listedOnly }: { listedOnly: boolean },
): ClickRequest {
	const groupBy = String(row.parameter('groupBy', '')).trim();
	if (!groupBy) check.fail(GROUP_BY, 'choose a dimension such as country or day');
	if (listedOnly && !GROUP_BY_VALUES.includes(groupBy)) {
		check.fail(GROUP_BY, `"${groupBy}" is not a dimension: use ${GROUP_BY_VALUES.join(', ')}`);
	}
	const locator = linkLocatorOf(row);
	const ref = String(locator?.value ?? '').trim() === '' ? undefined : locatorRefOf(locator, check);
	const qs: IDataObject = { group_by: groupBy };
	const { parameter = [] } = row.parameter<{
		parameter?: Array<{ name?: string; value?: string }>;
	}>('queryParameters', {});
	for (const { name, value } of parameter) if (name) qs[name] = value;
	// A query parameter may repeat a field, never contradict it: the output names the field's value.
	if (qs.group_by !== groupBy) check.fail(QUERY_PARAMETERS, settledBy('group_by', 'Group By'));
	if (ref && qs.link_id !== undefined && qs.link_id !== (ref.kind === 'id' ? ref.id : undefined))
		check.fail(QUERY_PARAMETERS, settledBy('link_id', 'Link'));
	return { groupBy, qs, link: ref };
}

/** Where a click request names its Link, for the run's plan (`resolvingLinks`). */
export const CLICK_LINK: RowLink<ClickRequest> = {
	refOf: (request) => request.link,
	withId: (request, id) => ({ ...request, link: { kind: 'id', id } }),
};

/** The analytics request of a checked row, its Link by id once the plan has looked it up. */
export function sentClickRequest({ qs, link }: ClickRequest): ApiRequest {
	const query = link ? { ...qs, link_id: resolvedId(link) } : qs;
	return { method: 'GET', url: CLICKS_PATH, qs: query };
}

/** The Link Details option; `lookUp` says how the details are read. */
export function linkDetailsOption(lookUp: string): INodeProperties {
	return {
		displayName: 'Link Details',
		name: 'linkDetails',
		type: 'boolean',
		default: false,
		description: `Whether to add each link's short URL, long URL and title to its group (Group By: Link), ${lookUp}`,
	};
}

const displayOptions = showFor('analytics', ['getClicks', 'exportClicks']);

/** The fields of the analytics request, shown for Get Clicks and Export Clicks alike. */
export const clickRequestFields: INodeProperties[] = [
	{
		displayName: 'Group By',
		name: 'groupBy',
		type: 'options',
		options: GROUP_BY_VALUES.map((value) => ({
			name: value === 'os' ? 'OS' : value.charAt(0).toUpperCase() + value.slice(1),
			value,
		})),
		default: 'day',
		required: true,
		description:
			'The dimension to group clicks by, one group per day, country, link… (Get Clicks also takes, by expression, any other value the server accepts)',
		displayOptions,
	},
	linkLocator(displayOptions, {
		required: false,
		description: "Only this link's clicks; leave empty for every link of the account",
	}),
	{
		displayName: 'Query Parameters',
		name: 'queryParameters',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Parameter',
		default: {},
		description: 'Further query parameters for the analytics request, such as a date range',
		displayOptions,
		options: [
			{
				displayName: 'Parameter',
				name: 'parameter',
				values: [
					{
						displayName: 'Name',
						name: 'name',
						type: 'string',
						default: '',
						placeholder: 'e.g. from',
						description: 'Name of the query parameter, as the API spells it',
					},
					{
						displayName: 'Value',
						name: 'value',
						type: 'string',
						default: '',
						placeholder: 'e.g. 2026-01-01',
						description: 'Value of the query parameter, sent as it is',
					},
				],
			},
		],
	},
];
