import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { createLinkBody, type LinkFields } from '../requests/linkBodies';
import type { MappingMode } from './options';
import type { ElementBuilder } from './rows';

/** How each input row becomes one element of the bulk-create body. */
export function createElementBuilder(context: IExecuteFunctions, mode: MappingMode): ElementBuilder {
	if (mode === 'autoMap') {
		// The fast path: the item's own fields, no expression evaluated per row.
		const items = context.getInputData();
		return (row, check) => createLinkBody(autoMappedFields(items[row].json), check);
	}
	return (row, check) =>
		createLinkBody(
			{
				longUrl: context.getNodeParameter('longUrl', row),
				title: context.getNodeParameter('title', row, ''),
				...(context.getNodeParameter('additionalFields', row, {}) as IDataObject),
			},
			check,
		);
}

/** Only the fields a link is created from; any other field of the item is ignored. */
function autoMappedFields(json: IDataObject): LinkFields {
	return {
		longUrl: json.longUrl,
		title: json.title,
		path: json.path,
		domain: json.domain,
		expiredAt: json.expiredAt,
		tags: json.tags,
	};
}
