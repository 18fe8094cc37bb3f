import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { apiPathsOptions, createLinkFields, showFor } from '../../fields/commonFields';
import { createLinkBody } from '../../links/linkBodies';
import {
	ifExistsOption,
	markLinkCreated,
	rememberingLongUrl,
	returnExistingLink,
} from '../../links/ifExists';
import { checkingQrOptions, outputQrCodes, qrCodeOptions } from '../../qr/binaryOutput';
import { RowValidator } from '../../fields/validation';
import { routedOperation } from '../../routing/routedOperation';
import { apiPathsOf, LINK_PATHS, linkPaths } from '../../http/endpoints';

const displayOptions = showFor('link', ['create']);

/** The body routing put together, checked and in the shapes the API takes (tags, dates, extra fields). */
async function checkLink(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	const check = new RowValidator(this.getNode(), this.getItemIndex());
	requestOptions.body = createLinkBody(requestOptions.body as IDataObject, check);
	return requestOptions;
}

export const create: INodePropertyOptions = routedOperation({
	name: 'Create',
	value: 'create',
	description: 'Shorten a long URL into a new short link',
	action: 'Create a short link',
	request: { method: 'POST', ...linkPaths('create') },
	check: rememberingLongUrl(checkingQrOptions(checkLink)),
	beforeSending: [returnExistingLink((context) => LINK_PATHS[apiPathsOf(context)].list)],
	postReceive: [markLinkCreated, outputQrCodes],
});

export const createFields: INodeProperties[] = [
	...createLinkFields(displayOptions, 'body'),
	apiPathsOptions(displayOptions, ifExistsOption, ...qrCodeOptions),
];
