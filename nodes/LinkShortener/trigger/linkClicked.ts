import type { IdTable } from '../links/idTable';
import { ClickBases, linkKey, type ClickState } from './clickState';
import { FirstInOrder } from './firstInOrder';

// A type, not an interface: its values are output records (IDataObject) as they are.
export type ClickedLink = {
	id: string;
	clicks: number;
	newClicks: number;
	/** When the link was last emitted, or the activation (ISO 8601). */
	since: string;
};

/** A link due, as the bounded selection keeps it: `since` in seconds after activation. */
interface DueLink {
	id: string;
	clicks: number;
	newClicks: number;
	since: number;
}

/** Waited longest first: the earliest since, then the most new clicks, then the id (as text). */
const waitedLonger = (a: DueLink, b: DueLink) =>
	a.since !== b.since
		? a.since < b.since
		: a.newClicks !== b.newClicks
			? a.newClicks > b.newClicks
			: a.id < b.id;

/**
 * Link Clicked: the links whose total grew by at least `minNewClicks` since they were last
 * emitted, at most `maxLinks` of them (0: all), those that have waited longest first. A link
 * due but not emitted keeps its base, so a later poll counts all its new clicks. A total that
 * went down (the server recounted, a link was deleted) becomes the new base silently, so
 * `newClicks` is never negative; a link absent from the totals has 0.
 */
export function linksClicked(
	state: ClickState,
	totals: IdTable,
	now: number,
	minNewClicks: number,
	maxLinks: number,
): { clicked: ClickedLink[]; bases: ClickBases } {
	const nowSeconds = Math.max(0, Math.floor((now - state.activatedAt) / 1000));
	const bases = new ClickBases();
	const due = new FirstInOrder<DueLink>(maxLinks, waitedLonger);
	for (let entry = 0; entry < totals.size; entry++) {
		const clicks = totals.get(entry);
		if (clicks <= 0) continue;
		const id = totals.keyAt(entry);
		const key = linkKey(id);
		const at = state.bases.find(key);
		const baseClicks = at < 0 ? 0 : state.bases.clicksAt(at);
		const since = at < 0 ? 0 : state.bases.sinceAt(at);
		if (clicks - baseClicks >= minNewClicks)
			due.offer({ id, clicks, newClicks: clicks - baseClicks, since });
		bases.setBase(key, Math.min(clicks, baseClicks), since);
	}
	const clicked = due.inOrder().map((link) => {
		bases.setBase(linkKey(link.id), link.clicks, nowSeconds);
		const since = new Date(state.activatedAt + link.since * 1000).toISOString();
		return { id: link.id, clicks: link.clicks, newClicks: link.newClicks, since };
	});
	return { clicked, bases };
}

/** The bases at activation: every link's total now. */
export function basesAt(totals: IdTable): ClickBases {
	const bases = new ClickBases();
	for (let entry = 0; entry < totals.size; entry++) {
		const clicks = totals.get(entry);
		if (clicks > 0) bases.setBase(linkKey(totals.keyAt(entry)), clicks, 0);
	}
	return bases;
}
