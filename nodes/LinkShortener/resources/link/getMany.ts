import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { apiPathsOptions, returnAllOrLimit, showFor } from '../../fields/commonFields';
import { paginate } from '../../paging/pager';
import { checkingQrOptions, paginateWithQrCodes, qrCodeOptions } from '../../qr/binaryOutput';
import { isSet, RowValidator } from '../../fields/validation';
import { routedOperation } from '../../routing/routedOperation';
import { linkPaths } from '../../http/endpoints';
import { linksForModels } from '../../links/forModels';

const displayOptions = showFor('link', ['getMany']);

const FILTERS = {
	createdAfter: { label: 'Created After', parameter: 'filters.createdAfter' },
	createdBefore: { label: 'Created Before', parameter: 'filters.createdBefore' },
	userIds: { label: 'User IDs', parameter: 'filters.userIds' },
};

/** The filters routing put in the body, checked and in the shapes the API takes; empty ones are left out. */
async function checkFilters(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	const check = new RowValidator(this.getNode(), this.getItemIndex());
	const { search, user, createdAt = {}, order } = requestOptions.body as IDataObject;
	const { after, before } = createdAt as IDataObject;
	const body: IDataObject = {};
	if (isSet(search)) body.search = String(search);
	if (isSet(user)) body.user = check.uuidList(user, FILTERS.userIds);
	if (isSet(after) || isSet(before)) {
		body.createdAt = {
			...(isSet(after) && { after: check.day(after, FILTERS.createdAfter) }),
			...(isSet(before) && { before: check.day(before, FILTERS.createdBefore) }),
		};
	}
	if (order) body.order = order;
	requestOptions.body = body;
	return requestOptions;
}

export const getMany: INodePropertyOptions = routedOperation({
	name: 'Get Many',
	value: 'getMany',
	description:
		'List and search links, newest first unless sorted otherwise (as an AI agent’s tool: at most 50, with the fields a model needs)',
	action: 'Get many links',
	request: { method: 'POST', ...linkPaths('list') },
	check: checkingQrOptions(checkFilters),
	paginate: linksForModels(paginateWithQrCodes(paginate)),
});

export const getManyFields: INodeProperties[] = [
	...returnAllOrLimit('link'),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions,
		options: [
			{
				displayName: 'Created After',
				name: 'createdAfter',
				type: 'dateTime',
				default: '',
				description: 'Only links created on or after this day',
				routing: { send: { type: 'body', property: 'createdAt.after' } },
			},
			{
				displayName: 'Created Before',
				name: 'createdBefore',
				type: 'dateTime',
				default: '',
				description: 'Only links created on or before this day',
				routing: { send: { type: 'body', property: 'createdAt.before' } },
			},
			{
				displayName: 'Search',
				name: 'search',
				type: 'string',
				default: '',
				description: 'Text matched against the title, long URL, path and ID',
				routing: { send: { type: 'body', property: 'search' } },
			},
			{
				displayName: 'User IDs',
				name: 'userIds',
				type: 'string',
				default: '',
				placeholder: 'e.g. 6c1c4f0e-0b8e-4d5a-9a57-2f3f1d2e4b5c',
				description: 'Only links of these users: comma-separated user UUIDs',
				routing: { send: { type: 'body', property: 'user' } },
			},
		],
	},
	{
		displayName: 'Sort',
		name: 'sort',
		type: 'collection',
		placeholder: 'Add Sort',
		default: {},
		displayOptions,
		options: [
			{
				displayName: 'Direction',
				name: 'direction',
				type: 'options',
				options: [
					{ name: 'Ascending', value: 'asc' },
					{ name: 'Descending', value: 'desc' },
				],
				default: 'desc',
				description: 'Ascending: oldest, soonest to expire, or A to Z first',
			},
			{
				displayName: 'Field',
				name: 'field',
				type: 'options',
				options: [
					{ name: 'Created At', value: 'createdAt' },
					{ name: 'Expires At', value: 'expiredAt' },
					{ name: 'Title', value: 'title' },
				],
				default: 'createdAt',
				description: 'The link field to sort by; without a sort, the newest links come first',
				routing: {
					send: {
						type: 'body',
						property: 'order',
						value: '={{ { [$value]: $parameter.sort.direction || "desc" } }}',
					},
				},
			},
		],
	},
	apiPathsOptions(displayOptions, ...qrCodeOptions),
];
