import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeParameterResourceLocator,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { outputClickGroups } from '../../analytics/getClicksOutput';
import { showFor } from '../../fields/commonFields';
import { RowValidator } from '../../fields/validation';
import { linkIdOf, linkLocator } from '../../links/linkLocator';
import { routedOperation } from '../../routing/routedOperation';

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

/** Group By is required; the optional Link is sent as `link_id` (a short URL looked up first). */
async function checkRow(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	const check = new RowValidator(this.getNode(), this.getItemIndex());
	const groupBy = String(this.getNodeParameter('groupBy', '')).trim();
	if (!groupBy)
		check.fail(
			{ label: 'Group By', parameter: 'groupBy' },
			'choose a dimension such as country or day',
		);
	const options = this.getNodeParameter('options', {}) as IDataObject;
	const top = options.top ?? 0;
	if (!Number.isInteger(Number(top)) || Number(top) < 0)
		check.fail(
			{ label: 'Top', parameter: 'options.top' },
			'give a whole number, 0 for every group',
		);
	const locator = this.getNodeParameter('linkId', {
		mode: 'list',
		value: '',
	}) as INodeParameterResourceLocator;
	if (String(locator?.value ?? '').trim() !== '')
		requestOptions.qs = { ...requestOptions.qs, link_id: await linkIdOf(this, check) };
	return requestOptions;
}

export const getClicks: INodePropertyOptions = routedOperation({
	name: 'Get Clicks',
	value: 'getClicks',
	description: 'Get click counts grouped by a dimension such as day, country or browser',
	action: 'Get click analytics',
	request: { method: 'GET', url: '/v1/analytics/clicks' },
	check: checkRow,
	postReceive: [outputClickGroups],
});

export const getClicksFields: INodeProperties[] = [
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
		routing: { send: { type: 'query', property: 'group_by' } },
	},
	linkLocator(displayOptions, undefined, {
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
						routing: {
							send: { type: 'query', property: '={{$parent.name}}', value: '={{$parent.value}}' },
						},
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
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions,
		options: [
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
		],
	},
];
