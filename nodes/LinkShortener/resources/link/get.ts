import type {
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeParameterResourceLocator,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { apiPathsOptions, showFor } from '../../fields/commonFields';
import { linkIdOf, linkLocator } from '../../links/linkLocator';
import { checkingQrOptions, outputQrCodes, qrCodeOptions } from '../../qr/binaryOutput';
import { RowValidator } from '../../fields/validation';
import { routedOperation } from '../../routing/routedOperation';

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

export const get: INodePropertyOptions = routedOperation({
	name: 'Get',
	value: 'get',
	description: 'Get one link by its ID or short URL',
	action: 'Get a link',
	request: { method: 'GET', url: '=/v1/links/{{ String($parameter.linkId).trim() }}' },
	check: checkingQrOptions(resolveLink),
	postReceive: [outputQrCodes],
});

export const getFields: INodeProperties[] = [
	linkLocator(displayOptions),
	apiPathsOptions(displayOptions, ...qrCodeOptions),
];
