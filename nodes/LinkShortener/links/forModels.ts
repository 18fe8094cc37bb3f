import type { IDataObject, INode, INodeExecutionData } from 'n8n-workflow';

import { runsAsTool } from '../fields/toolMode';

/** The fields of a link a model acts on; the rest (owner, domain id, internal dates) only fills its context. */
const FIELDS_FOR_MODELS = [
	'id',
	'shortUrl',
	'longUrl',
	'title',
	'tags',
	'createdAt',
	'expiredAt',
	'totalNumberOfClick',
];

function linkForModels(link: IDataObject): IDataObject {
	const kept: IDataObject = {};
	for (const field of FIELDS_FOR_MODELS) if (link[field] !== undefined) kept[field] = link[field];
	if (Array.isArray(kept.tags))
		kept.tags = kept.tags.map((tag) => (tag as IDataObject)?.name ?? tag);
	return kept;
}

/** Get Many as a tool: each link with the fields a model needs (the pager already stops at TOOL_RESULT_LIMIT). */
export function linksForModels(node: INode, items: INodeExecutionData[]): INodeExecutionData[] {
	if (!runsAsTool(node)) return items;
	return items.map((item) => ({ ...item, json: linkForModels(item.json), binary: undefined }));
}
