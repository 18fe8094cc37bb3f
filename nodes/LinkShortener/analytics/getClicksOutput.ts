import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { Row } from '../http/row';

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
 * The output of Analytics > Get Clicks for one row: each element read as a group (D16), the
 * Top N, at most 50 groups for an AI agent unless Top asks for fewer, and with Link Details each
 * link's short URL, long URL and title.
 */
export async function clickGroupsOutput(
	records: IDataObject[],
	row: Row,
): Promise<INodeExecutionData[]> {
	const { context } = row;
	const groupBy = String(row.parameter('groupBy', '')).trim();
	const options = row.parameter<IDataObject>('options', {});
	const asked = Math.max(0, Math.floor(Number(options.top ?? 0)) || 0);
	const top = runsAsTool(context.getNode())
		? Math.min(asked || TOOL_RESULT_LIMIT, TOOL_RESULT_LIMIT)
		: asked;
	const groups = topGroups(
		clickGroupsOf(records, groupBy, context.getNode(), row.index),
		top,
		groupBy,
	);
	let output: IDataObject[] = groups;
	if (options.linkDetails === true && groupBy === 'link') {
		const { links } = await linksById(
			row.api,
			groups.map((group) => group.value),
		);
		output = groups.map((group) => withLink(group, links.get(group.value)));
	}
	return output.map((json) => ({ json }));
}
