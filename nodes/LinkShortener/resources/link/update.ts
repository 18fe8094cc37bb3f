import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { apiPathsOptions, showFor, updateLinkFields } from '../../shared/fields';
import { updateLinkElement } from '../../shared/linkBodies';
import { linkIdOf, linkLocator } from '../../shared/linkLocator';
import { validateBeforeSending } from '../../shared/rowGuard';
import { BULK_UPDATE_PATH, outputRecords } from '../../shared/transport';
import { RowValidator } from '../../shared/validation';

const displayOptions = showFor('link', ['update']);

/**
 * The one element of the bulk update, checked: the changes routing put in the body and the
 * link's ID (a short URL given instead is looked up first).
 */
async function checkUpdate(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	const check = new RowValidator(this.getNode(), this.getItemIndex());
	const id = await linkIdOf(this, check);
	const element = updateLinkElement(id, requestOptions.body as IDataObject, check);
	requestOptions.body = [element] as unknown as IDataObject;
	return requestOptions;
}

export const update: INodePropertyOptions = {
	name: 'Update',
	value: 'update',
	description: "Change a link's destination, title, expiry or tags",
	action: 'Update a link',
	routing: {
		request: { method: 'PATCH', url: BULK_UPDATE_PATH },
		send: { preSend: validateBeforeSending(checkUpdate) },
		output: { postReceive: [outputRecords] },
	},
};

export const updateFields: INodeProperties[] = [
	linkLocator(displayOptions),
	updateLinkFields(displayOptions, 'body'),
	apiPathsOptions(displayOptions),
];
