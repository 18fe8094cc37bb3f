import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { itemsOf, rowOperation } from '../../batches/eachRow';
import { apiPathsOption, optionsCollection, showFor } from '../../fields/commonFields';
import { RowValidator } from '../../fields/validation';
import { linkPath, linkPathsOf } from '../../http/endpoints';
import { linkLocator, linkLocatorOf, locatorRefOf } from '../../links/linkLocator';
import { linkIdOf, rememberLink } from '../../links/linkResolver';
import { addQrCodes, qrCodeOptions, qrSettingsOf } from '../../qr/binaryOutput';

const displayOptions = showFor('link', ['get']);

/** Link > Get: GET /v1/links/{id}; a short URL is looked up first. */
export const run = rowOperation(() => ({
	check: (row) => {
		const options = row.parameter<IDataObject>('options', {});
		const qrCodes = qrSettingsOf(row.context.getNode(), options);
		const check = new RowValidator(row.context.getNode(), row.index);
		const link = locatorRefOf(linkLocatorOf(row), check);
		return { link: rememberLink(row.api, link, linkPathsOf(options).list), options, qrCodes };
	},
	send: async ({ link, options, qrCodes }, row) => {
		const listUrl = linkPathsOf(options).list;
		const id = await linkIdOf(row.api, link, listUrl, { itemIndex: row.index });
		const url = linkPath(id);
		const records = await row.api.records({ method: 'GET', url }, row.index);
		return await addQrCodes(row.context, qrCodes, itemsOf(records));
	},
}));

export const operation: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	description: 'Get one link by its ID or short URL',
	action: 'Get a link',
};

export const fields: INodeProperties[] = [
	linkLocator(displayOptions),
	optionsCollection(displayOptions, apiPathsOption, ...qrCodeOptions),
];
