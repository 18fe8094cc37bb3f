import type {
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeParameterResourceLocator,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { apiPathsOptions, showFor } from '../../shared/fields';
import { linkIdOf, linkLocator } from '../../shared/linkLocator';
import { validateBeforeSending } from '../../shared/rowGuard';
import { checkingQrOptions, outputQrCodes, qrCodeOptions } from '../../shared/qrOutput';
import { outputRecords, rememberRequest } from '../../shared/transport';
import { RowValidator } from '../../shared/validation';

const displayOptions = showFor('link', ['get']);

/**
 * Checks the link ID. A short URL given instead has to be looked up first, which routing
 * cannot express: only then does the path carry the link's ID.
 */
async function resolveLink(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	const id = await linkIdOf(this, new RowValidator(this.getNode(), this.getItemIndex()));
	if ((this.getNodeParameter('linkId') as INodeParameterResourceLocator).mode === 'url') {
		requestOptions.url = `/v1/links/${id}`;
	}
	return requestOptions;
}

export const get: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	description: 'Get one link by its ID or short URL',
	action: 'Get a link',
	routing: {
		request: { method: 'GET', url: '=/v1/links/{{ String($parameter.linkId).trim() }}' },
		send: { preSend: [...validateBeforeSending(checkingQrOptions(resolveLink)), rememberRequest] },
		output: { postReceive: [outputRecords, outputQrCodes] },
	},
};

export const getFields: INodeProperties[] = [
	linkLocator(displayOptions),
	apiPathsOptions(displayOptions, ...qrCodeOptions),
];
