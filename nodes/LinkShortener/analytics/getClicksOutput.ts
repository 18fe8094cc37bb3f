import type { IDataObject, IExecuteSingleFunctions, INodeExecutionData } from 'n8n-workflow';

import { runsAsTool, TOOL_RESULT_LIMIT } from '../fields/toolMode';
import { linksById } from '../links/linksById';
import { clickGroupsOf, topGroups, type ClickGroup } from './clickGroups';

/** What Link Details adds to a group of Group By "link". */
function withLink(group: ClickGroup, link: IDataObject | undefined): IDataObject {
	if (!link) return { ...group, linkFound: false };
	const { shortUrl, longUrl, title } = link;
	return { ...group, shortUrl, longUrl, title, linkFound: true };
}

/**
 * postReceive of Analytics > Get Clicks, after outputRecords: each element read as a group
 * (D16), the Top N, at most 50 groups for an AI agent unless Top asks for fewer, and with Link
 * Details each link's short URL, long URL and title.
 */
export async function outputClickGroups(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const groupBy = String(this.getNodeParameter('groupBy', '')).trim();
	const options = this.getNodeParameter('options', {}) as IDataObject;
	const asked = Math.max(0, Math.floor(Number(options.top ?? 0)) || 0);
	const top = runsAsTool(this.getNode())
		? Math.min(asked || TOOL_RESULT_LIMIT, TOOL_RESULT_LIMIT)
		: asked;
	const row = this.getItemIndex();
	const groups = topGroups(
		clickGroupsOf(
			items.map((item) => item.json),
			groupBy,
			this.getNode(),
			row,
		),
		top,
		groupBy,
	);
	let records: IDataObject[] = groups;
	if (options.linkDetails === true && groupBy === 'link') {
		const { links } = await linksById(
			this,
			groups.map((group) => group.value),
		);
		records = groups.map((group) => withLink(group, links.get(group.value)));
	}
	return records.map((json) => ({ json, pairedItem: { item: row } }));
}
