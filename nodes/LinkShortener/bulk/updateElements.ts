import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import {
	UPDATE_PARAMETERS,
	updateLinkElement,
	type LinkUpdateFields,
	type UpdateFieldNames,
} from '../requests/linkBodies';
import type { MappingMode } from './options';
import type { ElementBuilder } from './rows';

const AUTO_MAPPED_FIELDS: UpdateFieldNames = {
	id: { label: 'ID', parameter: 'id' },
	changes: { label: 'fields to update', parameter: 'longUrl, title, expiredAt, tags' },
};

/** How each input row becomes one element of the bulk-update body. */
export function updateElementBuilder(context: IExecuteFunctions, mode: MappingMode): ElementBuilder {
	if (mode === 'autoMap') {
		// The fast path: the item's own fields, no expression evaluated per row.
		const items = context.getInputData();
		return (row, check) => {
			const json = items[row].json;
			return updateLinkElement(json.id, autoMappedChanges(json), check, AUTO_MAPPED_FIELDS);
		};
	}
	return (row, check) =>
		updateLinkElement(
			context.getNodeParameter('linkId', row),
			context.getNodeParameter('updateFields', row, {}) as IDataObject,
			check,
			UPDATE_PARAMETERS,
		);
}

function autoMappedChanges(json: IDataObject): LinkUpdateFields {
	return { longUrl: json.longUrl, title: json.title, expiredAt: json.expiredAt, tags: json.tags };
}
