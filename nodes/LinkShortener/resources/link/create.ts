import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { apiPathsOptions, createLinkFields, showFor } from '../../shared/fields';
import { createLinkBody } from '../../shared/linkBodies';
import { validateBeforeSending } from '../../shared/rowGuard';
import { ifExistsOption, markLinkCreated, rememberingLongUrl, returnExistingLink } from '../../shared/ifExists';
import { checkingQrOptions, outputQrCodes, qrCodeOptions } from '../../shared/qrOutput';
import { apiPathsOf } from '../../shared/linkLocator';
import { LINK_PATHS, outputRecords, rememberRequest } from '../../shared/transport';
import { RowValidator } from '../../shared/validation';

const displayOptions = showFor('link', ['create']);

/** The body routing put together, checked and in the shapes the API takes (tags, dates, extra fields). */
async function checkLink(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	const check = new RowValidator(this.getNode(), this.getItemIndex());
	requestOptions.body = createLinkBody(requestOptions.body as IDataObject, check);
	return requestOptions;
}

export const create: INodePropertyOptions = {
	name: 'Create',
	value: 'create',
	description: 'Shorten a long URL into a new short link',
	action: 'Create a short link',
	routing: {
		request: {
			method: 'POST',
			url: '={{ $parameter.options.apiPaths === "legacy" ? "/public/links" : "/v1/links/" }}',
		},
		send: {
			preSend: [
				...validateBeforeSending(rememberingLongUrl(checkingQrOptions(checkLink))),
				returnExistingLink((context) => LINK_PATHS[apiPathsOf(context)].list),
				rememberRequest,
			],
		},
		output: { postReceive: [outputRecords, markLinkCreated, outputQrCodes] },
	},
};

export const createFields: INodeProperties[] = [
	...createLinkFields(displayOptions, 'body'),
	apiPathsOptions(displayOptions, ifExistsOption, ...qrCodeOptions),
];
