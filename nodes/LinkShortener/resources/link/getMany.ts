import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { itemsOf, rowOperation } from '../../batches/eachRow';
import {
	apiPathsOption,
	optionsCollection,
	returnAllOrLimit,
	showFor,
} from '../../fields/commonFields';
import { isSet, RowValidator } from '../../fields/validation';
import { linkPathsOf } from '../../http/endpoints';
import { listRecords } from '../../paging/pager';
import { addQrCodes, qrCodeOptions, qrSettingsOf } from '../../qr/binaryOutput';
import type { Row } from '../../http/request';

const displayOptions = showFor('link', ['getMany']);

const FILTERS = {
	createdAfter: { label: 'Created After', parameter: 'filters.createdAfter' },
	createdBefore: { label: 'Created Before', parameter: 'filters.createdBefore' },
	userIds: { label: 'User IDs', parameter: 'filters.userIds' },
};

/** The list body of a row: its filters, checked and in the shapes the API takes; empty ones are left out. */
function listBodyOf(row: Row): IDataObject {
	const check = new RowValidator(row.context.getNode(), row.index);
	const filters = row.parameter<IDataObject>('filters', {});
	const sort = row.parameter<IDataObject>('sort', {});
	const { search, userIds, createdAfter: after, createdBefore: before } = filters;
	const body: IDataObject = {};
	if (isSet(search)) body.search = String(search);
	if (isSet(userIds)) body.user = check.uuidList(userIds, FILTERS.userIds);
	if (isSet(after) || isSet(before)) {
		body.createdAt = {
			...(isSet(after) && { after: check.day(after, FILTERS.createdAfter) }),
			...(isSet(before) && { before: check.day(before, FILTERS.createdBefore) }),
		};
	}
	if (sort.field) body.order = { [String(sort.field)]: sort.direction || 'desc' };
	return body;
}

/** Link > Get Many: the pages of POST /v1/links/list, through the pager. */
export const run = rowOperation(() => ({
	check: (row) => {
		const options = row.parameter<IDataObject>('options', {});
		const qrCodes = qrSettingsOf(row.context.getNode(), options);
		return { body: listBodyOf(row), url: linkPathsOf(options).list, qrCodes };
	},
	send: async ({ body, url, qrCodes }, row, { timeout }) => {
		const links = await listRecords(row, { method: 'POST', url, body, timeout });
		return await addQrCodes(row.context, qrCodes, itemsOf(links));
	},
}));

export const operation: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getMany',
	description:
		'List and search links, newest first unless sorted otherwise (as an AI agent’s tool: at most 50, with the fields a model needs)',
	action: 'Get many links',
};

export const fields: INodeProperties[] = [
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
			},
			{
				displayName: 'Created Before',
				name: 'createdBefore',
				type: 'dateTime',
				default: '',
				description: 'Only links created on or before this day',
			},
			{
				displayName: 'Search',
				name: 'search',
				type: 'string',
				default: '',
				description: 'Text matched against the title, long URL, path and ID',
			},
			{
				displayName: 'User IDs',
				name: 'userIds',
				type: 'string',
				default: '',
				placeholder: 'e.g. 6c1c4f0e-0b8e-4d5a-9a57-2f3f1d2e4b5c',
				description: 'Only links of these users: comma-separated user UUIDs',
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
			},
		],
	},
	optionsCollection(displayOptions, apiPathsOption, ...qrCodeOptions),
];
