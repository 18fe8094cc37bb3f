import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { updateLinkElement, type LinkUpdateFields } from '../requests/linkBodies';
import type { FieldName, RowValidator } from '../validation';
import type { MappingMode } from './options';
import type { ElementBuilder } from './rows';

const AUTO_MAPPED_ID: FieldName = { label: 'ID', parameter: 'id' };
const DEFINED_CHANGES: FieldName = { label: 'Update Fields', parameter: 'updateFields' };
const AUTO_MAPPED_CHANGES: FieldName = { label: 'fields to update', parameter: 'longUrl, title, expiredAt, tags' };

/** How each input row becomes one element of the bulk-update body. */
export function updateElementBuilder(context: IExecuteFunctions, mode: MappingMode): ElementBuilder {
	if (mode === 'autoMap') {
		// The fast path: the item's own fields, no expression evaluated per row.
		const items = context.getInputData();
		return (row, check) => {
			const json = items[row].json;
			return elementWithChanges(json.id, autoMappedChanges(json), check, AUTO_MAPPED_ID, AUTO_MAPPED_CHANGES);
		};
	}
	return (row, check) =>
		elementWithChanges(
			context.getNodeParameter('linkId', row),
			context.getNodeParameter('updateFields', row, {}) as IDataObject,
			check,
			undefined,
			DEFINED_CHANGES,
		);
}

/** An update that changes nothing cannot be what the user meant: refuse it like any bad row. */
function elementWithChanges(
	id: unknown,
	changes: LinkUpdateFields,
	check: RowValidator,
	idField: FieldName | undefined,
	changesField: FieldName,
): IDataObject {
	const element = updateLinkElement(id, changes, check, idField);
	if (Object.keys(element).length === 1) check.fail(changesField, 'there is nothing to change: set at least one of longUrl, title, expiredAt, tags');
	return element;
}

function autoMappedChanges(json: IDataObject): LinkUpdateFields {
	return { longUrl: json.longUrl, title: json.title, expiredAt: json.expiredAt, tags: json.tags };
}
