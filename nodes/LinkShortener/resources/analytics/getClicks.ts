import type {
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { showFor } from '../../fields/commonFields';
import { RowValidator } from '../../fields/validation';
import { routedOperation } from '../../routing/routedOperation';

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

async function requireGroupBy(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	const groupBy = String(this.getNodeParameter('groupBy', '')).trim();
	if (!groupBy) {
		new RowValidator(this.getNode(), this.getItemIndex()).fail(
			{ label: 'Group By', parameter: 'groupBy' },
			'choose a dimension such as country or day',
		);
	}
	return requestOptions;
}

export const getClicks: INodePropertyOptions = routedOperation({
	name: 'Get Clicks',
	value: 'getClicks',
	description: 'Get click counts grouped by a dimension such as day, country or browser',
	action: 'Get click analytics',
	request: { method: 'GET', url: '/v1/analytics/clicks' },
	check: requireGroupBy,
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
		displayOptions: showFor('analytics', ['getClicks']),
		routing: { send: { type: 'query', property: 'group_by' } },
	},
	{
		displayName: 'Query Parameters',
		name: 'queryParameters',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Parameter',
		default: {},
		description: 'Further query parameters for the analytics request, such as a date range',
		displayOptions: showFor('analytics', ['getClicks']),
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
];
