import type { IDataObject, IDisplayOptions, INodeProperties } from 'n8n-workflow';

import { isSet, RowValidator } from '../fields/validation';
import type { Row } from '../http/request';

const FILTERS = {
	createdAfter: { label: 'Created After', parameter: 'filters.createdAfter' },
	createdBefore: { label: 'Created Before', parameter: 'filters.createdBefore' },
	userIds: { label: 'User IDs', parameter: 'filters.userIds' },
};

/** The "Filters" of a link listing: Get Many and Export read the same links. */
export function linkFilters(displayOptions: IDisplayOptions): INodeProperties {
	return {
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
	};
}

/** The list body of a row's filters, checked and in the shapes the API takes; empty ones are left out. */
export function filterBodyOf(row: Row): IDataObject {
	const check = new RowValidator(row.context.getNode(), row.index);
	const {
		search,
		userIds,
		createdAfter: after,
		createdBefore: before,
	} = row.parameter<IDataObject>('filters', {});
	const body: IDataObject = {};
	if (isSet(search)) body.search = String(search);
	if (isSet(userIds)) body.user = check.uuidList(userIds, FILTERS.userIds);
	if (isSet(after) || isSet(before)) {
		body.createdAt = {
			...(isSet(after) && { after: check.day(after, FILTERS.createdAfter) }),
			...(isSet(before) && { before: check.day(before, FILTERS.createdBefore) }),
		};
	}
	return body;
}
