import type {
	IDataObject,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { eachRow } from '../../batches/eachRow';
import { operationRun } from '../../batches/engine';
import { resolvingLinks } from '../../links/linkResolver';
import { optionsCollection, showFor } from '../../fields/commonFields';
import { hintWhenMany } from '../../fields/runHints';
import { answerCap } from '../../n8n/toolMode';
import type { RowValidator } from '../../fields/validation';
import { foldRecords } from '../../http/streamedRecords';
import { clickGroupOf, topGroups, type ClickGroup } from '../../links/clickGroups';
import { linksById } from '../../links/linksById';
import type { Row } from '../../http/request';
import {
	CLICK_LINK,
	clickRequestOf,
	type ClickRequest,
	linkDetailsOption,
	sentClickRequest,
} from './clickRequest';

const displayOptions = showFor('analytics', ['getClicks']);

/** A checked row: its request, and its Top (0: every group). */
interface Checked {
	request: ClickRequest;
	top: number;
}

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
async function clickGroupsOutput(
	groups: ClickGroup[],
	{ request: { groupBy }, top: asked }: Checked,
	row: Row,
): Promise<INodeExecutionData[]> {
	const { context } = row;
	// Top 0 is every group: for an AI agent, the answer cap.
	const top = answerCap(context.getNode(), asked || Infinity);
	let output: IDataObject[] = topGroups(groups, Number.isFinite(top) ? top : 0, groupBy);
	const options = row.parameter<IDataObject>('options', {});
	if (options.linkDetails === true && groupBy === 'link') {
		// Not in the plan: the ids to look up are the answer's, known only once it is read.
		const ids = output.map((group) => group.value as string);
		const { links } = await linksById(row.api, ids);
		output = (output as ClickGroup[]).map((group) => withLink(group, links.get(group.value)));
	}
	hintWhenMany(context, output.length, {
		gave: 'Get Clicks gave',
		record: 'group',
		instead: 'For every group in a file, use Analytics > Export Clicks to File',
	});
	return output.map((json) => ({ json }));
}

/** A row's request (Group By, the optional Link, the Query Parameters); Top a whole number. */
function checkRow(row: Row, check: RowValidator): Checked {
	const request = clickRequestOf(row, check, { listedOnly: false });
	const top = Number(row.parameter<IDataObject>('options', {}).top ?? 0);
	if (!Number.isInteger(top) || top < 0)
		check.fail(
			{ label: 'Top', parameter: 'options.top' },
			'give a whole number, 0 for every group',
		);
	return { request, top };
}

/**
 * Analytics > Get Clicks: GET /v1/analytics/clicks, each element read as a group (D16) as the
 * answer arrives: the answer is never held whole as text beside its items.
 */
export const run = operationRun<Checked>((run) => ({
	check: checkRow,
	plan: resolvingLinks<Checked>(run.api, {
		refOf: ({ request }) => CLICK_LINK.refOf(request),
		withId: (checked, id) => ({ ...checked, request: CLICK_LINK.withId(checked.request, id) }),
	}),
	send: eachRow(run, {
		send: async (checked, row) => {
			const node = row.context.getNode();
			const { groupBy } = checked.request;
			const groups = await foldRecords(
				row.api,
				sentClickRequest(checked.request),
				() => [] as ClickGroup[],
				(kept, element, position) =>
					kept.push(clickGroupOf(element, position, groupBy, node, row.index)),
			);
			return await clickGroupsOutput(groups, checked, row);
		},
	}),
}));

export const operation: INodePropertyOptions = {
	name: 'Get Clicks',
	value: 'getClicks',
	description: 'Get click counts grouped by a dimension such as day, country or browser',
	action: 'Get click analytics',
};

export const fields: INodeProperties[] = [
	optionsCollection(
		displayOptions,
		linkDetailsOption(
			'looked up at the cost of one listing or one request per link, whichever is cheaper',
		),
		{
			displayName: 'Top',
			name: 'top',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 0,
			description:
				'Only the N groups with the most clicks; for Day, Week and Month the N latest periods, oldest first. 0 gives every group.',
		},
	),
];
