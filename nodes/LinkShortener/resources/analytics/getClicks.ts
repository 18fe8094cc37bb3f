import type {
	IDataObject,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { rowOperation } from '../../batches/eachRow';
import { optionsCollection, showFor } from '../../fields/commonFields';
import { runsAsTool, TOOL_RESULT_LIMIT } from '../../n8n/toolMode';
import { RowValidator } from '../../fields/validation';
import { CLICKS_PATH, LINK_PATHS } from '../../http/endpoints';
import { clickGroupsOf, topGroups, type ClickGroup } from '../../links/clickGroups';
import { linksById } from '../../links/linksById';
import { linkIdOf, linkLocator, linkLocatorOf, locatedLinkOf } from '../../links/linkLocator';
import type { Row } from '../../http/request';

const displayOptions = showFor('analytics', ['getClicks']);

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

/** What Link Details adds to a group of Group By "link". */
function withLink(group: ClickGroup, link: IDataObject | undefined): IDataObject {
	if (!link) return { ...group, linkFound: false };
	const { shortUrl, longUrl, title } = link;
	return { ...group, shortUrl, longUrl, title, linkFound: true };
}

/**
 * The output of Analytics > Get Clicks for one row: each element read as a group (D16), the
 * Top N, at most 50 groups for an AI agent unless Top asks for fewer, and with Link Details each
 * link's short URL, long URL and title.
 */
async function clickGroupsOutput(records: IDataObject[], row: Row): Promise<INodeExecutionData[]> {
	const { context } = row;
	const groupBy = String(row.parameter('groupBy', '')).trim();
	const options = row.parameter<IDataObject>('options', {});
	const asked = Math.max(0, Math.floor(Number(options.top ?? 0)) || 0);
	const top = runsAsTool(context.getNode())
		? Math.min(asked || TOOL_RESULT_LIMIT, TOOL_RESULT_LIMIT)
		: asked;
	const groups = topGroups(
		clickGroupsOf(records, groupBy, context.getNode(), row.index),
		top,
		groupBy,
	);
	let output: IDataObject[] = groups;
	if (options.linkDetails === true && groupBy === 'link') {
		const ids = groups.map((group) => group.value);
		const { links } = await linksById(row.api, ids);
		output = groups.map((group) => withLink(group, links.get(group.value)));
	}
	return output.map((json) => ({ json }));
}

/** A row's request: Group By is required; Top a whole number; the optional Link is sent as `link_id`. */
function checkRow(row: Row) {
	const check = new RowValidator(row.context.getNode(), row.index);
	const groupBy = String(row.parameter('groupBy', '')).trim();
	if (!groupBy)
		check.fail(
			{ label: 'Group By', parameter: 'groupBy' },
			'choose a dimension such as country or day',
		);
	const options = row.parameter<IDataObject>('options', {});
	const top = options.top ?? 0;
	if (!Number.isInteger(Number(top)) || Number(top) < 0)
		check.fail(
			{ label: 'Top', parameter: 'options.top' },
			'give a whole number, 0 for every group',
		);
	const locator = linkLocatorOf(row);
	const link =
		String(locator?.value ?? '').trim() === '' ? undefined : locatedLinkOf(locator, check);
	const qs: IDataObject = { group_by: groupBy };
	const { parameter = [] } = row.parameter<{
		parameter?: Array<{ name?: string; value?: string }>;
	}>('queryParameters', {});
	for (const { name, value } of parameter) if (name) qs[name] = value;
	return { qs, link };
}

/** Analytics > Get Clicks: GET /v1/analytics/clicks, each element read as a group (D16). */
export const run = rowOperation(() => ({
	check: checkRow,
	send: async ({ qs, link }, row) => {
		const found = { itemIndex: row.index };
		const query = link
			? { ...qs, link_id: await linkIdOf(row.api, link, LINK_PATHS.v1.list, found) }
			: qs;
		const request = { method: 'GET' as const, url: CLICKS_PATH, qs: query };
		return await clickGroupsOutput(await row.api.records(request, row.index), row);
	},
}));

export const operation: INodePropertyOptions = {
	name: 'Get Clicks',
	value: 'getClicks',
	description: 'Get click counts grouped by a dimension such as day, country or browser',
	action: 'Get click analytics',
};

export const fields: INodeProperties[] = [
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
			'The dimension to group clicks by; one output item per group. An expression can give any other value the server accepts.',
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
	optionsCollection(
		displayOptions,
		{
			displayName: 'Link Details',
			name: 'linkDetails',
			type: 'boolean',
			default: false,
			description:
				"Whether to add each link's short URL, long URL and title to its group (Group By: Link), looked up at the cost of one listing or one request per link, whichever is cheaper",
		},
		{
			displayName: 'Top',
			name: 'top',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 0,
			description:
				'Only the N groups with the most clicks; for Day, Week and Month the N latest periods, oldest first. 0 gives every group.',
		},
	),
];
