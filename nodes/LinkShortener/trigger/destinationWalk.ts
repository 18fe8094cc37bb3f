import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import type { Api } from '../http/request';
import { listPages } from '../paging/pager';
import { startOfWalk, type WalkPosition } from './destinationState';
import { oldestFirstListing } from './linkFeed';

/** A link the walk reached, and where the walk stands once it is checked. */
export interface WalkStep {
	link: IDataObject;
	after: WalkPosition;
}

interface Stretch {
	steps: WalkStep[];
	/** The listing ended after the last step. */
	ended: boolean;
}

/**
 * The next links of the listing, oldest first, from `from`: it resumes after the link it
 * stopped at, found on its page; when that link is gone (deleted, so the pages moved up), it
 * resumes at the same offset, and the links that moved before it wait for the next pass.
 * Stops before `want` links or at the first link already `taken` this poll.
 */
async function stretchFrom(
	api: Api<IPollFunctions>,
	from: WalkPosition,
	want: number,
	taken: Set<string>,
): Promise<Stretch> {
	const steps: WalkStep[] = [];
	const firstPage =
		from.offset > 0 && from.pageSize > 0 ? Math.floor((from.offset - 1) / from.pageSize) + 1 : 1;
	const pager = listPages(api, oldestFirstListing(), {
		firstPage,
		servedPageSize: from.pageSize || undefined,
		repeats: 'skip',
		pagesWanted: (served) => Math.ceil(want / served) + 2,
	});
	for await (const page of pager) {
		let start = 0;
		if (page.number === firstPage && from.offset > 0) {
			const at = page.records.findIndex((link) => String(link.id) === from.lastId);
			start = at >= 0 ? at + 1 : Math.max(0, from.offset - (firstPage - 1) * page.servedPageSize);
		}
		for (let index = start; index < page.records.length; index++) {
			const link = page.records[index];
			const id = String(link.id);
			if (taken.has(id)) return { steps, ended: false };
			taken.add(id);
			const offset = (page.number - 1) * page.servedPageSize + index + 1;
			steps.push({
				link,
				after: { pass: from.pass, offset, lastId: id, pageSize: page.servedPageSize },
			});
			if (steps.length >= want)
				return { steps, ended: page.last !== undefined && index === page.records.length - 1 };
		}
		if (page.last) return { steps, ended: true };
	}
	return { steps, ended: true };
}

/**
 * The next `count` links of the walk (D19), each once: from `from` to the end of the listing,
 * then, when links are left to check, from its start again (a new pass) up to the first link
 * this poll already has. Each step says where the walk stands after it; a step that ends the
 * listing says so by starting the next pass.
 */
export async function nextOfWalk(
	api: Api<IPollFunctions>,
	from: WalkPosition,
	count: number,
): Promise<WalkStep[]> {
	const taken = new Set<string>();
	const steps: WalkStep[] = [];
	let position = from;
	for (let lap = 0; lap < 2 && steps.length < count; lap++) {
		const stretch = await stretchFrom(api, position, count - steps.length, taken);
		steps.push(...stretch.steps);
		if (!stretch.ended) break;
		const last = stretch.steps[stretch.steps.length - 1];
		position = startOfWalk(position.pass + 1, last?.after.pageSize ?? position.pageSize);
		if (last) last.after = position;
		else if (lap === 0 && from.offset > 0) continue;
		else break;
	}
	return steps;
}
