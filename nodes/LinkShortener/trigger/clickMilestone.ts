import type { IdTable } from '../links/idTable';
import { linkKey } from './clickState';
import { FirstInOrder } from './firstInOrder';

interface LinkTotal {
	id: string;
	clicks: number;
}

/**
 * The event keeps no time a link reached the milestone: the links furthest past it (as a rule
 * the first to reach it) come first, then by id (as text).
 */
const furtherPast = (a: LinkTotal, b: LinkTotal) =>
	a.clicks !== b.clicks ? a.clicks > b.clicks : a.id < b.id;

/**
 * Link Reached a Click Count: the links whose total reached `milestone` and were not announced
 * yet (nor past it at activation), at most `maxLinks` of them (0: all); each is announced once.
 * A link not announced by this poll is not marked reached: a later poll announces it.
 */
export function linksReaching(
	reached: ReadonlySet<string>,
	totals: IdTable,
	milestone: number,
	maxLinks: number,
): { links: LinkTotal[]; reached: Set<string> } {
	const due = new FirstInOrder<LinkTotal>(maxLinks, furtherPast);
	for (let entry = 0; entry < totals.size; entry++) {
		const clicks = totals.get(entry);
		if (clicks < milestone) continue;
		const id = totals.keyAt(entry);
		if (!reached.has(linkKey(id))) due.offer({ id, clicks });
	}
	const links = due.inOrder();
	const next = new Set(reached);
	for (const link of links) next.add(linkKey(link.id));
	return { links, reached: next };
}

/** The links past the milestone at activation: never announced. */
export function reachedAt(totals: IdTable, milestone: number): Set<string> {
	const reached = new Set<string>();
	for (let entry = 0; entry < totals.size; entry++)
		if (totals.get(entry) >= milestone) reached.add(linkKey(totals.keyAt(entry)));
	return reached;
}
