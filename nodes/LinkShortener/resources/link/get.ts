import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { eachRow, itemsOf } from '../../batches/eachRow';
import { operationRun } from '../../batches/engine';
import { apiPathsOption, optionsCollection, showFor } from '../../fields/commonFields';
import { linkPath, linkPathsOf } from '../../http/endpoints';
import { linkLocator, linkLocatorOf, locatorRefOf } from '../../links/linkLocator';
import { resolvedId, resolvingLinks } from '../../links/linkResolver';
import type { LinkRef } from '../../links/linkRefs';
import { addQrCodes, qrCodeOptions, qrSettingsOf } from '../../qr/binaryOutput';

const displayOptions = showFor('link', ['get']);

interface Checked {
	link: LinkRef;
	options: IDataObject;
	qrCodes: ReturnType<typeof qrSettingsOf>;
}

/** Link > Get: GET /v1/links/{id}; the run's plan looks its short URLs up first. */
export const run = operationRun<Checked>((run) => ({
	check: (row, check) => {
		const options = row.parameter<IDataObject>('options', {});
		const qrCodes = qrSettingsOf(row.context.getNode(), options, check);
		return { link: locatorRefOf(linkLocatorOf(row), check), options, qrCodes };
	},
	plan: resolvingLinks(run.api, {
		refOf: ({ link }) => link,
		listUrlOf: ({ options }) => linkPathsOf(options).list,
		withId: (checked, id) => ({ ...checked, link: { kind: 'id', id } }),
	}),
	send: eachRow(run, {
		send: async ({ link }, row) => {
			const url = linkPath(resolvedId(link));
			return itemsOf(await row.api.records({ method: 'GET', url }, row.index));
		},
	}),
	finish: async (items, checkedOf) =>
		await addQrCodes(run.context, items, (row) => checkedOf(row)?.qrCodes, 'read'),
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
